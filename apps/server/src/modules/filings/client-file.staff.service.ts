/**
 * A client's file as staff see it (account, filing, status history, notes, payments, referrals), and the
 * internal notes on it. Every read and note is audited; an analyst sees only the files assigned to them, and
 * the triage view of an unassigned file waiting in To Be Assigned.
 */
import { isPhoneExtension, MESSAGES, type StaffClient } from '@taxfirm/contract';
import {
  alias,
  and,
  asc,
  clientNotes,
  clients,
  desc,
  eq,
  filings,
  filingStatusHistory,
  payments,
  referrals,
  users,
  type Database,
} from '@taxfirm/db';
import type { StaffActor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { assertCanWork, getWorkableFiling, isTriage, offshoreAllowedSql } from './filings.service.ts';
import {
  balanceDueSql,
  checklistProgressSql,
  lastClientActivitySql,
  unreadMessagesSql,
  unsignedDocumentsSql,
} from './file-signals.ts';
import { consentStatus, staffRecordOf } from '../consents/consents.service.ts';
import { friendPhoneOf } from '../referrals/referrals.service.ts';

const changer = alias(users, 'changer');

/**
 * The client's file for a staff member who may work it. An analyst before an unassigned file in To Be
 * Assigned gets its triage view only (`access: 'triage'`: name, contact, status, tax year; no file number,
 * history, notes, payments or referrals) and may take it; another analyst's file is refused.
 */
export async function getClient(
  db: Database,
  actor: StaffActor,
  clientId: string,
  taxYear: number,
): Promise<Omit<StaffClient, 'http_code' | 'status_smessage'>> {
  // The filing and its signals (the overview's "at a glance"), in one query.
  const [filing] = await db
    .select({
      id: filings.id,
      status: filings.status,
      assignedTo: filings.assignedTo,
      offshoreAllowed: offshoreAllowedSql,
      checklist: checklistProgressSql,
      unsignedDocuments: unsignedDocumentsSql,
      balanceDueCents: balanceDueSql,
      unreadMessages: unreadMessagesSql,
      lastClientActivity: lastClientActivitySql,
    })
    .from(filings)
    .where(and(eq(filings.clientId, clientId), eq(filings.taxYear, taxYear)))
    .limit(1);
  if (!filing) throw new AppError('NOT_FOUND', { message: MESSAGES.CLIENT_NOT_FOUND });
  const triage = isTriage(actor, filing);
  if (!triage) assertCanWork(actor, filing);
  const [client] = await db
    .select({ client: clients, email: users.email, verifiedAt: users.verifiedAt })
    .from(clients)
    .innerJoin(users, eq(users.id, clients.userId))
    .where(eq(clients.id, clientId));
  if (!client) throw new AppError('NOT_FOUND', { message: MESSAGES.CLIENT_NOT_FOUND });
  const phoneExt = client.client.phoneExt;
  const contact = {
    client_id: client.client.id,
    first_name: client.client.firstName,
    last_name: client.client.lastName,
    email: client.email,
    phone: client.client.phone,
    phone_ext: isPhoneExtension(phoneExt) ? phoneExt : null,
  };
  const consent = await consentStatus(db, clientId);
  const consents = {
    offshore_state: consent.offshoreState,
    offshore: consent.offshore ? staffRecordOf(consent.offshore) : null,
    terms: consent.terms ? staffRecordOf(consent.terms) : null,
  };
  if (triage) {
    await audit(db, { actor, action: 'staff.client.triage', clientId, subject: String(taxYear) });
    return {
      access: 'triage',
      client: { ...contact, file_number: null, verified: client.verifiedAt !== null },
      filing: { tax_year: taxYear, status: filing.status, assigned_to: null },
      history: [],
      notes: [],
      payments: [],
      consents,
      signals: null,
      referrals: [],
    };
  }
  const [assignee] = filing.assignedTo
    ? await db.select().from(users).where(eq(users.id, filing.assignedTo))
    : [];
  const history = await db
    .select({
      from: filingStatusHistory.fromStatus,
      to: filingStatusHistory.toStatus,
      comment: filingStatusHistory.comment,
      at: filingStatusHistory.createdAt,
      byFirst: changer.firstName,
      byLast: changer.lastName,
    })
    .from(filingStatusHistory)
    .leftJoin(changer, eq(changer.id, filingStatusHistory.changedBy))
    .where(eq(filingStatusHistory.filingId, filing.id))
    .orderBy(asc(filingStatusHistory.createdAt), asc(filingStatusHistory.id));
  const [notes, filingPayments, referred] = await Promise.all([
    db
      .select({
        id: clientNotes.id,
        body: clientNotes.body,
        at: clientNotes.createdAt,
        byFirst: changer.firstName,
        byLast: changer.lastName,
      })
      .from(clientNotes)
      .leftJoin(changer, eq(changer.id, clientNotes.authorId))
      .where(eq(clientNotes.clientId, clientId))
      .orderBy(desc(clientNotes.createdAt), desc(clientNotes.id)),
    // Payments are an admin concern (DESIGN.md): analysts see none.
    actor.role === 'admin'
      ? db
          .select()
          .from(payments)
          .where(and(eq(payments.clientId, clientId), eq(payments.filingId, filing.id)))
          .orderBy(desc(payments.createdAt))
      : Promise.resolve([]),
    db.select().from(referrals).where(eq(referrals.clientId, clientId)).orderBy(desc(referrals.createdAt)),
  ]);
  await audit(db, { actor, action: 'staff.client.view', clientId, subject: String(taxYear) });
  return {
    access: 'full',
    client: {
      ...contact,
      file_number: client.client.fileNumber,
      verified: client.verifiedAt !== null,
    },
    filing: {
      tax_year: taxYear,
      status: filing.status,
      assigned_to: assignee
        ? { user_id: assignee.id, name: `${assignee.firstName} ${assignee.lastName}` }
        : null,
    },
    history: history.map((h) => ({
      from_status: h.from,
      to_status: h.to,
      comment: h.comment,
      by: h.byFirst ? `${h.byFirst} ${h.byLast ?? ''}`.trim() : null,
      at: h.at.toISOString(),
    })),
    notes: notes.map((n) => ({
      id: n.id,
      body: n.body,
      by: n.byFirst ? `${n.byFirst} ${n.byLast ?? ''}`.trim() : null,
      at: n.at.toISOString(),
    })),
    consents,
    signals: {
      checklist: { accepted: filing.checklist.accepted, required: filing.checklist.required },
      unsigned_documents: filing.unsignedDocuments,
      balance_due_cents: filing.balanceDueCents,
      unread_messages: filing.unreadMessages,
      last_client_activity: filing.lastClientActivity?.toISOString() ?? null,
    },
    payments: filingPayments.map((p) => ({
      order_id: p.orderId,
      amount_cents: p.amountCents,
      currency: p.currency,
      status: p.status,
      payment_id: p.providerPaymentId,
      paid_at: p.paidAt?.toISOString() ?? null,
      failure_reason: p.failureReason,
      created_at: p.createdAt.toISOString(),
    })),
    referrals: referred.map((r) => ({
      name: r.friendName,
      email: r.friendEmail,
      phone: friendPhoneOf(r),
      tax_year: r.taxYear,
      created_at: r.createdAt.toISOString(),
    })),
  };
}

/** An internal note on the file, for staff only. */
export async function addNote(
  db: Database,
  actor: StaffActor,
  input: { clientId: string; taxYear: number; body: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    // Checked on the locked filing, so a reassignment at the same moment cannot slip between.
    await getWorkableFiling(tx, actor, input, 'update');
    const [note] = await tx
      .insert(clientNotes)
      .values({ clientId: input.clientId, authorId: actor.userId, body: input.body })
      .returning({ id: clientNotes.id });
    await audit(tx, { actor, action: 'staff.client.note', clientId: input.clientId, subject: note?.id });
  });
}

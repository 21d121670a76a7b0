/**
 * What staff do to one client's file: read it, move its status (with a comment kept in the history and an
 * e-mail to the client), give it a file number, assign it to an analyst. Every call checks that this staff
 * member may work the file, and every one is written to the audit log.
 */
import {
  formatPhone,
  isPhoneExtension,
  MESSAGES,
  type FileStatus,
  type StaffClient,
} from '@taxfirm/contract';
import {
  alias,
  and,
  asc,
  auditLog,
  authTokens,
  clientNotes,
  clients,
  desc,
  eq,
  filings,
  filingStatusHistory,
  inArray,
  isNull,
  ne,
  payments,
  referrals,
  sql,
  users,
  type Database,
} from '@taxfirm/db';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { templates } from '../mail/templates.ts';
import { createResetLink } from '../accounts/accounts.service.ts';
import { revokeUserSessions } from '../accounts/sessions.service.ts';
import { notifyClient } from '../notifications/notifications.service.ts';
import { statusEmailFor } from '../notifications/status-emails.service.ts';
import type { StaffActor } from './clients.service.ts';

type Writer = Pick<Database, 'insert'>;

export function audit(
  db: Writer,
  actor: StaffActor,
  action: string,
  clientId: string | null,
  subject?: string,
) {
  return db.insert(auditLog).values({
    actorUserId: actor.userId,
    action,
    clientId,
    subject: subject ?? null,
    ip: actor.ip,
    userAgent: actor.userAgent ?? null,
  });
}

type FilingRow = { id: string; status: FileStatus; assignedTo: string | null };

/** Admins work every file; an analyst their own and those waiting in To Be Assigned. */
export function assertCanWork(actor: StaffActor, filing: FilingRow): void {
  if (actor.role === 'admin') return;
  if (filing.assignedTo === actor.userId || filing.status === 'To Be Assigned') return;
  throw new AppError('FORBIDDEN', { message: MESSAGES.CLIENT_OTHER_ANALYST });
}

export async function filingOf(
  db: Pick<Database, 'select'>,
  clientId: string,
  taxYear: number,
  lock = false,
) {
  const query = db
    .select({ id: filings.id, status: filings.status, assignedTo: filings.assignedTo })
    .from(filings)
    .where(and(eq(filings.clientId, clientId), eq(filings.taxYear, taxYear)));
  const [filing] = lock ? await query.for('update') : await query;
  if (!filing) throw new AppError('NOT_FOUND', { message: MESSAGES.CLIENT_NOT_FOUND });
  return filing;
}

const changer = alias(users, 'changer');

export async function getClient(
  db: Database,
  actor: StaffActor,
  clientId: string,
  taxYear: number,
): Promise<Omit<StaffClient, 'http_code' | 'status_smessage'>> {
  const filing = await filingOf(db, clientId, taxYear);
  assertCanWork(actor, filing);
  const [client] = await db
    .select({ client: clients, email: users.email, verifiedAt: users.verifiedAt })
    .from(clients)
    .innerJoin(users, eq(users.id, clients.userId))
    .where(eq(clients.id, clientId));
  if (!client) throw new AppError('NOT_FOUND', { message: MESSAGES.CLIENT_NOT_FOUND });
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
  await audit(db, actor, 'staff.client.view', clientId, String(taxYear));
  const phoneExt = client.client.phoneExt;
  return {
    client: {
      client_id: client.client.id,
      first_name: client.client.firstName,
      last_name: client.client.lastName,
      email: client.email,
      phone: client.client.phone,
      phone_ext: phoneExt === 'US' || phoneExt === 'INDIA' ? phoneExt : null,
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
      phone: isPhoneExtension(r.friendPhoneExt)
        ? formatPhone(r.friendPhone, r.friendPhoneExt)
        : r.friendPhone,
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
    assertCanWork(actor, await filingOf(tx, input.clientId, input.taxYear, true));
    const [note] = await tx
      .insert(clientNotes)
      .values({ clientId: input.clientId, authorId: actor.userId, body: input.body })
      .returning({ id: clientNotes.id });
    await audit(tx, actor, 'staff.client.note', input.clientId, note?.id);
  });
}

/**
 * Change the client's sign-in e-mail and phone (admins only: a sign-in address decides who holds the
 * account). Another account's e-mail (any case) is refused. A changed e-mail ends the client's sessions
 * and unused links, and is told to the old address, so that a client whose account was taken over hears
 * of it.
 */
export async function changeContact(
  deps: { db: Database; firmName: string; siteEmail: string },
  actor: StaffActor,
  input: { clientId: string; taxYear: number; email: string; phone: string; phoneExt: string },
): Promise<void> {
  try {
    await deps.db.transaction(async (tx) => {
      assertCanWork(actor, await filingOf(tx, input.clientId, input.taxYear, true));
      const [current] = await tx
        .select({ userId: users.id, email: users.email, firstName: users.firstName })
        .from(clients)
        .innerJoin(users, eq(users.id, clients.userId))
        .where(eq(clients.id, input.clientId))
        .for('update');
      if (!current) throw new AppError('NOT_FOUND', { message: MESSAGES.CLIENT_NOT_FOUND });
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = lower(${input.email})`, ne(users.id, current.userId)));
      if (taken) throw emailTaken();
      const emailChanged = current.email.toLowerCase() !== input.email.toLowerCase();
      await tx
        .update(users)
        .set({ email: input.email, updatedAt: new Date() })
        .where(eq(users.id, current.userId));
      await tx
        .update(clients)
        .set({ phone: input.phone, phoneExt: input.phoneExt, updatedAt: new Date() })
        .where(eq(clients.id, input.clientId));
      if (emailChanged) {
        // Whoever held the old address loses the account now: its sessions end and its links die.
        await revokeUserSessions(tx, current.userId);
        await tx
          .update(authTokens)
          .set({ usedAt: new Date() })
          .where(and(eq(authTokens.userId, current.userId), isNull(authTokens.usedAt)));
        await enqueueEmail(
          tx,
          current.email,
          templates.emailChangedByStaff(deps.firmName, current.firstName, input.email, deps.siteEmail),
        );
      }
      await audit(tx, actor, 'staff.client.contact', input.clientId, emailChanged ? 'email, phone' : 'phone');
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

const emailTaken = () =>
  new AppError('CONFLICT', {
    message: MESSAGES.CLIENT_EMAIL_TAKEN,
    details: { email: MESSAGES.CLIENT_EMAIL_TAKEN },
  });

/** Move the filing to any status, with the comment in its history and an e-mail to the client. */
export async function changeStatus(
  deps: { db: Database; appUrl: string; firmName: string },
  actor: StaffActor,
  input: { clientId: string; taxYear: number; status: FileStatus; comment: string },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const filing = await filingOf(tx, input.clientId, input.taxYear, true);
    assertCanWork(actor, filing);
    if (filing.status === input.status) {
      throw new AppError('UNPROCESSABLE', { message: MESSAGES.STATUS_UNCHANGED });
    }
    await tx.update(filings).set({ status: input.status }).where(eq(filings.id, filing.id));
    await tx.insert(filingStatusHistory).values({
      filingId: filing.id,
      fromStatus: filing.status,
      toStatus: input.status,
      comment: input.comment,
      changedBy: actor.userId,
    });
    const [owner] = await tx
      .select({ email: users.email, firstName: users.firstName })
      .from(clients)
      .innerJoin(users, eq(users.id, clients.userId))
      .where(eq(clients.id, input.clientId));
    const message = await statusEmailFor(tx, input.status, {
      first_name: owner?.firstName ?? '',
      tax_year: String(input.taxYear),
      status: input.status,
      firm_name: deps.firmName,
    });
    if (owner) {
      await enqueueEmail(
        tx,
        owner.email,
        templates.statusChanged(
          deps.firmName,
          owner.firstName,
          message.subject,
          message.body,
          `${deps.appUrl}/user/dashboard`,
        ),
      );
    }
    await notifyClient(tx, input.clientId, 'status', message.subject, message.body);
    await audit(tx, actor, 'staff.client.status', input.clientId, `${filing.status} -> ${input.status}`);
  });
}

/** Assign or change the client's file number; another client's number is refused. */
export async function setFileNumber(
  db: Database,
  actor: StaffActor,
  input: { clientId: string; taxYear: number; fileNumber: string },
): Promise<void> {
  assertCanWork(actor, await filingOf(db, input.clientId, input.taxYear));
  const [taken] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.fileNumber, input.fileNumber), ne(clients.id, input.clientId)));
  if (taken) throw new AppError('CONFLICT', { message: MESSAGES.FILE_NUMBER_TAKEN });
  try {
    await db.transaction(async (tx) => {
      await tx.update(clients).set({ fileNumber: input.fileNumber }).where(eq(clients.id, input.clientId));
      await audit(tx, actor, 'staff.client.filenumber', input.clientId, input.fileNumber);
    });
  } catch (error) {
    // Two staff giving the same number at once: the unique index decides.
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', { message: MESSAGES.FILE_NUMBER_TAKEN });
    throw error;
  }
}

/** Admins give a filing to any staff member (or to none); an analyst takes one from To Be Assigned. */
export async function assignAnalyst(
  db: Database,
  actor: StaffActor,
  input: { clientId: string; taxYear: number; analystId: string | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    const filing = await filingOf(tx, input.clientId, input.taxYear, true);
    assertCanWork(actor, filing);
    if (actor.role !== 'admin' && input.analystId !== actor.userId) {
      throw new AppError('FORBIDDEN', { message: MESSAGES.FORBIDDEN });
    }
    if (input.analystId) {
      const [analyst] = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.id, input.analystId),
            inArray(users.role, ['analyst', 'admin']),
            isNull(users.deactivatedAt),
          ),
        );
      if (!analyst) {
        throw new AppError('VALIDATION_FAILED', {
          message: MESSAGES.ANALYST_INVALID,
          details: { analyst_id: MESSAGES.ANALYST_INVALID },
        });
      }
    }
    await tx.update(filings).set({ assignedTo: input.analystId }).where(eq(filings.id, filing.id));
    await audit(tx, actor, 'staff.client.assign', input.clientId, input.analystId ?? 'none');
  });
}

/** E-mail the client a one-time link to set a new password (the link is never shown to staff). */
export async function sendResetLink(
  deps: { db: Database; appUrl: string; firmName: string },
  actor: StaffActor,
  input: { clientId: string; taxYear: number },
): Promise<void> {
  assertCanWork(actor, await filingOf(deps.db, input.clientId, input.taxYear));
  await deps.db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ id: users.id, email: users.email, firstName: users.firstName })
      .from(clients)
      .innerJoin(users, eq(users.id, clients.userId))
      .where(eq(clients.id, input.clientId));
    if (!owner) throw new AppError('NOT_FOUND', { message: MESSAGES.CLIENT_NOT_FOUND });
    const url = await createResetLink(tx, deps.appUrl, owner.id);
    await enqueueEmail(tx, owner.email, templates.staffResetLink(deps.firmName, owner.firstName, url));
    await audit(tx, actor, 'staff.client.resetlink', input.clientId);
  });
}

/** Mark the client's e-mail address verified (once; a verified account stays as it is). */
export async function markVerified(
  db: Database,
  actor: StaffActor,
  input: { clientId: string; taxYear: number },
): Promise<void> {
  assertCanWork(actor, await filingOf(db, input.clientId, input.taxYear));
  await db.transaction(async (tx) => {
    const [client] = await tx
      .select({ userId: clients.userId })
      .from(clients)
      .where(eq(clients.id, input.clientId));
    if (!client) throw new AppError('NOT_FOUND', { message: MESSAGES.CLIENT_NOT_FOUND });
    await tx
      .update(users)
      .set({ verifiedAt: new Date() })
      .where(and(eq(users.id, client.userId), isNull(users.verifiedAt)));
    await audit(tx, actor, 'staff.client.verify', input.clientId);
  });
}

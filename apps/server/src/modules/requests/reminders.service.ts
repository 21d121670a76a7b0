/**
 * Checklist reminders that stop by themselves (issue 17, part 6). Each open item has a schedule counted from
 * when it was (last) asked for: the first reminder `firstDays` after, then one every `everyDays`, at most
 * `max` (the firm's settings). A pass finds the filings with a due item and sends each ONE e-mail listing
 * the titles of every item still open (never a document's content or an identity number) with one link to
 * the checklist, through the durable outbox, in the same transaction that counts the reminder on the items,
 * writes their 'reminded' events and logs the reminder. Nothing is due once nothing is open, nor for an item
 * the client will send "later" while that day is still ahead.
 *
 * Documents waiting for the taxpayer's signature (issue 19) follow the same schedule, counted from when each
 * was put up (`signature_documents.requested_at`): a due one triggers the reminder at any filing status (a
 * Form 8879 is signed long after documents are collected), and every pending one is listed in the same
 * e-mail as "Sign: <title>", counted and logged in the same request_reminders row. A locked one (too many
 * wrong codes) is left out until staff reopen it.
 *
 * Overdue invoices (issue 20: sent or partly paid, a balance left, due before today in the firm's time zone)
 * follow the same schedule counted from their due date (`invoices.reminders_sent`, `last_reminded_at`): a due
 * one triggers the reminder at any filing status but Cancel Filing, and every overdue one is listed in the
 * same e-mail as "Pay: Invoice INV-2026-0001 ($150.00 due)", counted and logged in the same row.
 *
 * Several instances may run passes at once: each filing is claimed with FOR NO KEY UPDATE SKIP LOCKED (a
 * claim another instance holds is skipped) and its due items are read again under the claim, so a filing
 * gets exactly one e-mail per due reminder. Staff "Remind now" (`remindNow`) takes the same row lock.
 */
import { MESSAGES } from '@taxfirm/contract';
import {
  and,
  eq,
  filings,
  gt,
  invoices,
  clients,
  organizerAnswers,
  requestItemEvents,
  requestItems,
  requestReminders,
  signatureDocuments,
  sql,
  users,
  type Database,
} from '@taxfirm/db';
import type { FastifyBaseLogger } from 'fastify';
import { SYSTEM, type StaffActor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { mailingScheduler, type Scheduler } from '../../lib/scheduler.ts';
import { getWorkableFiling } from '../filings/filings.service.ts';
import { checklistReminder, type FirmVoice } from '../notifications/client-events.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import { getReminderSchedule } from '../settings/settings.service.ts';
import {
  countReminder,
  dueFilings,
  isCollecting,
  isInvoiceDue,
  isItemDue,
  isSignDue,
  isSignRemindable,
  itemFilings,
  isOrganizerDue,
  openItems,
  openOrganizer,
  organizerFilings,
  organizerTitle,
  overdueInvoices,
  PASS_LIMIT,
  payTitle,
  pendingSignatures,
  signTitle,
  type OverdueInvoice,
  type Tx,
} from './reminder-sources.ts';

/** Where the reminder's one link points: the client's checklist. */
export const CHECKLIST_PATH = '/user/checklist';
/** A staff member may press "Remind now" on a file once in this long (a client is never spammed). */
export const REMIND_NOW_EVERY_MS = 10 * 60_000;
const HOUR_MS = 60 * 60_000;
export const DEFAULT_REMINDER_INTERVAL_MS = HOUR_MS;
/** The first pass waits this long after start, off the start-up path. */
export const DEFAULT_REMINDER_FIRST_RUN_MS = 2 * 60_000;

/**
 * Send the reminder for one (locked) filing: the e-mail listing `listed`, each of `reminded` counted (one
 * more reminder, now) with its 'reminded' event, the reminder logged, and an audit row. One transaction.
 */
async function sendReminder(
  tx: Tx,
  voice: FirmVoice,
  input: {
    filing: { id: string; clientId: string; taxYear: number };
    listed: { id: string; title: string }[];
    reminded: { id: string; status: (typeof requestItems.$inferSelect)['status'] }[];
    /** Documents to sign: listed (every pending one) and counted (the due ones, or all on "Remind now"). */
    signatures: { listed: { id: string; title: string }[]; reminded: string[] };
    /** Overdue invoices: listed (every one) and counted (the due ones, or all on "Remind now"). */
    invoices: { listed: OverdueInvoice[]; reminded: string[] };
    /** The organizer staff asked for: listed while open, counted when due (or on "Remind now"). */
    organizer: { listed: boolean; reminded: string[] };
    now: Date;
    by: StaffActor | null;
  },
): Promise<void> {
  const { filing, listed, reminded, signatures, now, by } = input;
  const titles = [
    ...listed.map((item) => item.title),
    ...signatures.listed.map((doc) => signTitle(doc.title)),
    ...input.invoices.listed.map(payTitle),
    ...(input.organizer.listed ? [organizerTitle(filing.taxYear)] : []),
  ];
  const told = await checklistReminder(tx, voice, {
    clientId: filing.clientId,
    taxYear: filing.taxYear,
    titles,
    path: CHECKLIST_PATH,
  });
  if (!told) return;
  await countReminder(
    tx,
    requestItems,
    reminded.map((item) => item.id),
    now,
  );
  if (reminded.length > 0) {
    await tx.insert(requestItemEvents).values(
      reminded.map((item) => ({
        itemId: item.id,
        clientId: filing.clientId,
        action: 'reminded',
        fromStatus: item.status,
        toStatus: item.status,
        actorKind: by ? 'staff' : 'system',
        actorId: by?.userId ?? null,
        createdAt: now,
      })),
    );
  }
  await countReminder(tx, signatureDocuments, signatures.reminded, now);
  await countReminder(tx, invoices, input.invoices.reminded, now);
  await countReminder(tx, organizerAnswers, input.organizer.reminded, now);
  await tx.insert(requestReminders).values({
    filingId: filing.id,
    clientId: filing.clientId,
    sentBy: by?.userId ?? null,
    manual: by !== null,
    itemTitles: titles,
    createdAt: now,
  });
  await audit(tx, {
    actor: by ?? SYSTEM,
    action: by ? 'staff.requests.remind' : 'requests.reminded',
    clientId: filing.clientId,
    subject: `${filing.taxYear}: ${titles.length} open item(s)`,
  });
}

export type ReminderPassResult = {
  /** The filings that were sent a reminder in this pass. */
  filingIds: string[];
};

/**
 * One pass at `now`: every filing with a due item (and a client who still hears from us) gets one e-mail.
 * A filing another pass holds is skipped; one that fails is logged and the others go on.
 */
export async function runReminderPass(
  db: Database,
  {
    now,
    settings,
    appUrl,
    log,
  }: {
    now: Date;
    settings: Pick<SettingsCache, 'firm'>;
    appUrl: string;
    log?: FastifyBaseLogger;
  },
): Promise<ReminderPassResult> {
  const schedule = await getReminderSchedule({ db });
  const result: ReminderPassResult = { filingIds: [] };
  if (schedule.max <= 0) return result;
  const voice = { firm: await settings.firm(), appUrl };

  const due = [
    await itemFilings(db, now, schedule),
    await dueFilings(db, signatureDocuments, isSignDue(now, schedule), isSignRemindable),
    await dueFilings(db, invoices, isInvoiceDue(now, schedule), isSignRemindable),
    await organizerFilings(db, now, schedule),
  ].flat();
  const candidates = [...new Set(due.map((row) => row.filingId))].slice(0, PASS_LIMIT);

  for (const filingId of candidates) {
    try {
      const sent = await db.transaction(async (tx) => {
        // The claim: another instance holding this filing has it; skip it rather than wait.
        const [filing] = await tx
          .select({
            id: filings.id,
            clientId: filings.clientId,
            taxYear: filings.taxYear,
            collecting: sql<boolean>`${isCollecting}`,
          })
          .from(filings)
          .innerJoin(clients, eq(clients.id, filings.clientId))
          .innerJoin(users, eq(users.id, clients.userId))
          .where(and(eq(filings.id, filingId), isSignRemindable))
          .for('no key update', { of: filings, skipLocked: true });
        if (!filing) return false;
        // Read again under the claim: a pass that just finished has counted its reminder on them. Items
        // count only while the filing collects documents; documents to sign at any status.
        const due = filing.collecting
          ? await tx
              .select({ id: requestItems.id, status: requestItems.status })
              .from(requestItems)
              .where(and(eq(requestItems.filingId, filing.id), isItemDue(now, schedule)))
          : [];
        const dueSignatures = await tx
          .select({ id: signatureDocuments.id })
          .from(signatureDocuments)
          .where(and(eq(signatureDocuments.filingId, filing.id), isSignDue(now, schedule)));
        const dueInvoices = await tx
          .select({ id: invoices.id })
          .from(invoices)
          .where(and(eq(invoices.filingId, filing.id), isInvoiceDue(now, schedule)));
        const dueOrganizer = filing.collecting
          ? await tx
              .select({ id: organizerAnswers.id })
              .from(organizerAnswers)
              .where(and(eq(organizerAnswers.filingId, filing.id), isOrganizerDue(now, schedule)))
          : [];
        if (
          due.length === 0 &&
          dueSignatures.length === 0 &&
          dueInvoices.length === 0 &&
          dueOrganizer.length === 0
        ) {
          return false;
        }
        const listed = filing.collecting ? await openItems(tx, filing.id, now) : [];
        const organizerOpen = filing.collecting && (await openOrganizer(tx, filing.id)).length > 0;
        await sendReminder(tx, voice, {
          filing,
          listed,
          reminded: due,
          signatures: {
            listed: await pendingSignatures(tx, filing.id),
            reminded: dueSignatures.map((doc) => doc.id),
          },
          invoices: {
            listed: await overdueInvoices(tx, filing.id, now),
            reminded: dueInvoices.map((invoice) => invoice.id),
          },
          organizer: { listed: organizerOpen, reminded: dueOrganizer.map((row) => row.id) },
          now,
          by: null,
        });
        return true;
      });
      if (sent) result.filingIds.push(filingId);
    } catch (error) {
      log?.error({ err: error, filingId }, 'checklist reminder failed');
    }
  }
  if (result.filingIds.length > 0) log?.info({ count: result.filingIds.length }, 'checklist reminders sent');
  return result;
}

/**
 * Staff "Remind now" on a client's file (the file-assignment rules of every staff file call): the reminder
 * of every open item (documents to sign and overdue invoices included), sent now and logged like a scheduled one (manual, by whom). 409 when nothing is open;
 * 429 when this staff member reminded this file less than ten minutes ago.
 */
export async function remindNow(
  db: Database,
  actor: StaffActor,
  input: { clientId: string; taxYear: number; voice: FirmVoice; now?: Date },
): Promise<{ titles: string[] }> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const filing = await getWorkableFiling(tx, actor, input, 'update');
    const [recent] = await tx
      .select({ id: requestReminders.id })
      .from(requestReminders)
      .where(
        and(
          eq(requestReminders.filingId, filing.id),
          eq(requestReminders.sentBy, actor.userId),
          eq(requestReminders.manual, true),
          gt(requestReminders.createdAt, new Date(now.getTime() - REMIND_NOW_EVERY_MS)),
        ),
      )
      .limit(1);
    if (recent) throw new AppError('TOO_MANY_REQUESTS');
    const listed = await openItems(tx, filing.id, now);
    const toSign = await pendingSignatures(tx, filing.id);
    const toPay = await overdueInvoices(tx, filing.id, now);
    const organizer = await openOrganizer(tx, filing.id);
    if (listed.length === 0 && toSign.length === 0 && toPay.length === 0 && organizer.length === 0) {
      throw new AppError('CONFLICT', { message: MESSAGES.REQUEST_NOTHING_OPEN });
    }
    await sendReminder(tx, input.voice, {
      filing,
      listed,
      reminded: listed,
      signatures: { listed: toSign, reminded: toSign.map((doc) => doc.id) },
      invoices: { listed: toPay, reminded: toPay.map((invoice) => invoice.id) },
      organizer: { listed: organizer.length > 0, reminded: organizer.map((row) => row.id) },
      now,
      by: actor,
    });
    return {
      titles: [
        ...listed.map((item) => item.title),
        ...toSign.map((doc) => signTitle(doc.title)),
        ...toPay.map(payTitle),
        ...(organizer.length > 0 ? [organizerTitle(filing.taxYear)] : []),
      ],
    };
  });
}

export type ReminderScheduler = Scheduler<ReminderPassResult>;

/** A pass shortly after start, then every interval, until stopped (lib/scheduler.ts). Never throws. */
export const startReminderScheduler = mailingScheduler(
  'checklist reminder',
  { intervalMs: DEFAULT_REMINDER_INTERVAL_MS, firstRunMs: DEFAULT_REMINDER_FIRST_RUN_MS },
  runReminderPass,
);

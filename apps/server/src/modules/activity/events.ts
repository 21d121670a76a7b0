/**
 * Domain events (ADR 024): a service says what a client did, in its own transaction, with `emit(tx, event)`,
 * and the listeners below decide what the firm hears of it: a line in the staff activity feed (and so in the
 * daily digest) and, where a person must act, an e-mail to the file's staff who chose one per event. The
 * service knows nothing of the feed's wording or of who is alerted; a new listener (an automation, a bell for
 * staff) is one entry in `LISTENERS`, not an edit in every service.
 *
 * Listeners run in the caller's transaction: a change that rolls back leaves nothing in the feed or the outbox.
 * They say what happened ("Uploaded 2 files for W-2"), never the content of a message or a file.
 */
import type { ActivityKind } from '@taxfirm/contract';
import { and, clients, eq, filings, inArray, users, type Database } from '@taxfirm/db';
import { enqueueEmail } from '../mail/outbox.ts';
import { templates } from '../mail/templates.ts';
import type { FirmVoice } from '../notifications/client-events.ts';
import { recordActivity } from './activity.service.ts';
import { accessInForceSql } from '../accounts/access.ts';

type Tx = Pick<Database, 'select' | 'insert'>;

/** The client and the year of their file that an event belongs to. */
type OnFile = { clientId: string; taxYear: number };

export type ClientEvent = OnFile &
  (
    | { type: 'message.sent'; attachments: number; from: string; voice: FirmVoice }
    | { type: 'documents.uploaded'; files: number; forItem: string }
    | { type: 'documents.uploaded'; files: number; tab: string }
    | { type: 'request.not_applicable'; item: string }
    | { type: 'request.will_send'; item: string; date: string }
    | { type: 'signature.signed'; title: string; spouse: boolean; complete: boolean }
    | { type: 'payment.recorded'; summary: string; needsStaff: boolean; voice: FirmVoice }
    | { type: 'payment.refunded'; amount: string; invoiceNumber: string }
    | { type: 'organizer.sent'; items: number }
  );

type Listener = (tx: Tx, event: ClientEvent) => Promise<void>;

/** "1 file", "3 files": how a line counts what was uploaded. */
export const filesCount = (n: number) => `${n} file${n === 1 ? '' : 's'}`;

/** YYYY-MM-DD as the spec shows a day, MM-DD-YYYY. */
const specDay = (date: string) => `${date.slice(5)}-${date.slice(0, 4)}`;

/** The activity feed's line for an event. */
function feedLine(event: ClientEvent): { kind: ActivityKind; summary: string } {
  switch (event.type) {
    case 'message.sent':
      return {
        kind: 'message',
        summary:
          event.attachments === 0
            ? 'Sent a message'
            : `Sent a message with ${event.attachments} attachment${event.attachments === 1 ? '' : 's'}`,
      };
    case 'documents.uploaded':
      return {
        kind: 'upload',
        summary:
          'forItem' in event
            ? `Uploaded ${filesCount(event.files)} for ${event.forItem}`
            : `Uploaded ${filesCount(event.files)} (${event.tab})`,
      };
    case 'request.not_applicable':
      return { kind: 'answer', summary: `Said ${event.item} does not apply` };
    case 'request.will_send':
      return { kind: 'answer', summary: `Will send ${event.item} by ${specDay(event.date)}` };
    case 'signature.signed':
      return {
        kind: 'signature',
        summary: `${event.spouse ? 'Spouse signed' : 'Signed'} ${event.title}${event.complete ? ' (all signatures in)' : ''}`,
      };
    case 'payment.recorded':
      return { kind: 'payment', summary: event.summary };
    case 'payment.refunded':
      return { kind: 'payment', summary: `Refunded ${event.amount} on ${event.invoiceNumber}` };
    case 'organizer.sent':
      return {
        kind: 'answer',
        summary: `Sent the organizer (${event.items} document${event.items === 1 ? '' : 's'} added to the checklist)`,
      };
  }
}

/**
 * The staff to e-mail about a client's event: the analyst of the client's filing for that tax year, else
 * (no analyst) every admin; only those who chose an e-mail per event and are not deactivated.
 */
async function staffToAlert(tx: Pick<Database, 'select'>, clientId: string, taxYear: number) {
  const [filing] = await tx
    .select({ assignedTo: filings.assignedTo })
    .from(filings)
    .where(and(eq(filings.clientId, clientId), eq(filings.taxYear, taxYear)));
  const who = filing?.assignedTo ? eq(users.id, filing.assignedTo) : eq(users.role, 'admin');
  return tx
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(
      and(who, inArray(users.role, ['analyst', 'admin']), eq(users.staffAlerts, 'each'), accessInForceSql()),
    );
}

/** Where the staff console shows a client's file, on one of its tabs (each has its own URL). */
const staffFileUrl = (appUrl: string, clientId: string, tab: 'messages' | 'billing') =>
  `${appUrl}/staff/clients/${encodeURIComponent(clientId)}/${tab}`;

const activityFeed: Listener = async (tx, event) => {
  await recordActivity(tx, { clientId: event.clientId, taxYear: event.taxYear, ...feedLine(event) });
};

/** A client's message, and a payment that leaves the file where it is, need a person: e-mail the file's staff. */
const staffEmails: Listener = async (tx, event) => {
  if (event.type === 'message.sent') {
    const url = staffFileUrl(event.voice.appUrl, event.clientId, 'messages');
    for (const staff of await staffToAlert(tx, event.clientId, event.taxYear)) {
      await enqueueEmail(
        tx,
        staff.email,
        templates.clientMessageForStaff(event.voice.firm, staff.firstName, event.from, url),
      );
    }
  } else if (event.type === 'payment.recorded' && event.needsStaff) {
    const [client] = await tx
      .select({ firstName: clients.firstName, lastName: clients.lastName })
      .from(clients)
      .where(eq(clients.id, event.clientId));
    const name = client ? `${client.firstName} ${client.lastName}` : 'A client';
    const url = staffFileUrl(event.voice.appUrl, event.clientId, 'billing');
    for (const staff of await staffToAlert(tx, event.clientId, event.taxYear)) {
      await enqueueEmail(
        tx,
        staff.email,
        templates.paymentForStaff(event.voice.firm, staff.firstName, name, event.summary, url),
      );
    }
  }
};

/** Every listener, in order. */
const LISTENERS: readonly Listener[] = [activityFeed, staffEmails];

/** Tell the firm what a client did, in the caller's transaction. */
export async function emit(tx: Tx, event: ClientEvent): Promise<void> {
  for (const listener of LISTENERS) await listener(tx, event);
}

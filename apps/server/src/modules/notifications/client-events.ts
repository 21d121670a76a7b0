/**
 * What a client hears about their file. One function per event: each writes the e-mail (outbox) and the
 * bell entry in the caller's transaction, so the event, its e-mail and its bell entry commit together, in
 * one voice. The outbox's trigger wakes the mail worker at commit (migration 0014): callers do nothing more.
 * New events (document requests, messages, signatures, invoices) are added here.
 */
import type { FileStatus } from '@taxfirm/contract';
import { clients, eq, users, type Database } from '@taxfirm/db';
import { enqueueEmail } from '../mail/outbox.ts';
import { templates } from '../mail/templates.ts';
import { notifyClient } from './notifications.service.ts';
import { statusEmailFor } from './status-emails.service.ts';

type Tx = Pick<Database, 'select' | 'insert'>;

/** Who speaks to the client, and where the portal is. */
export type FirmVoice = { firmName: string; appUrl: string };

async function ownerOf(tx: Tx, clientId: string) {
  const [owner] = await tx
    .select({ email: users.email, firstName: users.firstName })
    .from(clients)
    .innerJoin(users, eq(users.id, clients.userId))
    .where(eq(clients.id, clientId));
  return owner ?? null;
}

/** The filing moved: the admin's wording for the status (never the staff comment). */
export async function fileStatusChanged(
  tx: Tx,
  voice: FirmVoice,
  event: { clientId: string; taxYear: number; status: FileStatus },
): Promise<void> {
  const owner = await ownerOf(tx, event.clientId);
  const message = await statusEmailFor(tx, event.status, {
    first_name: owner?.firstName ?? '',
    tax_year: String(event.taxYear),
    status: event.status,
    firm_name: voice.firmName,
  });
  if (owner) {
    await enqueueEmail(
      tx,
      owner.email,
      templates.statusChanged(
        voice.firmName,
        owner.firstName,
        message.subject,
        message.body,
        `${voice.appUrl}/user/dashboard`,
      ),
    );
  }
  await notifyClient(tx, event.clientId, 'status', message.subject, message.body);
}

/** A tax summary was published for the client to review. */
export async function summaryPublished(
  tx: Tx,
  voice: FirmVoice,
  event: { clientId: string; title: string },
): Promise<void> {
  const owner = await ownerOf(tx, event.clientId);
  if (owner) {
    await enqueueEmail(
      tx,
      owner.email,
      templates.summaryPublished(
        voice.firmName,
        owner.firstName,
        event.title,
        `${voice.appUrl}/user/tax-summary`,
      ),
    );
  }
  await notifyClient(
    tx,
    event.clientId,
    'summary',
    'Your tax summary is ready for review',
    `"${event.title}" is in Tax Summary. Please review it and tell us if anything needs to change.`,
  );
}

/** A payment was recorded: the receipt by e-mail and a bell entry. Amount and time come formatted. */
export async function paymentReceived(
  tx: Tx,
  voice: Pick<FirmVoice, 'firmName'>,
  event: { clientId: string; amount: string; orderId: string; paymentId: string; paidAt: string },
): Promise<void> {
  const owner = await ownerOf(tx, event.clientId);
  if (owner) {
    await enqueueEmail(
      tx,
      owner.email,
      templates.paymentReceipt(voice.firmName, owner.firstName, {
        amount: event.amount,
        orderId: event.orderId,
        paymentId: event.paymentId,
        paidAt: event.paidAt,
      }),
    );
  }
  await notifyClient(
    tx,
    event.clientId,
    'payment',
    `Payment received: ${event.amount}`,
    `Thank you. We received your payment of ${event.amount} (order ${event.orderId}). Your receipt was e-mailed to you.`,
  );
}

/**
 * What a client hears about their file. One function per event: each writes the e-mail (outbox) and the
 * bell entry in the caller's transaction, so the event, its e-mail and its bell entry commit together, in
 * one voice. The outbox's trigger wakes the mail worker at commit (migration 0014): callers do nothing more.
 * New events (document requests, messages, signatures, invoices) are added here.
 */
import type { FileStatus } from '@taxfirm/contract';
import { clients, eq, users, type Database } from '@taxfirm/db';
import { enqueueEmail, type AttachmentRef } from '../mail/outbox.ts';
import { templates, type Email, type Firm } from '../mail/templates.ts';
import { notifyClient, type NotificationKind } from './notifications.service.ts';
import { statusEmailFor } from './status-emails.service.ts';

type Tx = Pick<Database, 'select' | 'insert'>;

/** Who speaks to the client, and where the portal is. */
export type FirmVoice = { firm: Firm; appUrl: string };

/**
 * Tell a client of an event: the e-mail (written for their first name) if the account still exists, and the
 * bell entry. Both in the caller's transaction.
 */
async function tell(
  tx: Tx,
  clientId: string,
  email: (firstName: string) => Email & { attachment?: AttachmentRef | null },
  bell: { kind: NotificationKind; title: string; body: string },
): Promise<void> {
  const [owner] = await tx
    .select({ email: users.email, firstName: users.firstName })
    .from(clients)
    .innerJoin(users, eq(users.id, clients.userId))
    .where(eq(clients.id, clientId));
  if (owner) await enqueueEmail(tx, owner.email, email(owner.firstName));
  await notifyClient(tx, clientId, bell.kind, bell.title, bell.body);
}

/** An item of the client's checklist was sent back: the bell says which, never the staff's reason. */
export async function checklistItemRejected(
  tx: Tx,
  event: { clientId: string; title: string },
): Promise<void> {
  await notifyClient(
    tx,
    event.clientId,
    'status',
    'A document needs another copy',
    `"${event.title}" needs another copy. Open your checklist to see why and upload it again.`,
  );
}

/**
 * The checklist reminder: one e-mail listing what the firm still waits for (items, documents to sign,
 * invoices to pay), to the client's sign-in address. No bell entry: the dashboard already shows the list.
 */
export async function checklistReminder(
  tx: Tx,
  voice: FirmVoice,
  event: { clientId: string; taxYear: number; titles: string[]; path: string },
): Promise<boolean> {
  const [owner] = await tx
    .select({ email: users.email, firstName: users.firstName })
    .from(clients)
    .innerJoin(users, eq(users.id, clients.userId))
    .where(eq(clients.id, event.clientId));
  if (!owner) return false;
  await enqueueEmail(
    tx,
    owner.email,
    templates.documentsReminder(
      voice.firm,
      owner.firstName,
      event.taxYear,
      event.titles,
      `${voice.appUrl}${event.path}`,
    ),
  );
  return true;
}

/** Staff ask the client to fill in the organizer: the e-mail and the bell. */
export async function organizerRequested(
  tx: Tx,
  voice: FirmVoice,
  event: { clientId: string; taxYear: number },
): Promise<void> {
  await tell(
    tx,
    event.clientId,
    (firstName) =>
      templates.organizerRequested(voice.firm, firstName, event.taxYear, `${voice.appUrl}/user/organizer`),
    {
      kind: 'status',
      title: `Your ${event.taxYear} organizer is ready`,
      body: 'Answer a few questions about your year: they tell us which documents we need.',
    },
  );
}

/** Staff sent the client a document to sign: an e-mail to their sign-in address with the signing page. */
export async function signatureRequested(
  tx: Tx,
  voice: FirmVoice,
  event: { email: string; firstName: string; path: string },
): Promise<void> {
  await enqueueEmail(
    tx,
    event.email,
    templates.signatureReady(voice.firm, event.firstName, `${voice.appUrl}${event.path}`),
  );
}

/** The filing moved: the admin's wording for the status (never the staff comment). */
export async function fileStatusChanged(
  tx: Tx,
  voice: FirmVoice,
  event: { clientId: string; taxYear: number; status: FileStatus },
): Promise<void> {
  const [owner] = await tx
    .select({ firstName: users.firstName })
    .from(clients)
    .innerJoin(users, eq(users.id, clients.userId))
    .where(eq(clients.id, event.clientId));
  const message = await statusEmailFor(tx, event.status, {
    first_name: owner?.firstName ?? '',
    tax_year: String(event.taxYear),
    status: event.status,
    firm_name: voice.firm.name,
  });
  await tell(
    tx,
    event.clientId,
    (firstName) =>
      templates.statusChanged(
        voice.firm,
        firstName,
        message.subject,
        message.body,
        `${voice.appUrl}/user/dashboard`,
      ),
    { kind: 'status', title: message.subject, body: message.body },
  );
}

/** A tax summary was published for the client to review. */
export async function summaryPublished(
  tx: Tx,
  voice: FirmVoice,
  event: { clientId: string; title: string },
): Promise<void> {
  await tell(
    tx,
    event.clientId,
    (firstName) =>
      templates.summaryPublished(voice.firm, firstName, event.title, `${voice.appUrl}/user/tax-summary`),
    {
      kind: 'summary',
      title: 'Your tax summary is ready for review',
      body: `"${event.title}" is in Tax Summary. Please review it and tell us if anything needs to change.`,
    },
  );
}

/**
 * A payment was recorded: the receipt by e-mail and a bell entry. Amount and time come formatted. A payment
 * of an invoice (`receiptOf`: its payments.id) gets the receipt PDF attached when the e-mail is sent.
 */
export async function paymentReceived(
  tx: Tx,
  voice: Pick<FirmVoice, 'firm'>,
  event: {
    clientId: string;
    amount: string;
    orderId: string;
    paymentId: string;
    paidAt: string;
    currency?: string;
    receiptOf?: string | null;
    invoice?: { number: string; balance: string; paidInFull: boolean } | null;
  },
): Promise<void> {
  const { clientId, receiptOf, ...receipt } = event;
  const attachment: AttachmentRef | null = receiptOf ? `receipt:${receiptOf}` : null;
  await tell(
    tx,
    clientId,
    (firstName) => ({ ...templates.paymentReceipt(voice.firm, firstName, receipt), attachment }),
    {
      kind: 'payment',
      title: `Payment received: ${event.amount}`,
      body: `Thank you. We received your payment of ${event.amount} (order ${event.orderId}). Your receipt was e-mailed to you.`,
    },
  );
}

/** Staff refunded (part of) a payment of an invoice: that a refund was made (the invoice shows the amounts). */
export async function refundMade(
  tx: Tx,
  voice: FirmVoice,
  event: { clientId: string; invoiceId: string; invoiceNumber: string },
): Promise<void> {
  await tell(
    tx,
    event.clientId,
    (firstName) =>
      templates.refundMade(
        voice.firm,
        firstName,
        event.invoiceNumber,
        `${voice.appUrl}${clientInvoicePath(event.invoiceId)}`,
      ),
    {
      kind: 'payment',
      title: `A refund was made on invoice ${event.invoiceNumber}`,
      body: 'It goes back to the card or account you paid with. Your invoice shows the new balance.',
    },
  );
}

/**
 * The firm wrote to the client (a reply, never an internal note): that there is a message, never its text or
 * its attachments, by e-mail and in the bell.
 */
export async function messageFromFirm(tx: Tx, voice: FirmVoice, event: { clientId: string }): Promise<void> {
  await tell(
    tx,
    event.clientId,
    (firstName) => templates.newMessageForClient(voice.firm, firstName, `${voice.appUrl}/user/messages`),
    {
      kind: 'message',
      title: `You have a new message from ${voice.firm.name}`,
      body: 'Open Messages in your client portal to read it.',
    },
  );
}

/** The portal's page of one invoice. */
export const clientInvoicePath = (invoiceId: string) => `/user/invoices/${invoiceId}`;

/** An invoice was sent to the client: that there is one, by e-mail and in the bell (never its amounts). */
export async function invoiceSent(
  tx: Tx,
  voice: FirmVoice,
  event: { clientId: string; invoiceId: string },
): Promise<void> {
  await tell(
    tx,
    event.clientId,
    (firstName) =>
      templates.invoiceSent(voice.firm, firstName, `${voice.appUrl}${clientInvoicePath(event.invoiceId)}`),
    {
      kind: 'payment',
      title: 'You have a new invoice',
      body: `${voice.firm.name} has sent you an invoice. Open Invoices in your client portal to see it and pay.`,
    },
  );
}

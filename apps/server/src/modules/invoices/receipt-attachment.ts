/**
 * The mail worker's attachments (mail.worker.ts): an outbox row's `attachment` reference rendered at send
 * time, never stored. 'receipt:<payments.id>' is that payment's receipt PDF.
 */
import type { Database } from '@taxfirm/db';
import type { Firm } from '../mail/templates.ts';
import type { AttachmentResolver } from '../mail/outbox.ts';

/** How a receipt PDF is rendered (billing-pdf.ts's `receiptPdf`). */
export type ReceiptRenderer = (
  db: Database,
  firm: Firm,
  paymentId: string,
) => Promise<{ filename: string; bytes: Uint8Array } | null>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The resolver the app gives the mail worker. */
export function billingAttachments(
  db: Database,
  firm: () => Promise<Firm>,
  render: ReceiptRenderer,
): AttachmentResolver {
  return async (ref) => {
    const match = /^receipt:(.+)$/.exec(ref);
    const paymentId = match?.[1];
    if (!paymentId || !UUID.test(paymentId)) return null;
    const pdf = await render(db, await firm(), paymentId);
    if (!pdf) return null;
    return { filename: pdf.filename, content: Buffer.from(pdf.bytes), contentType: 'application/pdf' };
  };
}

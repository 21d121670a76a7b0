/**
 * The receipt e-mail of an invoice payment carries the receipt PDF (a real SMTP server).
 */
import { emailOutbox, eq, payments } from '@taxfirm/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { startSmtpServer } from '../../../test/smtp.ts';
import { verifyOrder } from '../payments/testing/checkout.ts';
import { clientIn, invoicePaidAtCheckout } from './testing/billing.ts';

describe('receipts by e-mail (a real SMTP server)', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ mail: { smtpUrl: smtp.url, from: 'portal@firm.test', pollMs: 60_000 } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it("attaches the payment's receipt PDF to the receipt e-mail of an invoice payment", async () => {
    const client = await clientIn(t);
    const { invoice, orderId, result } = await invoicePaidAtCheckout(t, client, 35000);
    const verify = await verifyOrder(t, client, orderId, result);
    expect(verify.statusCode, verify.body).toBe(200);
    const [row] = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    const [outbox] = (
      await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, client.email))
    ).filter((m) => m.subject.startsWith('Payment received'));
    expect(outbox?.attachment).toBe(`receipt:${row?.id}`);

    await t.app.mail.wake();
    await expect
      .poll(
        () => smtp.received.some((m) => m.to.includes(client.email) && m.raw.includes('Payment received')),
        {
          timeout: 10_000,
        },
      )
      .toBe(true);
    const raw = smtp.received.find(
      (m) => m.to.includes(client.email) && m.raw.includes('Payment received'),
    )?.raw;
    const filename = `${invoice.number}-receipt-${orderId}.pdf`;
    expect(raw).toMatch(/Content-Type: application\/pdf/i);
    expect(raw).toContain(filename);
    // The attachment's bytes (base64) begin with a PDF's header, "%PDF-".
    const part = raw?.split(filename).at(-1) ?? '';
    const base64 = /\r?\n\r?\n([A-Za-z0-9+/\r\n]+)/.exec(part)?.[1]?.replace(/\s/g, '') ?? '';
    expect(Buffer.from(base64.slice(0, 8), 'base64').toString('latin1')).toMatch(/^%PDF-/);
  });

  it('sends the e-mail without an attachment when its reference names no receipt', async () => {
    const to = `noreceipt-${Date.now()}@example.com`;
    await t.database.db.insert(emailOutbox).values({
      to,
      subject: 'Payment received: your receipt for $1.00',
      text: 'Thank you.',
      html: '<p>Thank you.</p>',
      attachment: 'receipt:00000000-0000-4000-8000-000000000000',
    });
    await t.app.mail.wake();
    await expect.poll(() => smtp.received.some((m) => m.to.includes(to)), { timeout: 10_000 }).toBe(true);
    expect(smtp.received.find((m) => m.to.includes(to))?.raw).not.toMatch(/application\/pdf/i);
    expect(t.logs()).toContain('attachment not found');
  });
});

import { MESSAGES, type ClientInvoice, type StaffInvoice } from '@taxfirm/contract';
import { clients, eq, invoices, siteSettings, sql } from '@taxfirm/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_SECRET } from '../../../test/helpers.ts';
import { assignFiling } from '../../../test/factories.ts';
import {
  admin,
  analyst,
  asha,
  otherAnalyst,
  ravi,
  t,
  taxYear,
  useSeededFirm,
} from '../../../test/seeded-firm-kit.ts';
import { pageText } from '../../../test/pdf-text.ts';
import { createBillingLinkSigner } from '../../lib/crypto/signed-links.ts';
import type { Firm } from '../mail/templates.ts';
import { invoicePdf, receiptPdf } from './billing-pdf.ts';
import { insertPaidPayment } from './testing/billing.ts';

type Session = { sid: string; userId: string; clientId: string };

let invoice: StaffInvoice;
let firstPayment: string;
let secondPayment: string;

const FIRM: Firm = {
  name: 'Meridian Tax & Accounting',
  address: '12 Main Street, Suite 400\nEdison, NJ 08817',
  logoUrl: '',
  email: 'desk@meridian.example',
};

async function create(client: Session, body: Record<string, unknown>): Promise<StaffInvoice> {
  const res = await t.postAs(admin.sid, '/api/staff/invoices/create', {
    client_id: client.clientId,
    taxy: taxYear,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().invoice as StaffInvoice;
}

async function send(invoiceId: string) {
  const res = await t.postAs(admin.sid, '/api/staff/invoices/send', { invoice_id: invoiceId });
  expect(res.statusCode, res.body).toBe(200);
}

/** A paid provider payment on the invoice, as the payment flow records it. */
async function pay(client: Session, invoiceId: string, cents: number, n: number, currency = 'USD') {
  const id = await insertPaidPayment(t.database.db, {
    clientId: client.clientId,
    invoiceId,
    cents,
    ref: `pdf${n}`,
    paidAt: new Date(`2026-04-0${n}T15:00:00Z`),
    currency,
  });
  await t.database.db
    .update(invoices)
    .set({ paidCents: sql`${invoices.paidCents} + ${cents}` })
    .where(eq(invoices.id, invoiceId));
  return id;
}

useSeededFirm({ tag: 'pdf' });
beforeAll(async () => {
  await assignFiling(t, asha, analyst);
  invoice = await create(asha, {
    lines: [
      { description: 'Federal return (Form 1040)', quantity: 1, unit_amount: 25000 },
      { description: 'State return (each state)', quantity: 1, unit_amount: 10000 },
    ],
    discount: { kind: 'percent', value: 10, reason: 'Returning client' },
    due_date: '2099-04-15',
  });
  await send(invoice.id);
  firstPayment = await pay(asha, invoice.id, 20000, 1);
  secondPayment = await pay(asha, invoice.id, 11500, 2);
  await t.database.db
    .update(invoices)
    .set({ status: 'paid', paidAt: new Date('2026-04-02T15:00:00Z') })
    .where(eq(invoices.id, invoice.id));
});

describe('invoicePdf', () => {
  it('writes the firm, the invoice’s facts, lines, discount, payments and balance', async () => {
    const pdf = await invoicePdf(t.database.db, FIRM, invoice.id);
    expect(pdf?.filename).toBe(`${invoice.number}.pdf`);
    const text = await pageText(pdf?.bytes ?? new Uint8Array(), 0);
    for (const expected of [
      'Meridian Tax & Accounting',
      '12 Main Street, Suite 400',
      'Edison, NJ 08817',
      'Invoice',
      `Invoice number: ${invoice.number}`,
      'Client: Asha Rao',
      `Tax year: ${taxYear}`,
      'Due date: 04/15/2099',
      'Federal return (Form 1040)',
      '$250.00',
      'State return (each state)',
      '$100.00',
      'Subtotal',
      '$350.00',
      'Discount (10%): Returning client',
      '-$35.00',
      'Total',
      '$315.00',
      'Payment ID pay_pdf1',
      'Order ID order_pdf1',
      '$200.00',
      'Payment ID pay_pdf2',
      'Order ID order_pdf2',
      '$115.00',
      'Balance due',
      '$0.00',
    ]) {
      expect(text.split('\n'), expected).toContain(expected);
    }
  });

  it('is the same bytes for the same rows, and null for no invoice', async () => {
    const a = await invoicePdf(t.database.db, FIRM, invoice.id);
    const b = await invoicePdf(t.database.db, FIRM, invoice.id);
    expect(Buffer.from(a?.bytes ?? []).equals(Buffer.from(b?.bytes ?? []))).toBe(true);
    expect(await invoicePdf(t.database.db, FIRM, '00000000-0000-4000-8000-000000000000')).toBeNull();
  });

  it('writes INR amounts the standard fonts can show, and names in other scripts safely', async () => {
    await t.database.db
      .update(siteSettings)
      .set({ invoiceInrEnabled: true })
      .where(sql`true`);
    await t.database.db.update(clients).set({ firstName: 'अशा' }).where(eq(clients.id, ravi.clientId));
    const inr = await create(ravi, {
      currency: 'INR',
      lines: [{ description: 'India income tax return (ITR)', quantity: 2, unit_amount: 123400 }],
    });
    const pdf = await invoicePdf(t.database.db, FIRM, inr.id);
    const text = await pageText(pdf?.bytes ?? new Uint8Array(), 0);
    expect(text).toContain('INR 1,234.00');
    expect(text).toContain('INR 2,468.00');
    expect(text).not.toContain('₹');
    expect(text).toContain('Client: ??? Kumar');
  });
});

describe('receiptPdf', () => {
  it('shows the payments up to this one and the balance after it', async () => {
    const first = await receiptPdf(t.database.db, FIRM, firstPayment);
    expect(first?.filename).toBe(`${invoice.number}-receipt-order_pdf1.pdf`);
    const text = (await pageText(first?.bytes ?? new Uint8Array(), 0)).split('\n');
    expect(text).toContain('Receipt');
    expect(text).toContain(`Invoice number: ${invoice.number}`);
    expect(text).toContain('Payment ID pay_pdf1');
    expect(text).not.toContain('Payment ID pay_pdf2');
    expect(text).toContain('Balance due after this payment');
    expect(text).toContain('$115.00');
    expect(text).toContain('$315.00');

    const second = await receiptPdf(t.database.db, FIRM, secondPayment);
    expect(second?.filename).toBe(`${invoice.number}-receipt-order_pdf2.pdf`);
    const after = (await pageText(second?.bytes ?? new Uint8Array(), 0)).split('\n');
    expect(after).toContain('Payment ID pay_pdf1');
    expect(after).toContain('Payment ID pay_pdf2');
    expect(after).toContain('$0.00');
  });

  it('writes a provider id of the widest letters whole (a cut id was once drawn with an ellipsis)', async () => {
    const wide = await create(ravi, {
      lines: [{ description: 'Federal return (Form 1040)', quantity: 1, unit_amount: 10000 }],
    });
    await send(wide.id);
    const paymentId = await insertPaidPayment(t.database.db, {
      clientId: ravi.clientId,
      invoiceId: wide.id,
      cents: 10000,
      ref: 'W'.repeat(14),
      paidAt: new Date('2026-04-03T15:00:00Z'),
    });
    const text = (
      await pageText((await receiptPdf(t.database.db, FIRM, paymentId))?.bytes ?? new Uint8Array(), 0)
    ).split('\n');
    expect(text).toContain(`Payment ID pay_${'W'.repeat(14)}`);
    expect(text).toContain(`Order ID order_${'W'.repeat(14)}`);
    expect(text.filter((line) => line.endsWith('...'))).toEqual([]);
  });

  it('is null for a payment that is not a paid payment of an invoice', async () => {
    expect(await receiptPdf(t.database.db, FIRM, '00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(await receiptPdf(t.database.db, FIRM, invoice.id)).toBeNull();
  });
});

describe('the PDF routes', () => {
  const clientInvoice = async (who: Session, id: string) => {
    const res = await t.postAs(who.sid, '/api/account/invoices/get', { invoice_id: id });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().invoice as ClientInvoice;
  };

  it('serves the client their own invoice and receipts as downloads, never cached', async () => {
    const shown = await clientInvoice(asha, invoice.id);
    const res = await t.getAs(asha.sid, shown.pdf_url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`attachment; filename="${invoice.number}.pdf"`);
    expect(res.headers['cache-control']).toBe('no-store');
    const [firm] = await t.database.db.select({ name: siteSettings.firmName }).from(siteSettings);
    const text = await pageText(res.rawPayload, 0);
    expect(text).toContain(firm?.name ?? '-');
    expect(text).toContain('$315.00');

    const receipt = await t.getAs(asha.sid, shown.payments[1]?.receipt_url ?? '');
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.headers['content-disposition']).toContain(`${invoice.number}-receipt-order_pdf2.pdf`);
  });

  it('refuses a link made for someone else, a staff link, a broken link, and a draft', async () => {
    const shown = await clientInvoice(asha, invoice.id);
    const other = await t.getAs(ravi.sid, shown.pdf_url);
    expect(other.statusCode).toBe(403);
    expect(other.json().status_smessage).toBe(MESSAGES.DOWNLOAD_LINK_EXPIRED);
    expect((await t.getAs(asha.sid, `${shown.pdf_url}x`)).statusCode).toBe(403);
    expect((await t.getAs(asha.sid, '/api/account/invoices/pdf')).statusCode).toBe(403);

    const staffLinks = createBillingLinkSigner(TEST_SECRET, 'staff');
    const staffToken = staffLinks.sign({ k: 'invoice', id: invoice.id, u: asha.userId });
    expect((await t.getAs(asha.sid, `/api/account/invoices/pdf?t=${staffToken}`)).statusCode).toBe(403);

    // A genuine link to a draft (the client is never given one) still opens nothing.
    const draft = await create(asha, {
      lines: [{ description: 'Draft work', quantity: 1, unit_amount: 100 }],
    });
    const clientLinks = createBillingLinkSigner(TEST_SECRET, 'client');
    const draftLink = `/api/account/invoices/pdf?t=${clientLinks.sign({ k: 'invoice', id: draft.id, u: asha.userId })}`;
    const refused = await t.getAs(asha.sid, draftLink);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().status_smessage).toBe(MESSAGES.INVOICE_NOT_FOUND);
    // Nor another client's receipt.
    const raviLink = `/api/account/invoices/pdf?t=${clientLinks.sign({ k: 'receipt', id: firstPayment, u: ravi.userId })}`;
    expect((await t.getAs(ravi.sid, raviLink)).statusCode).toBe(404);
  });

  it('serves staff on the file’s rules, with their own links only', async () => {
    const listed = await t.postAs(analyst.sid, '/api/staff/invoices/list', { client_id: asha.clientId });
    expect(listed.statusCode, listed.body).toBe(200);
    const mine = (listed.json().data as StaffInvoice[]).find((i) => i.id === invoice.id);
    const res = await t.getAs(analyst.sid, mine?.pdf_url ?? '');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const receipt = await t.getAs(analyst.sid, mine?.payments[0]?.receipt_url ?? '');
    expect(receipt.headers['content-disposition']).toContain(`${invoice.number}-receipt-order_pdf1.pdf`);

    // The analyst's link is theirs alone; the client's route does not take it.
    expect((await t.getAs(admin.sid, mine?.pdf_url ?? '')).statusCode).toBe(403);
    expect((await t.getAs(asha.sid, (mine?.pdf_url ?? '').replace('/staff/', '/account/'))).statusCode).toBe(
      403,
    );
    // Another analyst's own link to a file that is not theirs.
    const staffLinks = createBillingLinkSigner(TEST_SECRET, 'staff');
    const token = staffLinks.sign({ k: 'invoice', id: invoice.id, u: otherAnalyst.userId });
    const refused = await t.getAs(otherAnalyst.sid, `/api/staff/invoices/pdf?t=${token}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().status_smessage).toBe(MESSAGES.CLIENT_OTHER_ANALYST);
  });
});

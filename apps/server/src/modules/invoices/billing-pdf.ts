/**
 * Invoice and receipt PDFs (issue 20), made on demand from the database and never stored: the same rows
 * give the same bytes (fixed dates, no random ids). Standard fonts only (WinAnsi), so INR amounts are
 * written "INR 1,234.00" and any character the font lacks becomes "?".
 *
 * The receipt of a payment is the invoice's lines, every payment up to and including that one (with the
 * provider's ids), the refunds made by then, and the balance after it.
 */
import { FIRM_TIME_ZONE } from '@taxfirm/contract';
import { and, eq, payments, type Database } from '@taxfirm/db';
import type { Color, PDFDocument, PDFFont } from 'pdf-lib';
import { loadPdfLib } from '../../lib/files/pdf-lib.ts';
import { PdfPageFlow } from '../../lib/files/pdf-page-flow.ts';
import type { Firm } from '../mail/templates.ts';
import { formDate } from '../signatures/signed-pdf.ts';
import { balanceOf } from './invoice-balance.ts';
import { loadInvoice, type InvoiceRecord } from './invoice-record.ts';

type Reader = Pick<Database, 'select'>;

export type BillingPdf = { filename: string; bytes: Uint8Array };

/** Who made the file (the PDF's Producer and Creator). */
export const BILLING_PDF_PRODUCER = 'Tax firm portal billing';

const PAGE: [number, number] = [612, 792];
const MARGIN = 50;
/** Where a payment's or refund's id starts, and where the amount column starts. */
const ID_X = 125;
const AMOUNT_X = 472;

const AMOUNT = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "$1,234.00", or "INR 1,234.00" (the standard fonts have no rupee sign). */
export function pdfMoney(cents: number, currency: string): string {
  const sign = cents < 0 ? '-' : '';
  const amount = AMOUNT.format(Math.abs(cents) / 100);
  return currency === 'USD' ? `${sign}$${amount}` : `${sign}${currency} ${amount}`;
}

/** A YYYY-MM-DD day as a US form writes it: 11/26/2026. */
const usDay = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
const dayOf = (when: Date) => formDate(when, FIRM_TIME_ZONE);

/** Text written top to bottom, a new page when one is full. */
class Writer {
  private readonly flow: PdfPageFlow;
  private readonly charset: Set<number>;

  constructor(
    pdf: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    private readonly grey: Color,
  ) {
    this.flow = new PdfPageFlow(pdf, PAGE, MARGIN);
    this.charset = new Set(regular.getCharacterSet());
  }

  /** The text with what the standard font cannot draw replaced (a name in another script, an emoji). */
  safe(text: string): string {
    return [...text.replace(/[\r\n\t]+/g, ' ')]
      .map((c) => (this.charset.has(c.codePointAt(0) ?? 0) ? c : '?'))
      .join('');
  }

  /** Cut to `width` points with an ellipsis. */
  private fit(text: string, font: PDFFont, size: number, width: number): string {
    let out = this.safe(text);
    if (font.widthOfTextAtSize(out, size) <= width) return out;
    while (out.length > 0 && font.widthOfTextAtSize(`${out}...`, size) > width) out = out.slice(0, -1);
    return `${out}...`;
  }

  /** Words wrapped to the page's width. */
  private wrap(text: string, font: PDFFont, size: number): string[] {
    const width = PAGE[0] - 2 * MARGIN;
    const lines: string[] = [];
    let current = '';
    for (const word of this.safe(text).split(' ')) {
      const next = current ? `${current} ${word}` : word;
      if (current && font.widthOfTextAtSize(next, size) > width) {
        lines.push(current);
        current = word;
      } else current = next;
    }
    if (current) lines.push(current);
    return lines.map((line) => this.fit(line, font, size, width));
  }

  text(text: string, options: { size?: number; bold?: boolean; grey?: boolean } = {}) {
    const size = options.size ?? 10;
    const font = options.bold ? this.bold : this.regular;
    for (const line of this.wrap(text, font, size)) {
      this.flow.lineDown(size + 4);
      this.flow.page.drawText(line, {
        x: MARGIN,
        y: this.flow.y,
        size,
        font,
        ...(options.grey ? { color: this.grey } : {}),
      });
    }
  }

  /** One row of columns: [text, x, width, align right?]. */
  row(cells: [string, number, number, boolean?][], options: { bold?: boolean } = {}) {
    const size = 10;
    const font = options.bold ? this.bold : this.regular;
    this.flow.lineDown(size + 6);
    for (const [text, x, width, right] of cells) {
      const fitted = this.fit(text, font, size, width);
      const drawX = right ? x + width - font.widthOfTextAtSize(fitted, size) : x;
      this.flow.page.drawText(fitted, { x: drawX, y: this.flow.y, size, font });
    }
  }

  /**
   * A payment or refund: the day, the provider's id and the amount, then the order id on a line of its own.
   * Each id has the width from its column to the amount's, 339 points: a provider's id (Razorpay's are the
   * prefix and 14 letters or digits, about 210 points at most at this size) fits whole. Side by side in 170
   * points each, ids of wide letters lost their ends to an ellipsis.
   */
  movement(day: string, id: string, orderId: string, amount: string) {
    this.row([
      [day, MARGIN, 70],
      [id, ID_X, AMOUNT_X - ID_X - 8],
      [amount, AMOUNT_X, 90, true],
    ]);
    this.row([[`Order ID ${orderId}`, ID_X, AMOUNT_X - ID_X - 8]]);
  }

  space(points: number) {
    this.flow.space(points);
  }
}

type Payment = InvoiceRecord['payments'][number];

/** The document: the firm, the heading, the invoice's facts, lines, totals, payments, refunds, balance. */
async function render(
  firm: Firm,
  record: InvoiceRecord,
  kind: 'Invoice' | 'Receipt',
  shown: { payments: Payment[]; refunds: InvoiceRecord['refunds']; balance: number; date: Date },
): Promise<Uint8Array> {
  const { row } = record;
  const money = (cents: number) => pdfMoney(cents, row.currency);
  const { PDFDocument, rgb, StandardFonts } = await loadPdfLib();
  const pdf = await PDFDocument.create();
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const w = new Writer(pdf, regular, bold, rgb(0.35, 0.35, 0.35));

  w.text(firm.name, { size: 16, bold: true });
  for (const line of firm.address.split(/\r?\n/).filter((l) => l.trim())) w.text(line, { grey: true });
  if (firm.email) w.text(firm.email, { grey: true });
  w.space(14);
  w.text(kind, { size: 20, bold: true });
  w.space(4);
  w.text(`Invoice number: ${row.number}`);
  w.text(`Invoice date: ${dayOf(row.sentAt ?? row.createdAt)}`);
  if (kind === 'Receipt') w.text(`Payment date: ${dayOf(shown.date)}`);
  w.text(`Client: ${record.client.name}`);
  if (record.client.fileNumber) w.text(`File number: ${record.client.fileNumber}`);
  w.text(`Tax year: ${row.taxYear}`);
  if (row.dueDate && kind === 'Invoice') w.text(`Due date: ${usDay(row.dueDate)}`);
  if (row.status === 'void') w.text(`VOID: ${row.voidReason ?? ''}`, { bold: true });
  w.space(12);

  const cols = { desc: MARGIN, qty: 330, unit: 380, amount: AMOUNT_X };
  w.row(
    [
      ['Description', cols.desc, 270],
      ['Qty', cols.qty, 40, true],
      ['Unit price', cols.unit, 82, true],
      ['Amount', cols.amount, 90, true],
    ],
    { bold: true },
  );
  for (const line of record.lines) {
    w.row([
      [line.description, cols.desc, 270],
      [String(line.quantity), cols.qty, 40, true],
      [money(line.unitCents), cols.unit, 82, true],
      [money(line.amountCents), cols.amount, 90, true],
    ]);
  }
  w.space(6);
  const total = (label: string, cents: number, isBold = false) =>
    w.row(
      [
        [label, cols.desc, 410, true],
        [money(cents), cols.amount, 90, true],
      ],
      { bold: isBold },
    );
  total('Subtotal', row.subtotalCents);
  if (row.discountCents > 0) {
    const how = row.discountKind === 'percent' ? ` (${row.discountValue}%)` : '';
    total(`Discount${how}: ${row.discountReason ?? ''}`, -row.discountCents);
  }
  total('Total', row.totalCents, true);

  if (shown.payments.length > 0) {
    w.space(12);
    w.text('Payments', { bold: true, size: 12 });
    for (const payment of shown.payments) {
      w.movement(
        dayOf(payment.paidAt),
        `Payment ID ${payment.providerPaymentId ?? '-'}`,
        payment.orderId,
        money(payment.amountCents),
      );
    }
  }
  if (shown.refunds.length > 0) {
    w.space(12);
    w.text('Refunds', { bold: true, size: 12 });
    for (const refund of shown.refunds) {
      w.movement(
        dayOf(refund.createdAt),
        `Refund ID ${refund.providerRefundId ?? '-'}`,
        refund.orderId,
        money(-refund.amountCents),
      );
    }
  }
  w.space(12);
  total(kind === 'Receipt' ? 'Balance due after this payment' : 'Balance due', shown.balance, true);
  if (row.note) {
    w.space(12);
    w.text(row.note, { grey: true });
  }

  pdf.setTitle(`${kind} ${row.number}`);
  pdf.setAuthor(w.safe(firm.name));
  pdf.setProducer(BILLING_PDF_PRODUCER);
  pdf.setCreator(BILLING_PDF_PRODUCER);
  pdf.setCreationDate(shown.date);
  pdf.setModificationDate(shown.date);
  return pdf.save({ useObjectStreams: false });
}

/** The invoice's PDF (`INV-2026-0001.pdf`), or null when there is no such invoice. */
export async function invoicePdf(db: Reader, firm: Firm, invoiceId: string): Promise<BillingPdf | null> {
  const record = await loadInvoice(db, invoiceId);
  if (!record) return null;
  const bytes = await render(firm, record, 'Invoice', {
    payments: record.payments,
    refunds: record.refunds,
    balance: balanceOf(record.row),
    date: record.row.createdAt,
  });
  return { filename: `${record.row.number}.pdf`, bytes };
}

/**
 * The receipt of one paid payment of an invoice (`INV-2026-0001-receipt-<order id>.pdf`): the payments up
 * to and including it, the refunds made by then, and the balance after it. Null when the payment is not a
 * paid payment of an invoice.
 */
export async function receiptPdf(db: Reader, firm: Firm, paymentId: string): Promise<BillingPdf | null> {
  const [payment] = await db
    .select({ invoiceId: payments.invoiceId })
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'paid')));
  if (!payment?.invoiceId) return null;
  const record = await loadInvoice(db, payment.invoiceId);
  const index = record?.payments.findIndex((p) => p.id === paymentId) ?? -1;
  const paid = record?.payments[index];
  if (!record || !paid) return null;
  const shownPayments = record.payments.slice(0, index + 1);
  const shownRefunds = record.refunds.filter((refund) => refund.createdAt <= paid.paidAt);
  const net =
    shownPayments.reduce((sum, p) => sum + p.amountCents, 0) -
    shownRefunds.reduce((sum, r) => sum + r.amountCents, 0);
  const bytes = await render(firm, record, 'Receipt', {
    payments: shownPayments,
    refunds: shownRefunds,
    balance: Math.max(0, record.row.totalCents - net),
    date: paid.paidAt,
  });
  return { filename: `${record.row.number}-receipt-${paid.orderId}.pdf`, bytes };
}

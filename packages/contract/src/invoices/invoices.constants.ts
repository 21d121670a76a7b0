/**
 * Invoices (issue 20): what the firm bills for a client's tax year, and what is left to pay. Every amount is
 * integer cents (paise for INR); the client never chooses an invoice's amount or currency.
 */
import { MAX_PAYMENT_CENTS } from '../constants.ts';

/** draft → sent → partly_paid → paid, or void (never deleted). A refund can bring paid back to partly_paid or sent. */
export const INVOICE_STATUSES = ['draft', 'sent', 'partly_paid', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** What the client sees: never a draft. */
export const CLIENT_INVOICE_STATUSES = ['sent', 'partly_paid', 'paid', 'void'] as const;

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  partly_paid: 'Partly paid',
  paid: 'Paid',
  void: 'Void',
};

/** USD always; INR only where the firm enables it (India services). */
export const INVOICE_CURRENCIES = ['USD', 'INR'] as const;
export type InvoiceCurrency = (typeof INVOICE_CURRENCIES)[number];

/**
 * A refund's row: pending (written before the provider is asked, S2-09), completed (the provider refunded it)
 * or failed (no money moved).
 */
export const REFUND_STATUSES = ['pending', 'completed', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const DISCOUNT_KINDS = ['amount', 'percent'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/** The staff lists' filters: open = sent or partly paid; overdue = open and past its due date. */
export const INVOICE_FILTERS = ['all', 'open', 'overdue', 'paid', 'draft', 'void'] as const;
export type InvoiceFilter = (typeof INVOICE_FILTERS)[number];
export const INVOICE_SORTS = ['created', 'number', 'client', 'due', 'total', 'balance', 'status'] as const;

export const MAX_INVOICE_LINES = 30;
export const MAX_LINE_QUANTITY = 99;
export const MAX_PRICE_LIST_ITEMS = 50;
/** One invoice's total, and one price, at most what one payment may be. */
export const MAX_INVOICE_CENTS = MAX_PAYMENT_CENTS;

/** Where invoice and receipt PDFs are downloaded (GET `?t=<signed link>`), one route per side. */
export const CLIENT_BILLING_PDF_PATH = '/api/account/invoices/pdf';
export const STAFF_BILLING_PDF_PATH = '/api/staff/invoices/pdf';
/** The Invoices tab's CSV export (GET, with the list's filters as the query string). */
export const INVOICE_EXPORT_PATH = '/api/staff/invoices/export';

/** INV-2026-0007: the year the invoice was created and its place in that year's sequence. */
export function invoiceNumber(year: number, sequence: number): string {
  return `INV-${year}-${String(sequence).padStart(4, '0')}`;
}

type TotalsLine = { quantity: number; unit_amount: number };
type TotalsDiscount = { kind: DiscountKind; value: number } | null | undefined;

/**
 * The one way an invoice adds up (server and console preview): lines, then the discount (an amount in cents,
 * or a whole percent of the subtotal, rounded half up to the cent), never below zero.
 */
export function invoiceTotals(
  lines: readonly TotalsLine[],
  discount: TotalsDiscount,
): { subtotal: number; discount: number; total: number } {
  const subtotal = lines.reduce((sum, line) => sum + line.quantity * line.unit_amount, 0);
  const off = !discount
    ? 0
    : discount.kind === 'amount'
      ? discount.value
      : Math.round((subtotal * discount.value) / 100);
  return { subtotal, discount: off, total: subtotal - off };
}

/** What is left to pay: the total less what was paid and not refunded. */
export function invoiceBalance(invoice: { total: number; paid: number; refunded: number }): number {
  return Math.max(0, invoice.total - (invoice.paid - invoice.refunded));
}

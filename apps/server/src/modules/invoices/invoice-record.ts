/**
 * One invoice with everything shown of it (issue 20): loading it (client, lines, paid payments, refunds),
 * and how it looks to staff and to its client, with the signed links of its PDF and receipts.
 */
import { MESSAGES, type ClientInvoice, type StaffInvoice } from '@taxfirm/contract';
import {
  and,
  asc,
  clients,
  eq,
  inArray,
  invoiceLines,
  invoices,
  paymentRefunds,
  payments,
  users,
  type Database,
  type InvoiceRow,
} from '@taxfirm/db';
import { firmToday } from '../../lib/firm-time.ts';
import { AppError } from '../../lib/app-error.ts';
import type { BillingLinkKind, LinkSigner } from '../../lib/crypto/signed-links.ts';
import { balanceOf, isOpen } from './invoice-balance.ts';

type Reader = Pick<Database, 'select'>;

/** 404 INVOICE_NOT_FOUND: no such invoice, or not one this viewer may see. */
export const invoiceNotFound = () => new AppError('NOT_FOUND', { message: MESSAGES.INVOICE_NOT_FOUND });

/** An invoice with everything shown of it: its client, lines, payments (paid ones) and refunds. */
export type InvoiceRecord = {
  row: InvoiceRow;
  client: { name: string; email: string; fileNumber: string | null };
  lines: { description: string; quantity: number; unitCents: number; amountCents: number }[];
  payments: {
    id: string;
    orderId: string;
    providerPaymentId: string | null;
    amountCents: number;
    refundedCents: number;
    method: string | null;
    paidAt: Date;
  }[];
  refunds: {
    paymentId: string;
    orderId: string;
    amountCents: number;
    reason: string;
    providerRefundId: string | null;
    createdAt: Date;
  }[];
  /** Refunds asked for and not yet settled with the provider (S2-09): staff see them, clients do not. */
  pendingRefunds: { orderId: string; amountCents: number; createdAt: Date }[];
};

/** These invoices with their client, lines, paid payments and refunds, by id (missing ids are left out). */
export async function loadInvoices(db: Reader, ids: readonly string[]): Promise<Map<string, InvoiceRecord>> {
  const records = new Map<string, InvoiceRecord>();
  if (ids.length === 0) return records;
  const list = [...new Set(ids)];
  const rows = await db
    .select({
      invoice: invoices,
      firstName: clients.firstName,
      lastName: clients.lastName,
      fileNumber: clients.fileNumber,
      email: users.email,
    })
    .from(invoices)
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .innerJoin(users, eq(users.id, clients.userId))
    .where(inArray(invoices.id, list));
  for (const row of rows) {
    records.set(row.invoice.id, {
      row: row.invoice,
      client: {
        name: `${row.firstName} ${row.lastName}`.trim(),
        email: row.email,
        fileNumber: row.fileNumber,
      },
      lines: [],
      payments: [],
      refunds: [],
      pendingRefunds: [],
    });
  }
  const [lines, paid, refunds] = await Promise.all([
    db
      .select({
        invoiceId: invoiceLines.invoiceId,
        description: invoiceLines.description,
        quantity: invoiceLines.quantity,
        unitCents: invoiceLines.unitCents,
        amountCents: invoiceLines.amountCents,
      })
      .from(invoiceLines)
      .where(inArray(invoiceLines.invoiceId, list))
      .orderBy(asc(invoiceLines.position)),
    db
      .select({
        invoiceId: payments.invoiceId,
        id: payments.id,
        orderId: payments.orderId,
        providerPaymentId: payments.providerPaymentId,
        amountCents: payments.amountCents,
        refundedCents: payments.refundedCents,
        method: payments.method,
        paidAt: payments.paidAt,
      })
      .from(payments)
      .where(and(inArray(payments.invoiceId, list), eq(payments.status, 'paid')))
      .orderBy(asc(payments.paidAt), asc(payments.id)),
    db
      .select({
        invoiceId: paymentRefunds.invoiceId,
        paymentId: paymentRefunds.paymentId,
        orderId: payments.orderId,
        amountCents: paymentRefunds.amountCents,
        reason: paymentRefunds.reason,
        providerRefundId: paymentRefunds.providerRefundId,
        createdAt: paymentRefunds.createdAt,
        status: paymentRefunds.status,
      })
      .from(paymentRefunds)
      .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
      // A failed refund never moved money (S2-09); a pending one is listed apart below.
      .where(
        and(
          inArray(paymentRefunds.invoiceId, list),
          inArray(paymentRefunds.status, ['completed', 'pending']),
        ),
      )
      .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id)),
  ]);
  for (const { invoiceId, ...line } of lines) records.get(invoiceId)?.lines.push(line);
  for (const { invoiceId, paidAt, ...payment } of paid) {
    if (invoiceId && paidAt) records.get(invoiceId)?.payments.push({ ...payment, paidAt });
  }
  for (const { invoiceId, status, ...refund } of refunds) {
    const record = invoiceId ? records.get(invoiceId) : undefined;
    // Money given back only: a pending refund is not yet (its row completes once the provider made it).
    if (status === 'completed') record?.refunds.push(refund);
    else record?.pendingRefunds.push(refund);
  }
  return records;
}

/** One invoice with everything shown of it, or null. */
export async function loadInvoice(db: Reader, id: string): Promise<InvoiceRecord | null> {
  return (await loadInvoices(db, [id])).get(id) ?? null;
}

/** Open (sent or partly paid) and past its due date, in the firm's time zone. */
export function isOverdue(row: Pick<InvoiceRow, 'status' | 'dueDate'>, now = new Date()): boolean {
  return isOpen(row.status) && row.dueDate !== null && row.dueDate < firmToday(now);
}

/** How an invoice's PDF and its receipts are linked for one viewer (a signed link each). */
export type BillingLinks = { invoice: (invoiceId: string) => string; receipt: (paymentId: string) => string };

/** The links of one side's PDF route (`path`), signed for the user `userId` only. */
export function billingLinksFor(
  links: LinkSigner<BillingLinkKind>,
  path: string,
  userId: string,
): BillingLinks {
  const link = (k: BillingLinkKind, id: string) => `${path}?t=${links.sign({ k, id, u: userId })}`;
  return { invoice: (id) => link('invoice', id), receipt: (id) => link('receipt', id) };
}

function invoiceCoreOf(record: InvoiceRecord, links: BillingLinks, now: Date) {
  const { row } = record;
  return {
    id: row.id,
    number: row.number,
    tax_year: row.taxYear,
    currency: row.currency,
    subtotal: row.subtotalCents,
    discount: row.discountCents,
    discount_kind: row.discountKind,
    discount_value: row.discountValue,
    discount_reason: row.discountReason,
    total: row.totalCents,
    paid: row.paidCents,
    refunded: row.refundedCents,
    balance: balanceOf(row),
    due_date: row.dueDate,
    overdue: isOverdue(row, now),
    note: row.note,
    sent_at: row.sentAt?.toISOString() ?? null,
    paid_at: row.paidAt?.toISOString() ?? null,
    lines: record.lines.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      unit_amount: line.unitCents,
      amount: line.amountCents,
    })),
    payments: record.payments.map((payment) => ({
      order_id: payment.orderId,
      payment_id: payment.providerPaymentId,
      amount: payment.amountCents,
      refunded: payment.refundedCents,
      method: payment.method,
      paid_at: payment.paidAt.toISOString(),
      receipt_url: links.receipt(payment.id),
    })),
    refunds: record.refunds.map((refund) => ({
      order_id: refund.orderId,
      amount: refund.amountCents,
      reason: refund.reason,
      refund_id: refund.providerRefundId,
      created_at: refund.createdAt.toISOString(),
    })),
    pdf_url: links.invoice(row.id),
  };
}

/** An invoice as staff see it. */
export function toStaffInvoice(record: InvoiceRecord, links: BillingLinks, now = new Date()): StaffInvoice {
  const { row } = record;
  return {
    ...invoiceCoreOf(record, links, now),
    status: row.status,
    client_id: row.clientId,
    client_name: record.client.name,
    file_number: record.client.fileNumber,
    created_at: row.createdAt.toISOString(),
    created_by: row.createdBy,
    void_reason: row.voidReason,
    voided_at: row.voidedAt?.toISOString() ?? null,
    reminders_sent: row.remindersSent,
    last_reminded_at: row.lastRemindedAt?.toISOString() ?? null,
    refunds_pending: record.pendingRefunds.map((refund) => ({
      order_id: refund.orderId,
      amount: refund.amountCents,
      created_at: refund.createdAt.toISOString(),
    })),
  };
}

/** An invoice as its client sees it (never a draft: callers filter drafts out). */
export function toClientInvoice(record: InvoiceRecord, links: BillingLinks, now = new Date()): ClientInvoice {
  const { row } = record;
  if (row.status === 'draft') throw new Error('toClientInvoice: a draft is never shown to the client');
  return { ...invoiceCoreOf(record, links, now), status: row.status, void_reason: row.voidReason };
}

/**
 * What money does to invoices (issue 20): a recorded payment is applied to its invoice, a refund takes it
 * back, and the invoice's status follows its net paid (paid - refunded). A filing waiting for payment moves on
 * only when every invoice of it is covered. Used by the payments flow (recordPaid, in the payment's own
 * transaction) and by staff refunds; it knows nothing of providers, so both can use it.
 */
import { invoiceBalance, type InvoiceStatus } from '@taxfirm/contract';
import {
  and,
  asc,
  eq,
  inArray,
  invoices,
  sql,
  type Database,
  type InvoiceRow,
  type payments,
} from '@taxfirm/db';

type Tx = Pick<Database, 'select' | 'update'>;
type PaymentRow = typeof payments.$inferSelect;

/** Invoices the client may pay ("open"): sent, or partly paid. The one spelling of "open", here and in SQL. */
export const OPEN_INVOICE_STATUSES = ['sent', 'partly_paid'] as const;
/** An open invoice: sent, or partly paid. */
export const isOpen = (status: InvoiceStatus): boolean =>
  (OPEN_INVOICE_STATUSES as readonly InvoiceStatus[]).includes(status);
/** `isOpen` in SQL. */
export const openSql = inArray(invoices.status, [...OPEN_INVOICE_STATUSES]);
/** Invoices that count toward what a filing owes: neither drafts nor void. */
const BILLED_STATUSES = ['sent', 'partly_paid', 'paid'] as const;

/** What is left to pay: nothing on a void invoice, else the total less what was paid and not refunded. */
export function balanceOf(row: Pick<InvoiceRow, 'status' | 'totalCents' | 'paidCents' | 'refundedCents'>) {
  return row.status === 'void'
    ? 0
    : invoiceBalance({ total: row.totalCents, paid: row.paidCents, refunded: row.refundedCents });
}

/** `balanceOf` in SQL. */
export const balanceSql = sql<number>`(case when ${invoices.status} = 'void' then 0 else greatest(0, ${invoices.totalCents} - (${invoices.paidCents} - ${invoices.refundedCents})) end)`;

/**
 * The status once money moved: net >= total → paid; 0 < net < total → partly paid; net 0 → sent. A draft
 * or a void invoice keeps its status (money landing on a void invoice is recorded, and staff refund it).
 */
export function statusAfterMoney(
  row: Pick<InvoiceRow, 'status' | 'totalCents' | 'paidCents' | 'refundedCents'>,
): InvoiceStatus {
  if (row.status === 'void' || row.status === 'draft') return row.status;
  const net = row.paidCents - row.refundedCents;
  if (net >= row.totalCents) return 'paid';
  return net > 0 ? 'partly_paid' : 'sent';
}

/**
 * Add (or, negative, take back) `paid` / `refunded` cents on an invoice, locked, and set its status and
 * paid_at from the result. Returns the invoice as it now is (null when there is no such invoice).
 */
export async function moveInvoiceMoney(
  tx: Tx,
  invoiceId: string,
  change: { paid?: number; refunded?: number },
): Promise<InvoiceRow | null> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
  if (!row) return null;
  const next = {
    ...row,
    paidCents: row.paidCents + (change.paid ?? 0),
    refundedCents: row.refundedCents + (change.refunded ?? 0),
  };
  const status = statusAfterMoney(next);
  const [updated] = await tx
    .update(invoices)
    .set({
      paidCents: next.paidCents,
      refundedCents: next.refundedCents,
      status,
      // Paid when it became paid (kept while it stays paid); a refund that reopens it clears it.
      paidAt: status === 'paid' ? (row.paidAt ?? new Date()) : null,
      updatedAt: new Date(),
    })
    .where(eq(invoices.id, invoiceId))
    .returning();
  return updated ?? null;
}

/** recordPaid's step: the (just recorded) payment counts on its invoice, in the same transaction. */
export async function applyPaymentToInvoice(tx: Tx, payment: PaymentRow): Promise<InvoiceRow | null> {
  if (!payment.invoiceId) return null;
  return moveInvoiceMoney(tx, payment.invoiceId, { paid: payment.amountCents });
}

/**
 * Whether a filing's invoices are covered: at least one is billed (sent, partly paid or paid) and none that
 * counts (neither draft nor void) has a balance left.
 */
export async function isFilingCovered(tx: Pick<Database, 'select'>, filingId: string): Promise<boolean> {
  const [row] = await tx
    .select({
      billed: sql<number>`count(*)::int`,
      owing: sql<number>`count(*) filter (where ${invoices.totalCents} - (${invoices.paidCents} - ${invoices.refundedCents}) > 0)::int`,
    })
    .from(invoices)
    .where(and(eq(invoices.filingId, filingId), inArray(invoices.status, [...BILLED_STATUSES])));
  return (row?.billed ?? 0) > 0 && row?.owing === 0;
}

/**
 * The open invoice in `currency` a payment on /user/payment goes to: the filing's oldest sent or partly paid
 * one with a balance (null when none is open).
 */
export async function findOldestOpenInvoice(
  tx: Pick<Database, 'select'>,
  { clientId, filingId, currency = 'USD' }: { clientId: string; filingId: string; currency?: 'USD' | 'INR' },
): Promise<InvoiceRow | null> {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.clientId, clientId),
        eq(invoices.filingId, filingId),
        eq(invoices.currency, currency),
        openSql,
        sql`${invoices.totalCents} - (${invoices.paidCents} - ${invoices.refundedCents}) > 0`,
      ),
    )
    .orderBy(asc(invoices.createdAt), asc(invoices.numberYear), asc(invoices.numberSeq))
    .limit(1);
  return row ?? null;
}

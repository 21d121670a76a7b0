/**
 * Money on invoices (issue 20): the client pays an own invoice through the existing payments flow (an order
 * for the invoice, in its currency; recordPaid settles it), and an admin refunds (part of) a payment: the
 * provider's refund first, then the refund row, the payment, the invoice and its status, the audit row, the
 * client's e-mail and the activity feed in one transaction.
 */
import { formatMoney, MESSAGES, type StaffInvoice } from '@taxfirm/contract';
import {
  and,
  asc,
  clients,
  eq,
  invoiceLines,
  invoices,
  paymentRefunds,
  payments,
  sql,
  users,
  type Database,
} from '@taxfirm/db';
import type { ClientActor, StaffActor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { getWorkableFiling } from '../filings/filings.service.ts';
import { recordActivity } from '../messaging/activity.service.ts';
import { refundMade, type FirmVoice } from '../notifications/client-events.ts';
import {
  askProvider,
  assertPayableAmount,
  openOrder,
  type PaymentsDeps,
} from '../payments/payments.service.ts';
import { balanceOf, moveInvoiceMoney } from './invoice-balance.ts';

const notFound = () => new AppError('NOT_FOUND', { message: MESSAGES.INVOICE_NOT_FOUND });

/**
 * account/invoices/pay: the provider order for one of the session client's own invoices, for its balance
 * or (with part payments) less, in the invoice's currency. A draft or another client's invoice is not found;
 * a void or paid one is refused (409).
 */
export async function payInvoice(
  deps: PaymentsDeps,
  { actor, invoiceId, amount }: { actor: ClientActor; invoiceId: string; amount: number | undefined },
) {
  const [invoice] = await deps.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.clientId, actor.clientId)));
  if (!invoice || invoice.status === 'draft') throw notFound();
  if (invoice.status === 'void') throw new AppError('CONFLICT', { message: MESSAGES.INVOICE_VOID });
  const balance = balanceOf(invoice);
  if (invoice.status === 'paid' || balance === 0) {
    throw new AppError('CONFLICT', { message: MESSAGES.INVOICE_ALREADY_PAID });
  }
  const toPay = amount ?? balance;
  await assertPayableAmount(deps.db, invoice, toPay);
  return openOrder(deps, {
    actor,
    filingId: invoice.filingId,
    taxYear: invoice.taxYear,
    invoiceId: invoice.id,
    amount: toPay,
    currency: invoice.currency,
  });
}

/**
 * staff/invoices/refund (admins, file rules): give back `amount` of one paid payment of the invoice through
 * the provider, then record it. Refused (422) above what is left of the payment; the provider is never asked
 * then. The balance reopens and the status follows (paid → partly paid → sent; void stays void).
 */
export async function refundInvoicePayment(
  deps: PaymentsDeps & { voice: FirmVoice },
  {
    actor,
    invoiceId,
    orderId,
    amount,
    reason,
  }: { actor: StaffActor; invoiceId: string; orderId: string; amount: number; reason: string },
): Promise<StaffInvoice> {
  const { db } = deps;
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!invoice) throw notFound();
  await getWorkableFiling(db, actor, { filingId: invoice.filingId });
  const [payment] = await db
    .select()
    .from(payments)
    .where(
      and(eq(payments.orderId, orderId), eq(payments.invoiceId, invoice.id), eq(payments.status, 'paid')),
    );
  if (!payment?.providerPaymentId) {
    throw new AppError('NOT_FOUND', { message: MESSAGES.REFUND_PAYMENT_NOT_FOUND });
  }
  if (amount > payment.amountCents - payment.refundedCents) {
    throw new AppError('UNPROCESSABLE', {
      message: MESSAGES.REFUND_AMOUNT_INVALID,
      details: { amount: MESSAGES.REFUND_AMOUNT_INVALID },
    });
  }
  // A payment taken by another provider (the setting changed since) cannot be refunded through this one.
  if (payment.provider !== deps.provider.name) {
    throw new AppError('UNPROCESSABLE', { message: MESSAGES.PAYMENT_MISMATCH });
  }
  const providerPaymentId = payment.providerPaymentId;
  const refund = await askProvider(() =>
    deps.provider.refundPayment({ id: providerPaymentId, currency: payment.currency }, amount),
  );

  await db.transaction(async (tx) => {
    const [counted] = await tx
      .update(payments)
      .set({ refundedCents: sql`${payments.refundedCents} + ${amount}`, updatedAt: new Date() })
      .where(
        and(
          eq(payments.id, payment.id),
          sql`${payments.refundedCents} + ${amount} <= ${payments.amountCents}`,
        ),
      )
      .returning({ id: payments.id });
    // Only when two refunds raced past the check above; the provider refused the second beyond the payment.
    if (!counted) throw new AppError('UNPROCESSABLE', { message: MESSAGES.REFUND_AMOUNT_INVALID });
    await tx.insert(paymentRefunds).values({
      paymentId: payment.id,
      invoiceId: invoice.id,
      amountCents: amount,
      currency: payment.currency,
      providerRefundId: refund.id,
      reason,
      createdBy: actor.userId,
    });
    await moveInvoiceMoney(tx, invoice.id, { refunded: amount });
    const money = formatMoney(amount, payment.currency);
    await audit(tx, {
      actor,
      action: 'invoice.refund',
      clientId: invoice.clientId,
      subject: `${invoice.number} ${payment.orderId} ${money}`,
    });
    await refundMade(tx, deps.voice, { clientId: invoice.clientId, invoiceNumber: invoice.number });
    await recordActivity(tx, {
      clientId: invoice.clientId,
      taxYear: invoice.taxYear,
      kind: 'payment',
      summary: `Refunded ${money} on ${invoice.number}`,
    });
  });
  return loadStaffInvoice(db, invoice.id);
}

/**
 * TODO(lead, at merge): a minimal loader of the staff's view of an invoice, until H1's row → StaffInvoice
 * mapping (invoices.service.ts, with its signed PDF and receipt links) replaces it. Links are left empty here.
 */
async function loadStaffInvoice(db: Database, invoiceId: string): Promise<StaffInvoice> {
  const [row] = await db
    .select({
      invoice: invoices,
      firstName: clients.firstName,
      lastName: clients.lastName,
      fileNumber: clients.fileNumber,
      createdBy: users.email,
    })
    .from(invoices)
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .leftJoin(users, eq(users.id, invoices.createdBy))
    .where(eq(invoices.id, invoiceId));
  if (!row) throw notFound();
  const { invoice } = row;
  const lines = await db
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoiceId))
    .orderBy(asc(invoiceLines.position));
  const paid = await db
    .select()
    .from(payments)
    .where(and(eq(payments.invoiceId, invoiceId), eq(payments.status, 'paid')))
    .orderBy(asc(payments.paidAt));
  const refunds = await db
    .select({ refund: paymentRefunds, orderId: payments.orderId })
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .where(eq(paymentRefunds.invoiceId, invoiceId))
    .orderBy(asc(paymentRefunds.createdAt));
  return {
    id: invoice.id,
    number: invoice.number,
    tax_year: invoice.taxYear,
    currency: invoice.currency,
    status: invoice.status,
    subtotal: invoice.subtotalCents,
    discount: invoice.discountCents,
    discount_kind: invoice.discountKind,
    discount_value: invoice.discountValue,
    discount_reason: invoice.discountReason,
    total: invoice.totalCents,
    paid: invoice.paidCents,
    refunded: invoice.refundedCents,
    balance: balanceOf(invoice),
    due_date: invoice.dueDate,
    overdue: false,
    note: invoice.note,
    sent_at: invoice.sentAt?.toISOString() ?? null,
    paid_at: invoice.paidAt?.toISOString() ?? null,
    lines: lines.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      unit_amount: line.unitCents,
      amount: line.amountCents,
    })),
    payments: paid.map((p) => ({
      order_id: p.orderId,
      payment_id: p.providerPaymentId,
      amount: p.amountCents,
      refunded: p.refundedCents,
      method: p.method,
      paid_at: (p.paidAt ?? p.createdAt).toISOString(),
      receipt_url: '',
    })),
    refunds: refunds.map(({ refund, orderId }) => ({
      order_id: orderId,
      amount: refund.amountCents,
      reason: refund.reason,
      refund_id: refund.providerRefundId,
      created_at: refund.createdAt.toISOString(),
    })),
    pdf_url: '',
    client_id: invoice.clientId,
    client_name: `${row.firstName} ${row.lastName}`,
    file_number: row.fileNumber,
    created_at: invoice.createdAt.toISOString(),
    created_by: row.createdBy,
    void_reason: invoice.voidReason,
    voided_at: invoice.voidedAt?.toISOString() ?? null,
    reminders_sent: invoice.remindersSent,
    last_reminded_at: invoice.lastRemindedAt?.toISOString() ?? null,
  };
}

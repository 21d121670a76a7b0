/**
 * Money on invoices (issue 20): the client pays an own invoice through the existing payments flow (an order
 * for the invoice, in its currency; recordPaid settles it), and an admin refunds (part of) a payment: the
 * provider's refund first, then the refund row, the payment, the invoice and its status, the audit row, the
 * client's e-mail and the activity feed in one transaction.
 */
import { formatMoney, MESSAGES } from '@taxfirm/contract';
import { and, eq, invoices, paymentRefunds, payments, sql } from '@taxfirm/db';
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
import { moveInvoiceMoney } from './invoice-balance.ts';
import { balanceOf } from './invoices.service.ts';

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
 * the provider, then record it (the caller answers with the invoice as it now is). Refused (422) above what
 * is left of the payment; the provider is never asked then. The balance reopens and the status follows (paid → partly paid → sent; void stays void).
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
): Promise<void> {
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
    await refundMade(tx, deps.voice, {
      clientId: invoice.clientId,
      invoiceId: invoice.id,
      invoiceNumber: invoice.number,
    });
    await recordActivity(tx, {
      clientId: invoice.clientId,
      taxYear: invoice.taxYear,
      kind: 'payment',
      summary: `Refunded ${money} on ${invoice.number}`,
    });
  });
}

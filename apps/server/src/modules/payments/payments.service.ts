/**
 * Card payments: orders for the session's own filing, verification of the checkout's signed result, and
 * the one way a payment is recorded (recordPaid), shared by the checkout and the provider's webhook. An order
 * turns paid once, a provider payment is recorded once, and the receipt e-mail and the filing's status move
 * are written in the same transaction as the payment.
 */
import { canPay, formatCents, MESSAGES, PAYMENT_CURRENCY, type PaymentRecord } from '@taxfirm/contract';
import { randomUUID } from 'node:crypto';
import { and, desc, eq, ne, payments, type Database } from '@taxfirm/db';
import { SYSTEM } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { findFiling, recordStatusChange } from '../filings/filings.service.ts';
import type { Firm } from '../mail/templates.ts';
import { recordActivity } from '../messaging/activity.service.ts';
import { paymentReceived } from '../notifications/client-events.ts';
import { ProviderError, type PaymentProvider, type ProviderPayment } from './providers/provider.ts';

export type PaymentRow = typeof payments.$inferSelect;

export type PaymentsDeps = {
  db: Database;
  provider: PaymentProvider;
  /** The firm: its name on the checkout, and the voice of the receipt. */
  firm: () => Promise<Firm>;
};

type Actor = { userId: string; clientId: string };

/**
 * A provider failure answers 503 with a clear message (its details stay in the log); a request the provider
 * refused outright (e.g. an amount it does not take) answers 422.
 */
export async function askProvider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ProviderError && error.refused) {
      throw new AppError('UNPROCESSABLE', { message: MESSAGES.PAYMENT_PROVIDER_REFUSED, cause: error });
    }
    if (error instanceof ProviderError) {
      throw new AppError('SERVICE_UNAVAILABLE', {
        message: MESSAGES.PAYMENT_PROVIDER_UNAVAILABLE,
        cause: error,
      });
    }
    throw error;
  }
}

export function toPaymentRecord(row: PaymentRow): PaymentRecord {
  return {
    order_id: row.orderId,
    payment_id: row.providerPaymentId,
    amount: row.amountCents,
    currency: row.currency === 'INR' ? 'INR' : PAYMENT_CURRENCY,
    status: row.status,
    invoice_id: row.invoiceId,
    invoice_number: null,
    refunded: row.refundedCents,
    failure_reason: row.status === 'failed' ? row.failureReason : null,
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
  };
}

/** Whether the current filing opens payment, and the client's orders for it, newest first. */
export async function getPaymentStatus(db: Database, clientId: string, taxYear: number) {
  const filing = await findFiling(db, { clientId, taxYear });
  const rows = filing
    ? await db
        .select()
        .from(payments)
        .where(and(eq(payments.clientId, clientId), eq(payments.filingId, filing.id)))
        .orderBy(desc(payments.createdAt))
        .limit(50)
    : [];
  return {
    filestatus: filing?.status ?? null,
    payment_open: filing ? canPay(filing.status) : false,
    payments: rows.map(toPaymentRecord),
    invoice: null,
    part_payments: false,
  };
}

/** One of the client's own orders; another client's order is "not found", like one that does not exist. */
export async function getOwnOrder(db: Database, clientId: string, orderId: string): Promise<PaymentRow> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.clientId, clientId)));
  if (!row) throw new AppError('NOT_FOUND', { message: MESSAGES.PAYMENT_ORDER_NOT_FOUND });
  return row;
}

/** Create an order for the current filing; refused unless its status opens payment. */
export async function createOrder(
  deps: PaymentsDeps,
  { actor, amount, taxYear }: { actor: Actor; amount: number; taxYear: number },
) {
  const filing = await findFiling(deps.db, { clientId: actor.clientId, taxYear });
  if (!filing || !canPay(filing.status)) {
    throw new AppError('FORBIDDEN', { message: MESSAGES.PAYMENT_NOT_OPEN });
  }
  const id = randomUUID();
  const order = await askProvider(() =>
    deps.provider.createOrder({
      amount,
      currency: PAYMENT_CURRENCY,
      // The ledger row's id (Razorpay keeps a receipt of up to 40 characters).
      receipt: id,
      notes: { client_id: actor.clientId, filing_id: filing.id, tax_year: String(taxYear) },
    }),
  );
  if (order.amount !== amount || order.currency !== PAYMENT_CURRENCY) {
    throw new AppError('SERVICE_UNAVAILABLE', { message: MESSAGES.PAYMENT_PROVIDER_UNAVAILABLE });
  }
  await deps.db.insert(payments).values({
    id,
    clientId: actor.clientId,
    filingId: filing.id,
    createdBy: actor.userId,
    provider: deps.provider.name,
    orderId: order.id,
    amountCents: amount,
    currency: PAYMENT_CURRENCY,
  });
  return {
    id: order.id,
    amount,
    currency: PAYMENT_CURRENCY,
    provider: deps.provider.name,
    key: deps.provider.keyId,
    name: (await deps.firm()).name,
  };
}

/** Does the provider's payment pay exactly this order? */
export function paysOrder(row: PaymentRow, payment: ProviderPayment | null): payment is ProviderPayment {
  return (
    payment !== null &&
    payment.orderId === row.orderId &&
    payment.amount === row.amountCents &&
    payment.currency === row.currency &&
    (payment.status === 'captured' || payment.status === 'authorized')
  );
}

/**
 * The payment, captured: an authorized one (a manual-capture account) is captured first. When the capture is
 * refused because the provider captured it meanwhile (auto-capture, or the webhook), its own record decides.
 * Null when it cannot be captured.
 */
export async function settle(
  provider: PaymentProvider,
  row: PaymentRow,
  payment: ProviderPayment,
): Promise<ProviderPayment | null> {
  if (payment.status === 'captured') return payment;
  try {
    const result = await provider.capturePayment(payment);
    if (result.status === 'captured') return result;
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
  }
  const now = await askProvider(() => provider.fetchPayment(payment.id));
  return paysOrder(row, now) && now.status === 'captured' ? now : null;
}

/**
 * The checkout's result: the signature (constant time), the stored order (own client, same amount, not yet
 * paid), then the provider's own record of the payment; recorded once.
 */
export async function verifyOrder(
  deps: PaymentsDeps,
  {
    actor,
    orderId,
    paymentId,
    signature,
    amount,
  }: { actor: Actor; orderId: string; paymentId: string; signature: string; amount: number | undefined },
): Promise<void> {
  const row = await getOwnOrder(deps.db, actor.clientId, orderId);
  // An order made with another provider (the setting changed since) is not this provider's to confirm.
  if (row.provider !== deps.provider.name) {
    throw new AppError('UNPROCESSABLE', { message: MESSAGES.PAYMENT_MISMATCH });
  }
  if (!deps.provider.isValidSignature(orderId, paymentId, signature)) {
    throw new AppError('VALIDATION_FAILED', { message: MESSAGES.PAYMENT_SIGNATURE_INVALID });
  }
  if (amount !== undefined && amount !== row.amountCents) {
    throw new AppError('UNPROCESSABLE', { message: MESSAGES.PAYMENT_MISMATCH });
  }
  if (row.status === 'paid') throw new AppError('CONFLICT', { message: MESSAGES.PAYMENT_ALREADY_RECORDED });
  const payment = await askProvider(() => deps.provider.fetchPayment(paymentId));
  const settled = paysOrder(row, payment) ? await settle(deps.provider, row, payment) : null;
  if (!settled) throw new AppError('UNPROCESSABLE', { message: MESSAGES.PAYMENT_MISMATCH });
  const recorded = await recordPaid(deps, row, settled, 'checkout');
  if (!recorded) throw new AppError('CONFLICT', { message: MESSAGES.PAYMENT_ALREADY_RECORDED });
}

const RECEIPT_TIME = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Chicago',
  month: '2-digit',
  day: '2-digit',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** MM-dd-yyyy, h:mm AM CST: the spec's date display, in the firm's office time. */
export function receiptTime(date: Date): string {
  const parts = Object.fromEntries(RECEIPT_TIME.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts['month']}-${parts['day']}-${parts['year']}, ${parts['hour']}:${parts['minute']} ${parts['dayPeriod']} ${parts['timeZoneName']}`;
}

/**
 * Record a provider payment as paying its order, once: the order turns paid (only if it was not), a filing
 * in Payment Pending moves to Review Pending with 'Payment received' in its history, and the receipt e-mail
 * joins the outbox, all in one transaction. False when the order was already paid (nothing changes).
 */
export async function recordPaid(
  deps: PaymentsDeps,
  row: PaymentRow,
  payment: ProviderPayment,
  via: 'checkout' | 'webhook',
): Promise<boolean> {
  const firm = await deps.firm();
  return deps.db.transaction(async (tx) => {
    const paidAt = new Date();
    const [paid] = await tx
      .update(payments)
      .set({
        status: 'paid',
        providerPaymentId: payment.id,
        method: payment.method,
        verifiedBy: via,
        paidAt,
      })
      .where(and(eq(payments.id, row.id), ne(payments.status, 'paid')))
      .returning({ id: payments.id });
    if (!paid) return false;

    const filing = await findFiling(tx, { filingId: row.filingId }, 'update');
    if (filing?.status === 'Payment Pending') {
      await recordStatusChange(tx, filing, 'Review Pending', {
        comment: MESSAGES.PAYMENT_RECEIVED,
        changedBy: null,
      });
    }
    if (filing) {
      await recordActivity(tx, {
        clientId: row.clientId,
        taxYear: filing.taxYear,
        kind: 'payment',
        summary: `Paid ${formatCents(row.amountCents)}`,
      });
    }
    await paymentReceived(
      tx,
      { firm },
      {
        clientId: row.clientId,
        amount: formatCents(row.amountCents),
        orderId: row.orderId,
        paymentId: payment.id,
        paidAt: receiptTime(paidAt),
      },
    );
    await audit(tx, {
      actor: SYSTEM,
      action: `payment.recorded.${via}`,
      clientId: row.clientId,
      subject: row.orderId,
    });
    return true;
  });
}

/** Record a failed attempt on an order that is not paid (a paid order stays paid). */
export async function recordFailure(
  db: Database,
  row: PaymentRow,
  payment: ProviderPayment,
): Promise<string> {
  const reason = payment.errorDescription ?? MESSAGES.PAYMENT_NOT_COMPLETED;
  await db
    .update(payments)
    .set({ status: 'failed', failedPaymentId: payment.id, failureReason: reason, failedAt: new Date() })
    .where(and(eq(payments.id, row.id), ne(payments.status, 'paid')));
  return reason;
}

/** The checkout reported a failure: recorded only once the provider confirms that payment failed. */
export async function reportFailure(
  deps: PaymentsDeps,
  { actor, orderId, paymentId }: { actor: Actor; orderId: string; paymentId: string },
): Promise<string> {
  const row = await getOwnOrder(deps.db, actor.clientId, orderId);
  const payment = await askProvider(() => deps.provider.fetchPayment(paymentId));
  if (!payment || payment.orderId !== row.orderId || payment.status !== 'failed') {
    throw new AppError('UNPROCESSABLE', { message: MESSAGES.PAYMENT_NOT_FAILED });
  }
  return recordFailure(deps.db, row, payment);
}

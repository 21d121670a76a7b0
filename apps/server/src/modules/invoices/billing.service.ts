/**
 * Money on invoices (issue 20): the client pays an own invoice through the existing payments flow (an order
 * for the invoice, in its currency; recordPaid settles it), and an admin refunds (part of) a payment.
 *
 * A refund is recorded before money moves (security review S2-09): (1) a `pending` refund row with a random
 * idempotency key commits on its own; (2) the provider is asked with that key; (3) one transaction completes
 * the row and moves the payment, the invoice and its status, with the audit row, the client's e-mail and the
 * activity feed; or the row is marked failed (no money moved). A row left pending (the process died between
 * (1) and (3), or the provider's answer was lost) is settled by `reconcilePendingRefunds`, which looks it up
 * at the provider by its key: at start-up and every few minutes (`startRefundReconciler`).
 */
import { randomUUID } from 'node:crypto';
import { formatMoney, MESSAGES } from '@taxfirm/contract';
import { and, eq, invoices, lt, paymentRefunds, payments, sql, type Database } from '@taxfirm/db';
import type { FastifyBaseLogger } from 'fastify';
import { SYSTEM, type ClientActor, type StaffActor, type SystemActor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { startScheduler, type Scheduler } from '../../lib/scheduler.ts';
import { getWorkableFiling } from '../filings/filings.service.ts';
import { emit } from '../activity/events.ts';
import { refundMade } from '../notifications/client-events.ts';
import { assertPayableAmount, openOrder, type PaymentsDeps } from '../payments/payments.service.ts';
import { ProviderError, type ProviderRefund } from '../payments/providers/provider.ts';
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

type RefundRow = typeof paymentRefunds.$inferSelect;

/** Postgres's unique_violation: here, a second pending refund of one payment (payment_refunds_one_pending_idx). */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

const refundInProgress = () => new AppError('CONFLICT', { message: MESSAGES.REFUND_IN_PROGRESS });

/**
 * staff/invoices/refund (admins, file rules): give back `amount` of one paid payment of the invoice through
 * the provider (the caller answers with the invoice as it now is). Refused (422) above what is left of the
 * payment, and (409) while another refund of the same payment is pending; the provider is never asked then.
 * The balance reopens and the status follows (paid → partly paid → sent; void stays void).
 */
export async function refundInvoicePayment(
  deps: PaymentsDeps,
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
  const amountInvalid = () =>
    new AppError('UNPROCESSABLE', {
      message: MESSAGES.REFUND_AMOUNT_INVALID,
      details: { amount: MESSAGES.REFUND_AMOUNT_INVALID },
    });
  if (amount > payment.amountCents - payment.refundedCents) throw amountInvalid();
  // A payment taken by another provider (the setting changed since) cannot be refunded through this one.
  if (payment.provider !== deps.provider.name) {
    throw new AppError('UNPROCESSABLE', { message: MESSAGES.PAYMENT_MISMATCH });
  }
  const providerPayment = { id: payment.providerPaymentId, currency: payment.currency };

  // (1) The pending row, committed before any money moves. The payment is locked so that two requests at once
  // are written one after the other: the second sees the first's pending row and is refused.
  const row = await db
    .transaction(async (tx) => {
      const [locked] = await tx
        .select({ amountCents: payments.amountCents, refundedCents: payments.refundedCents })
        .from(payments)
        .where(eq(payments.id, payment.id))
        .for('update');
      const [inFlight] = await tx
        .select({ id: paymentRefunds.id })
        .from(paymentRefunds)
        .where(and(eq(paymentRefunds.paymentId, payment.id), eq(paymentRefunds.status, 'pending')));
      if (inFlight) throw refundInProgress();
      if (!locked || amount > locked.amountCents - locked.refundedCents) throw amountInvalid();
      const [inserted] = await tx
        .insert(paymentRefunds)
        .values({
          paymentId: payment.id,
          invoiceId: invoice.id,
          amountCents: amount,
          currency: payment.currency,
          status: 'pending',
          idempotencyKey: randomUUID(),
          reason,
          createdBy: actor.userId,
        })
        .returning();
      if (!inserted) throw new Error('refund not recorded');
      return inserted;
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? refundInProgress() : error;
    });

  // (2) The provider, with the row's key.
  let refund: ProviderRefund;
  try {
    refund = await deps.provider.refundPayment(providerPayment, amount, row.idempotencyKey);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    if (error.refused) {
      await failRefund(db, row, actor, error.message);
      throw new AppError('UNPROCESSABLE', { message: MESSAGES.REFUND_PROVIDER_REFUSED, cause: error });
    }
    // No usable answer: the refund may have been made all the same, or may still be in the provider's hands.
    // Ask once by its key; anything but a refund the provider made in full, or one it failed, stays pending
    // for the reconcile pass (a refund not found yet is not proof that none will appear: failing it now would
    // let a retry refund twice).
    const found = await deps.provider.findRefund(providerPayment, row.idempotencyKey).catch(() => undefined);
    if (!found) {
      throw new AppError('SERVICE_UNAVAILABLE', { message: MESSAGES.REFUND_OUTCOME_UNKNOWN, cause: error });
    }
    refund = found;
  }
  if (refund.failed) {
    await failRefund(db, row, actor, 'The provider reports the refund failed.');
    throw new AppError('UNPROCESSABLE', { message: MESSAGES.REFUND_PROVIDER_REFUSED });
  }
  if (refund.amount !== amount) {
    // Money moved, but not the amount recorded: the row stays pending and the reconcile pass asks a person.
    throw new AppError('SERVICE_UNAVAILABLE', { message: MESSAGES.REFUND_OUTCOME_UNKNOWN });
  }

  // (3) Completed: the money on the payment and the invoice.
  await completeRefund(deps, row, refund.id, actor);
}

/** Mark a pending refund failed (no money moved), audited; a row settled meanwhile is left as it is. */
async function failRefund(
  db: Database,
  row: RefundRow,
  actor: StaffActor | SystemActor,
  why: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [failed] = await tx
      .update(paymentRefunds)
      .set({ status: 'failed', failureReason: why.slice(0, 500), settledAt: new Date() })
      .where(and(eq(paymentRefunds.id, row.id), eq(paymentRefunds.status, 'pending')))
      .returning({ id: paymentRefunds.id });
    if (!failed) return false;
    const [invoice] = row.invoiceId
      ? await tx
          .select({ clientId: invoices.clientId, number: invoices.number })
          .from(invoices)
          .where(eq(invoices.id, row.invoiceId))
      : [];
    await audit(tx, {
      actor,
      action: 'invoice.refund.failed',
      ...(invoice ? { clientId: invoice.clientId } : {}),
      subject: `${invoice?.number ?? ''} ${formatMoney(row.amountCents, row.currency)}`.trim(),
    });
    return true;
  });
}

/**
 * Complete a pending refund the provider made (`providerRefundId`): the row, the payment, the invoice and its
 * status, the audit row, the client's e-mail and the activity feed, in one transaction. False when the row was
 * settled meanwhile (the request and the reconcile pass both finishing it): nothing is counted twice.
 */
async function completeRefund(
  deps: PaymentsDeps,
  row: RefundRow,
  providerRefundId: string,
  actor: StaffActor | SystemActor,
): Promise<boolean> {
  const voice = { firm: await deps.firm(), appUrl: deps.appUrl };
  return deps.db.transaction(async (tx) => {
    const [done] = await tx
      .update(paymentRefunds)
      .set({ status: 'completed', providerRefundId, settledAt: new Date() })
      .where(and(eq(paymentRefunds.id, row.id), eq(paymentRefunds.status, 'pending')))
      .returning({ id: paymentRefunds.id });
    if (!done) return false;
    const amount = row.amountCents;
    const [payment] = await tx
      .update(payments)
      .set({ refundedCents: sql`${payments.refundedCents} + ${amount}`, updatedAt: new Date() })
      .where(
        and(
          eq(payments.id, row.paymentId),
          sql`${payments.refundedCents} + ${amount} <= ${payments.amountCents}`,
        ),
      )
      .returning({ orderId: payments.orderId });
    // Only one refund of a payment is ever pending, checked against what is left under the payment's lock.
    if (!payment) throw new Error(`refund ${row.id} is more than what is left of its payment`);
    if (!row.invoiceId) return true;
    const invoice = await moveInvoiceMoney(tx, row.invoiceId, { refunded: amount });
    if (!invoice) return true;
    const money = formatMoney(amount, row.currency);
    await audit(tx, {
      actor,
      action: 'invoice.refund',
      clientId: invoice.clientId,
      subject: `${invoice.number} ${payment.orderId} ${money}`,
    });
    await refundMade(tx, voice, {
      clientId: invoice.clientId,
      invoiceId: invoice.id,
      invoiceNumber: invoice.number,
    });
    await emit(tx, {
      type: 'payment.refunded',
      clientId: invoice.clientId,
      taxYear: invoice.taxYear,
      amount: money,
      invoiceNumber: invoice.number,
    });
    return true;
  });
}

/** A pending row younger than this may still have its request in flight (the provider's timeout is seconds). */
export const REFUND_RECONCILE_AFTER_MS = 5 * 60_000;

/**
 * Settle the refunds left pending (S2-09): each one older than `olderThanMs` is looked up at the provider by
 * its idempotency key; found (and not failed there) it is completed from the provider's record, as the request
 * would have; not found it is marked failed (no money moved). A provider that does not answer, or a payment
 * taken by another provider, leaves the row pending for the next pass. Safe on several instances at once.
 */
export async function reconcilePendingRefunds(
  deps: PaymentsDeps,
  {
    olderThanMs = REFUND_RECONCILE_AFTER_MS,
    now = new Date(),
    log,
  }: { olderThanMs?: number; now?: Date; log?: FastifyBaseLogger } = {},
): Promise<{ completed: number; failed: number; left: number }> {
  const rows = await deps.db
    .select({ refund: paymentRefunds, provider: payments.provider, paymentId: payments.providerPaymentId })
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .where(
      and(
        eq(paymentRefunds.status, 'pending'),
        lt(paymentRefunds.createdAt, new Date(now.getTime() - olderThanMs)),
      ),
    )
    .orderBy(paymentRefunds.createdAt);
  const outcome = { completed: 0, failed: 0, left: 0 };
  for (const { refund: row, provider, paymentId } of rows) {
    if (provider !== deps.provider.name || !paymentId) {
      outcome.left++;
      continue;
    }
    let found: ProviderRefund | null;
    try {
      found = await deps.provider.findRefund({ id: paymentId }, row.idempotencyKey);
    } catch (error) {
      log?.warn({ err: error, refundId: row.id }, 'pending refund: the provider did not answer');
      outcome.left++;
      continue;
    }
    if (found && !found.failed && found.amount === row.amountCents) {
      if (await completeRefund(deps, row, found.id, SYSTEM)) outcome.completed++;
    } else if (found && !found.failed) {
      // The provider refunded another amount under this key: a person must look.
      log?.error({ refundId: row.id }, 'pending refund: the provider refunded another amount');
      outcome.left++;
    } else {
      const why = found
        ? 'The provider reports the refund failed.'
        : 'The provider has no record of this refund.';
      if (await failRefund(deps.db, row, SYSTEM, why)) outcome.failed++;
    }
  }
  if (outcome.completed + outcome.failed + outcome.left > 0) log?.info(outcome, 'pending refunds reconciled');
  return outcome;
}

/** The reconcile pass shortly after start-up, then every `intervalMs` (ten minutes by default). */
export function startRefundReconciler({
  log,
  intervalMs = 10 * 60_000,
  firstRunMs = 30_000,
  olderThanMs,
  ...deps
}: PaymentsDeps & {
  log: FastifyBaseLogger;
  intervalMs?: number;
  firstRunMs?: number;
  olderThanMs?: number;
}): Scheduler<{ completed: number; failed: number; left: number }> {
  return startScheduler({
    name: 'refund reconcile',
    log,
    intervalMs,
    firstRunMs,
    pass: () => reconcilePendingRefunds(deps, { log, ...(olderThanMs === undefined ? {} : { olderThanMs }) }),
  });
}

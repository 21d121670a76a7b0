/**
 * Card payments: orders for the session's own filing, verification of the checkout's signed result and of a
 * reported failure. The payment itself is recorded by payment-record.ts (recordPaid), shared by the checkout
 * and the provider's webhook: an order turns paid once, a provider payment is recorded once.
 */
import {
  canPay,
  MESSAGES,
  PAYMENT_CURRENCY,
  type InvoiceCurrency,
  type PaymentRecord,
} from '@taxfirm/contract';
import { randomUUID } from 'node:crypto';
import { and, desc, eq, invoices, payments, siteSettings, type Database, type InvoiceRow } from '@taxfirm/db';
import { AppError } from '../../lib/app-error.ts';
import { findFiling } from '../filings/filings.service.ts';
import type { Firm } from '../mail/templates.ts';
import { balanceOf, findOldestOpenInvoice } from '../invoices/invoice-balance.ts';
import { recordFailure, recordPaid } from './payment-record.ts';
import { ProviderError, type PaymentProvider, type ProviderPayment } from './providers/provider.ts';

export type PaymentRow = typeof payments.$inferSelect;

export type PaymentsDeps = {
  db: Database;
  provider: PaymentProvider;
  /** The firm: its name on the checkout, and the voice of the receipt. */
  firm: () => Promise<Firm>;
  /** The site's origin, for links in the staff's alert e-mails. */
  appUrl: string;
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

export function toPaymentRecord(row: PaymentRow, invoiceNumber: string | null): PaymentRecord {
  return {
    order_id: row.orderId,
    payment_id: row.providerPaymentId,
    amount: row.amountCents,
    currency: row.currency === 'INR' ? 'INR' : PAYMENT_CURRENCY,
    status: row.status,
    invoice_id: row.invoiceId,
    invoice_number: invoiceNumber,
    refunded: row.refundedCents,
    failure_reason: row.status === 'failed' ? row.failureReason : null,
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
  };
}

/** The number of the invoice a payment pays (null: none). */
export async function invoiceNumberOf(db: Pick<Database, 'select'>, invoiceId: string | null) {
  if (!invoiceId) return null;
  const [row] = await db.select({ number: invoices.number }).from(invoices).where(eq(invoices.id, invoiceId));
  return row?.number ?? null;
}

/** Whether the firm takes part payments of an invoice (settings, read fresh). */
export async function takesPartPayments(db: Pick<Database, 'select'>): Promise<boolean> {
  const [row] = await db.select({ part: siteSettings.invoicePartPayments }).from(siteSettings).limit(1);
  return row?.part ?? false;
}

/**
 * Whether the current filing opens payment, the client's orders for it (newest first), and the open USD
 * invoice a payment on /user/payment goes to (its balance prefills the amount).
 */
export async function getPaymentStatus(db: Database, clientId: string, taxYear: number) {
  const filing = await findFiling(db, { clientId, taxYear });
  const rows = filing
    ? await db
        .select({ payment: payments, invoiceNumber: invoices.number })
        .from(payments)
        .leftJoin(invoices, eq(invoices.id, payments.invoiceId))
        .where(and(eq(payments.clientId, clientId), eq(payments.filingId, filing.id)))
        .orderBy(desc(payments.createdAt))
        .limit(50)
    : [];
  const invoice = filing ? await findOldestOpenInvoice(db, { clientId, filingId: filing.id }) : null;
  return {
    filestatus: filing?.status ?? null,
    payment_open: filing ? canPay(filing.status) : false,
    payments: rows.map((row) => toPaymentRecord(row.payment, row.invoiceNumber)),
    invoice: invoice ? { id: invoice.id, number: invoice.number, balance: balanceOf(invoice) } : null,
    part_payments: await takesPartPayments(db),
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

/**
 * An amount the client may pay on an invoice: its balance, or less when the firm takes part payments; never
 * more (422 INVOICE_PAY_OVER_BALANCE / INVOICE_PART_PAYMENTS_OFF).
 */
export async function assertPayableAmount(
  db: Pick<Database, 'select'>,
  invoice: InvoiceRow,
  amount: number,
): Promise<void> {
  const balance = balanceOf(invoice);
  if (amount > balance) {
    throw new AppError('UNPROCESSABLE', {
      message: MESSAGES.INVOICE_PAY_OVER_BALANCE,
      details: { amount: MESSAGES.INVOICE_PAY_OVER_BALANCE },
    });
  }
  if (amount < balance && !(await takesPartPayments(db))) {
    throw new AppError('UNPROCESSABLE', {
      message: MESSAGES.INVOICE_PART_PAYMENTS_OFF,
      details: { amount: MESSAGES.INVOICE_PART_PAYMENTS_OFF },
    });
  }
}

/** The provider's order and its ledger row (for an invoice, or unapplied); the checkout's answer. */
export async function openOrder(
  deps: PaymentsDeps,
  {
    actor,
    filingId,
    taxYear,
    invoiceId,
    amount,
    currency,
  }: {
    actor: Actor;
    filingId: string;
    taxYear: number;
    invoiceId: string | null;
    amount: number;
    currency: InvoiceCurrency;
  },
) {
  const id = randomUUID();
  const order = await askProvider(() =>
    deps.provider.createOrder({
      amount,
      currency,
      // The ledger row's id (Razorpay keeps a receipt of up to 40 characters).
      receipt: id,
      notes: {
        client_id: actor.clientId,
        filing_id: filingId,
        tax_year: String(taxYear),
        ...(invoiceId ? { invoice_id: invoiceId } : {}),
      },
    }),
  );
  if (order.amount !== amount || order.currency !== currency) {
    throw new AppError('SERVICE_UNAVAILABLE', { message: MESSAGES.PAYMENT_PROVIDER_UNAVAILABLE });
  }
  await deps.db.insert(payments).values({
    id,
    clientId: actor.clientId,
    filingId,
    createdBy: actor.userId,
    provider: deps.provider.name,
    orderId: order.id,
    amountCents: amount,
    currency,
    invoiceId,
  });
  return {
    id: order.id,
    amount,
    currency,
    provider: deps.provider.name,
    key: deps.provider.keyId,
    name: (await deps.firm()).name,
  };
}

/**
 * /user/payment's order for the current filing; refused unless its status opens payment. It pays the oldest
 * open USD invoice of the filing (no more than its balance; less only with part payments); with none open it
 * is an unapplied payment, which never moves the filing.
 */
export async function createOrder(
  deps: PaymentsDeps,
  { actor, amount, taxYear }: { actor: Actor; amount: number; taxYear: number },
) {
  const filing = await findFiling(deps.db, { clientId: actor.clientId, taxYear });
  if (!filing || !canPay(filing.status)) {
    throw new AppError('FORBIDDEN', { message: MESSAGES.PAYMENT_NOT_OPEN });
  }
  const invoice = await findOldestOpenInvoice(deps.db, { clientId: actor.clientId, filingId: filing.id });
  if (invoice) await assertPayableAmount(deps.db, invoice, amount);
  return openOrder(deps, {
    actor,
    filingId: filing.id,
    taxYear,
    invoiceId: invoice?.id ?? null,
    amount,
    currency: PAYMENT_CURRENCY,
  });
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

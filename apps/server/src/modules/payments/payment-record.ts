/**
 * Recording a provider payment: the one way a payment is recorded (recordPaid), shared by the checkout
 * (payments.service.ts verifyOrder) and the provider's webhook, and a failed attempt (recordFailure). An order
 * turns paid once, and the receipt e-mail, the invoice it pays and the filing's status move are written in the
 * same transaction as the payment (issue 20: the filing moves on only when its invoices are covered; otherwise
 * its analyst is alerted).
 */
import { formatMoney, MESSAGES } from '@taxfirm/contract';
import { and, eq, ne, payments, type Database, type InvoiceRow } from '@taxfirm/db';
import { SYSTEM } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';
import { emit } from '../activity/events.ts';
import { findFiling, recordStatusChange } from '../filings/filings.service.ts';
import { applyPaymentToInvoice, balanceOf, isFilingCovered } from '../invoices/invoice-balance.ts';
import { paymentReceived } from '../notifications/client-events.ts';
import type { PaymentRow, PaymentsDeps } from './payments.service.ts';
import type { ProviderPayment } from './providers/provider.ts';

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
 * How much more than its total an invoice has been paid (two checkouts of one balance both completed: orders
 * do not reserve the balance, because a provider may complete an abandoned checkout later).
 */
function overpaidBy(invoice: InvoiceRow): number {
  return Math.max(0, invoice.paidCents - invoice.refundedCents - invoice.totalCents);
}

/** How the activity feed and the staff alert word a payment (amounts, never card data). */
function paymentSummary(row: PaymentRow, invoice: InvoiceRow | null): string {
  const paid = `Paid ${formatMoney(row.amountCents, row.currency)}`;
  if (!invoice) return `${paid} with no open invoice`;
  if (invoice.status === 'void') return `${paid} on void invoice ${invoice.number}: refund it`;
  const over = overpaidBy(invoice);
  if (over > 0) {
    return `${paid} on ${invoice.number}: paid ${formatMoney(over, invoice.currency)} more than its total, refund the difference`;
  }
  const balance = balanceOf(invoice);
  return balance > 0
    ? `${paid} on ${invoice.number} (${formatMoney(balance, invoice.currency)} still due)`
    : `${paid} on ${invoice.number} (paid in full)`;
}

/**
 * Record a provider payment as paying its order, once, in one transaction: the order turns paid (only if it
 * was not), the payment counts on its invoice, a filing in Payment Pending moves to Review Pending with
 * 'Payment received' in its history only when its invoices are covered (otherwise its analyst is alerted),
 * and the receipt e-mail joins the outbox (with the receipt PDF when it pays an invoice). False when the
 * order was already paid (nothing changes).
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
      .returning();
    if (!paid) return false;

    const invoice = await applyPaymentToInvoice(tx, paid);
    const filing = await findFiling(tx, { filingId: row.filingId }, 'update');
    if (filing) {
      // Only a payment on a live invoice can move the file; one without, or past the total, is for staff to see.
      const overpaid = invoice ? overpaidBy(invoice) : 0;
      const covered = invoice !== null && invoice.status !== 'void' && (await isFilingCovered(tx, filing.id));
      if (filing.status === 'Payment Pending' && covered) {
        await recordStatusChange(tx, filing, 'Review Pending', {
          comment: MESSAGES.PAYMENT_RECEIVED,
          changedBy: null,
        });
      }
      await emit(tx, {
        type: 'payment.recorded',
        clientId: row.clientId,
        taxYear: filing.taxYear,
        summary: paymentSummary(paid, invoice),
        needsStaff: !covered || overpaid > 0,
        voice: { firm, appUrl: deps.appUrl },
      });
    }
    await paymentReceived(
      tx,
      { firm },
      {
        clientId: row.clientId,
        amount: formatMoney(row.amountCents, row.currency),
        orderId: row.orderId,
        paymentId: payment.id,
        paidAt: receiptTime(paidAt),
        currency: row.currency,
        receiptOf: invoice ? row.id : null,
        // A void invoice's payment is for staff to refund: the receipt names no balance.
        invoice:
          invoice && invoice.status !== 'void'
            ? {
                number: invoice.number,
                balance: formatMoney(balanceOf(invoice), invoice.currency),
                paidInFull: balanceOf(invoice) === 0,
              }
            : null,
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

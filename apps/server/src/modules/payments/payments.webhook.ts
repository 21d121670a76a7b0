/**
 * Razorpay's webhook: the provider tells the server itself about payments, so a payment whose browser was
 * closed before it came back is recorded all the same. The signature over the raw body is checked (constant
 * time) before anything is read; an event the server already knows changes nothing and is still answered
 * 2xx, so the provider stops retrying.
 */
import { eq, payments } from '@taxfirm/db';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { razorpayPaymentSchema, toProviderPayment } from './providers/razorpay.ts';
import { recordFailure, recordPaid } from './payment-record.ts';
import { paysOrder, settle, type PaymentsDeps } from './payments.service.ts';

export const WEBHOOK_SIGNATURE_HEADER = 'x-razorpay-signature';

const eventSchema = z.object({
  event: z.string(),
  payload: z.object({ payment: z.object({ entity: razorpayPaymentSchema }).optional() }).passthrough(),
});

/** What the webhook did, for the log and the tests. */
export type WebhookOutcome = 'recorded' | 'failure-recorded' | 'already-known' | 'ignored' | 'mismatch';

export async function handleWebhook(
  deps: PaymentsDeps,
  log: FastifyBaseLogger,
  {
    rawBody,
    signature,
    eventId,
  }: { rawBody: Buffer; signature: string | undefined; eventId: string | undefined },
): Promise<WebhookOutcome> {
  const isValid = deps.provider.isValidWebhookSignature;
  if (!signature || !isValid || !isValid(rawBody, signature)) {
    throw new AppError('VALIDATION_FAILED', { message: 'The webhook signature is not valid.' });
  }
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new AppError('MALFORMED_BODY');
  }
  const parsed = eventSchema.safeParse(json);
  const entity = parsed.success ? parsed.data.payload.payment?.entity : undefined;
  if (!parsed.success || !entity?.order_id) {
    // Signed by the provider yet unreadable: answered (so it is not retried forever) but worth a look.
    log.warn({ eventId, event: parsed.data?.event }, 'payment webhook without a readable payment');
    return 'ignored';
  }
  const { event } = parsed.data;
  if (!['payment.captured', 'payment.authorized', 'order.paid', 'payment.failed'].includes(event)) {
    return 'ignored';
  }

  const [row] = await deps.db.select().from(payments).where(eq(payments.orderId, entity.order_id));
  // Another integration's order on the same account: not ours to record.
  if (!row) return 'ignored';
  const payment = toProviderPayment(entity);
  if (row.status === 'paid') {
    if (event !== 'payment.failed' && payment.status === 'captured' && row.providerPaymentId !== payment.id) {
      // Money taken twice for one order: staff must refund it; it is never recorded as a second payment.
      log.error({ orderId: row.orderId, paymentId: payment.id }, 'second captured payment on a paid order');
    }
    return 'already-known';
  }

  if (event === 'payment.failed') {
    await recordFailure(deps.db, row, payment);
    return 'failure-recorded';
  }
  if (!paysOrder(row, payment)) {
    log.error(
      { eventId, orderId: row.orderId, paymentId: entity.id },
      'webhook payment does not match its order',
    );
    return 'mismatch';
  }
  const settled = await settle(deps.provider, row, payment);
  if (!settled) return 'ignored';
  return (await recordPaid(deps, row, settled, 'webhook')) ? 'recorded' : 'already-known';
}

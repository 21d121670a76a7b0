/**
 * One interface for card payment providers: the app's sandbox (default) and Razorpay. The service never
 * knows which one it talks to; both sign a checkout's result as Razorpay does, HMAC-SHA256 over
 * "order_id|payment_id", and both answer "what do you know of this payment?" from their own records.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaymentProviderName } from '@taxfirm/contract';

export type ProviderOrder = { id: string; amount: number; currency: string };

export type ProviderPaymentStatus = 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';

/** A payment as the provider reports it. */
export type ProviderPayment = {
  id: string;
  orderId: string | null;
  amount: number;
  currency: string;
  status: ProviderPaymentStatus;
  method: string | null;
  /** Why it failed, in the provider's words. */
  errorDescription: string | null;
};

/**
 * A refund as the provider reports it: its id (rfnd_…), amount, and whether it failed there (Razorpay's
 * `failed`: the money did not move).
 */
export type ProviderRefund = { id: string; amount: number; failed: boolean };

export type PaymentProvider = {
  readonly name: PaymentProviderName;
  /** The public key its checkout is opened with. */
  readonly keyId: string;
  createOrder(input: {
    amount: number;
    currency: string;
    receipt: string;
    notes: Record<string, string>;
  }): Promise<ProviderOrder>;
  /** The checkout's signature over order id and payment id, compared in constant time. */
  isValidSignature(orderId: string, paymentId: string, signature: string): boolean;
  /** The provider's record of a payment; null when it has none. */
  fetchPayment(paymentId: string): Promise<ProviderPayment | null>;
  /** Capture an authorized payment (providers that capture automatically never need it). */
  capturePayment(payment: ProviderPayment): Promise<ProviderPayment>;
  /**
   * Give back `amount` (cents) of a captured payment; the provider refuses (ProviderError, refused) more than
   * what is left of it. `idempotencyKey` (the refund row's, written before this call) goes with the request, so
   * the same key never refunds twice and `findRefund` can find it later.
   */
  refundPayment(
    payment: Pick<ProviderPayment, 'id' | 'currency'>,
    amount: number,
    idempotencyKey: string,
  ): Promise<ProviderRefund>;
  /** The provider's record of the refund of this payment made with `idempotencyKey`; null when it has none. */
  findRefund(payment: Pick<ProviderPayment, 'id'>, idempotencyKey: string): Promise<ProviderRefund | null>;
  /** Webhooks, for providers that send them: the signature over the raw body, in constant time. */
  isValidWebhookSignature?(rawBody: Buffer, signature: string): boolean;
};

/**
 * The provider could not be reached or answered something unusable (`refused`: it answered a clear no to the
 * request itself, e.g. an amount it does not take).
 */
export class ProviderError extends Error {
  readonly refused: boolean;
  constructor(message: string, options: { cause?: unknown; refused?: boolean } = {}) {
    super(message, { cause: options.cause });
    this.name = 'ProviderError';
    this.refused = options.refused ?? false;
  }
}

export function hmacSha256Hex(secret: string, data: string | Buffer): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

/** Compare a given hex signature with the expected one without leaking, through timing, how much matched. */
export function isSameSignature(expectedHex: string, given: string): boolean {
  const expected = Buffer.from(expectedHex, 'utf8');
  const actual = Buffer.from(given, 'utf8');
  // A signature's length is public (64 hex digits); only its content is compared in constant time.
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** The checkout signature Razorpay defines: HMAC-SHA256(order_id + "|" + payment_id, key secret), hex. */
export function checkoutSignature(secret: string, orderId: string, paymentId: string): string {
  return hmacSha256Hex(secret, `${orderId}|${paymentId}`);
}

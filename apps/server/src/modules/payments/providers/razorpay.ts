/**
 * Razorpay through its REST API (https://api.razorpay.com/v1, HTTP Basic auth with the key id and secret):
 * orders, payments, capture and refunds. Signatures are checked here in constant time (the official SDK compares them
 * with ===, and fixes its host, so tests could not point it at a local stand-in).
 */
import { z } from 'zod';
import {
  checkoutSignature,
  hmacSha256Hex,
  isSameSignature,
  ProviderError,
  type PaymentProvider,
  type ProviderPayment,
} from './provider.ts';

export type RazorpayOptions = {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** The API's origin; tests point it at a local stand-in. */
  apiUrl?: string;
  timeoutMs?: number;
};

export const RAZORPAY_API_URL = 'https://api.razorpay.com';
/** Razorpay's ids: a prefix and 14 letters or digits (a payment id is put into a URL path). */
const PAYMENT_ID = /^pay_[A-Za-z0-9]{1,40}$/;

const errorSchema = z.object({
  error: z.object({ code: z.string().optional(), description: z.string().optional() }).optional(),
});

/** A refund entity; `receipt` carries the refund row's idempotency key (Razorpay keeps up to 40 characters). */
const refundSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  status: z.string().optional(),
  receipt: z.string().nullable().optional(),
});
const refundListSchema = z.object({ items: z.array(refundSchema) });
/** Razorpay answers at most 100 refunds a page; a payment with more than 1,000 refunds is not looked through. */
const REFUND_PAGE = 100;
const REFUND_PAGES = 10;

const toProviderRefund = (refund: z.infer<typeof refundSchema>) => ({
  id: refund.id,
  amount: refund.amount,
  failed: refund.status === 'failed',
});

const orderSchema = z.object({ id: z.string(), amount: z.number().int(), currency: z.string() });

export const razorpayPaymentSchema = z.object({
  id: z.string(),
  order_id: z.string().nullable().optional(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(['created', 'authorized', 'captured', 'refunded', 'failed']),
  method: z.string().nullable().optional(),
  error_description: z.string().nullable().optional(),
});

export function toProviderPayment(entity: z.infer<typeof razorpayPaymentSchema>): ProviderPayment {
  return {
    id: entity.id,
    orderId: entity.order_id ?? null,
    amount: entity.amount,
    currency: entity.currency,
    status: entity.status,
    method: entity.method ?? null,
    errorDescription: entity.error_description ?? null,
  };
}

export function createRazorpayProvider(options: RazorpayOptions): PaymentProvider {
  const base = `${(options.apiUrl ?? RAZORPAY_API_URL).replace(/\/+$/, '')}/v1`;
  const auth = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;
  // Razorpay waits 5 s for a webhook's answer, which may include a capture: stay well inside it.
  const timeoutMs = options.timeoutMs ?? 4_000;

  /** One API request; null for the API's "no such id" (400/404), ProviderError for anything else. */
  async function request<T extends z.ZodType>(
    schema: T,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<z.output<T> | null> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: auth,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...extraHeaders,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (cause) {
      throw new ProviderError(`Razorpay ${method} ${path}: no answer`, { cause });
    }
    const payload: unknown = await response.json().catch(() => null);
    if (method === 'GET' && (response.status === 400 || response.status === 404)) return null;
    if (!response.ok) {
      const { error } = errorSchema.safeParse(payload).data ?? {};
      throw new ProviderError(
        `Razorpay ${method} ${path}: HTTP ${response.status} ${error?.code ?? ''} ${error?.description ?? ''}`.trim(),
        { refused: response.status >= 400 && response.status < 500 },
      );
    }
    const parsed = schema.safeParse(payload);
    if (!parsed.success) throw new ProviderError(`Razorpay ${method} ${path}: unexpected answer`);
    return parsed.data;
  }

  return {
    name: 'razorpay',
    keyId: options.keyId,
    async createOrder({ amount, currency, receipt, notes }) {
      const order = await request(orderSchema, 'POST', '/orders', { amount, currency, receipt, notes });
      if (!order) throw new ProviderError('Razorpay refused the order');
      return order;
    },
    isValidSignature(orderId, paymentId, signature) {
      return isSameSignature(checkoutSignature(options.keySecret, orderId, paymentId), signature);
    },
    async fetchPayment(paymentId) {
      if (!PAYMENT_ID.test(paymentId)) return null;
      const entity = await request(razorpayPaymentSchema, 'GET', `/payments/${paymentId}`);
      return entity ? toProviderPayment(entity) : null;
    },
    async capturePayment(payment) {
      const entity = await request(razorpayPaymentSchema, 'POST', `/payments/${payment.id}/capture`, {
        amount: payment.amount,
        currency: payment.currency,
      });
      if (!entity) throw new ProviderError('Razorpay refused the capture');
      return toProviderPayment(entity);
    },
    // Idempotent (Razorpay's X-Refund-Idempotency header: the same key and body never refund twice); the key is
    // also the refund's receipt and a note, so findRefund can find it in the payment's refunds.
    async refundPayment(payment, amount, idempotencyKey) {
      if (!PAYMENT_ID.test(payment.id))
        throw new ProviderError('Not a Razorpay payment id', { refused: true });
      const refund = await request(
        refundSchema,
        'POST',
        `/payments/${payment.id}/refund`,
        { amount, receipt: idempotencyKey, notes: { idempotency_key: idempotencyKey } },
        { 'x-refund-idempotency': idempotencyKey },
      );
      if (!refund || refund.amount !== amount) throw new ProviderError('Razorpay refused the refund');
      if (refund.receipt && refund.receipt !== idempotencyKey) {
        throw new ProviderError('Razorpay answered another refund');
      }
      return toProviderRefund(refund);
    },
    async findRefund(payment, idempotencyKey) {
      if (!PAYMENT_ID.test(payment.id)) return null;
      for (let page = 0; page < REFUND_PAGES; page++) {
        const list = await request(
          refundListSchema,
          'GET',
          `/payments/${payment.id}/refunds?count=${REFUND_PAGE}&skip=${page * REFUND_PAGE}`,
        );
        if (!list) return null;
        const found = list.items.find((refund) => refund.receipt === idempotencyKey);
        if (found) return toProviderRefund(found);
        if (list.items.length < REFUND_PAGE) return null;
      }
      throw new ProviderError(`Razorpay: more than ${REFUND_PAGE * REFUND_PAGES} refunds of ${payment.id}`);
    },
    isValidWebhookSignature(rawBody, signature) {
      return isSameSignature(hmacSha256Hex(options.webhookSecret, rawBody), signature);
    },
  };
}

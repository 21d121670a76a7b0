/**
 * A local stand-in for Razorpay's API (the real one cannot be reached from here). It answers the documented
 * requests the app makes (POST /v1/orders, GET /v1/payments/:id, POST /v1/payments/:id/capture, POST /v1/payments/:id/refund
 * with its X-Refund-Idempotency header, GET /v1/payments/:id/refunds) with HTTP Basic auth and the documented
 * shapes and errors, and plays the checkout and the webhooks: `pay` makes a payment on an order and signs it as
 * Checkout does; `webhook` builds a signed event body.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const RAZORPAY_TEST_KEYS = {
  keyId: 'rzp_test_1DP5mmOlF5G5ag',
  keySecret: 'stand-in-key-secret-0123456789',
  webhookSecret: 'stand-in-webhook-secret-0123456789',
};

type Order = {
  id: string;
  amount: number;
  currency: string;
  receipt: string;
  notes: Record<string, string>;
  status: string;
};
export type StandInPayment = {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string;
  method: string;
  captured: boolean;
  error_code: string | null;
  error_description: string | null;
  email: string;
  contact: string;
  created_at: number;
};
export type Recorded = {
  method: string;
  path: string;
  authorized: boolean;
  body: unknown;
  /** The X-Refund-Idempotency header, when sent. */
  idempotencyKey?: string;
};
export type StandInRefund = {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: Record<string, string> | [];
  receipt: string | null;
  status: 'pending' | 'processed' | 'failed';
  created_at: number;
};

const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex').slice(0, 14)}`;
const hmac = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest('hex');

function error(res: ServerResponse, status: number, description: string, field?: string) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      error: {
        code: 'BAD_REQUEST_ERROR',
        description,
        source: 'NA',
        step: 'NA',
        reason: 'NA',
        metadata: {},
        ...(field ? { field } : {}),
      },
    }),
  );
}

function json(res: ServerResponse, body: unknown) {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as unknown) : undefined;
}

export async function startRazorpayStandIn(keys = RAZORPAY_TEST_KEYS) {
  const orders = new Map<string, Order>();
  const paymentsById = new Map<string, StandInPayment>();
  const requests: Recorded[] = [];
  /** What has been refunded of each payment. */
  const refundedById = new Map<string, number>();
  /** Paths (e.g. "/v1/payments") whose next request fails with the given status (500: an outage). */
  const failing = new Map<string, number>();
  /** Payments that Razorpay captures on its own just before the app's capture call arrives. */
  const capturedMeanwhile = new Set<string>();
  /** Every refund made, oldest first; and by idempotency key, with the body it was made with. */
  const refunds: StandInRefund[] = [];
  const refundsByKey = new Map<string, { refund: StandInRefund; body: string }>();
  /** Paths whose next request is carried out but its answer lost (a 504 instead, as a dropped gateway). */
  const losing = new Set<string>();
  /** Called when the next request under a path arrives, before it is answered (to look at the app meanwhile). */
  const watching = new Map<string, () => Promise<void>>();
  const expectedAuth = `Basic ${Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString('base64')}`;

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const body = await readBody(req).catch(() => undefined);
      const authorized = req.headers.authorization === expectedAuth;
      const keyHeader = req.headers['x-refund-idempotency'];
      const idempotencyKey = typeof keyHeader === 'string' ? keyHeader : undefined;
      requests.push({
        method: req.method ?? '',
        path: url.pathname,
        authorized,
        body,
        ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
      });
      if (!authorized) return error(res, 401, 'Authentication failed');
      const watched = [...watching.keys()].find((p) => url.pathname.startsWith(p));
      if (watched) {
        const look = watching.get(watched);
        watching.delete(watched);
        await look?.();
      }
      const prefix = [...failing.keys()].find((p) => url.pathname.startsWith(p));
      if (prefix) {
        const status = failing.get(prefix) ?? 500;
        failing.delete(prefix);
        return error(
          res,
          status,
          status >= 500
            ? 'We are facing some trouble completing your request at the moment.'
            : 'The request could not be completed.',
        );
      }

      if (req.method === 'POST' && url.pathname === '/v1/orders') {
        const input = body as Partial<Order> | undefined;
        if (!Number.isInteger(input?.amount) || (input?.amount ?? 0) < 100)
          return error(res, 400, 'The amount must be atleast INR 1.00', 'amount');
        if (typeof input?.currency !== 'string')
          return error(res, 400, 'The currency field is required.', 'currency');
        if ((input.receipt ?? '').length > 40)
          return error(res, 400, 'receipt may not be greater than 40 characters.', 'receipt');
        const order: Order = {
          id: id('order'),
          amount: input.amount as number,
          currency: input.currency,
          receipt: input.receipt ?? '',
          notes: input.notes ?? {},
          status: 'created',
        };
        orders.set(order.id, order);
        return json(res, {
          ...order,
          entity: 'order',
          amount_paid: 0,
          amount_due: order.amount,
          attempts: 0,
          created_at: Math.floor(Date.now() / 1000),
        });
      }
      const refund = /^\/v1\/payments\/([^/]+)\/refund$/.exec(url.pathname);
      if (refund && req.method === 'POST') {
        const found = paymentsById.get(decodeURIComponent(refund[1] ?? ''));
        if (!found) return error(res, 400, 'The id provided does not exist');
        const input = body as
          { amount?: number; receipt?: string; notes?: Record<string, string> } | undefined;
        // Idempotency: the same key and body answer the first refund; the same key with another body is refused.
        if (idempotencyKey !== undefined) {
          if (!/^[A-Za-z0-9_-]{10,}$/.test(idempotencyKey))
            return error(res, 400, 'The idempotency key is invalid');
          const known = refundsByKey.get(idempotencyKey);
          if (known && known.body !== JSON.stringify(body))
            return error(res, 400, 'The request body differs from the original request with this key');
          if (known) return json(res, known.refund);
        }
        const left = found.amount - (refundedById.get(found.id) ?? 0);
        if (found.status !== 'captured' && found.status !== 'refunded')
          return error(res, 400, 'The payment has not been captured');
        if (!Number.isInteger(input?.amount) || (input?.amount ?? 0) < 100 || (input?.amount ?? 0) > left)
          return error(res, 400, 'The refund amount provided is greater than amount captured', 'amount');
        if ((input?.receipt ?? '').length > 40)
          return error(res, 400, 'receipt may not be greater than 40 characters.', 'receipt');
        refundedById.set(found.id, (refundedById.get(found.id) ?? 0) + (input?.amount ?? 0));
        const made: StandInRefund = {
          id: id('rfnd'),
          entity: 'refund',
          amount: input?.amount ?? 0,
          currency: found.currency,
          payment_id: found.id,
          notes: input?.notes ?? [],
          receipt: input?.receipt ?? null,
          status: 'processed',
          created_at: Math.floor(Date.now() / 1000),
        };
        refunds.push(made);
        if (idempotencyKey !== undefined)
          refundsByKey.set(idempotencyKey, { refund: made, body: JSON.stringify(body) });
        const lost = [...losing].find((p) => url.pathname.startsWith(p));
        if (lost) {
          losing.delete(lost);
          return error(res, 504, 'Gateway timeout');
        }
        return json(res, made);
      }
      const listed = /^\/v1\/payments\/([^/]+)\/refunds$/.exec(url.pathname);
      if (listed && req.method === 'GET') {
        const found = paymentsById.get(decodeURIComponent(listed[1] ?? ''));
        if (!found) return error(res, 400, 'The id provided does not exist');
        const count = Math.min(Number(url.searchParams.get('count') ?? 10), 100);
        const skip = Number(url.searchParams.get('skip') ?? 0);
        // Newest first, as Razorpay lists.
        const items = refunds
          .filter((r) => r.payment_id === found.id)
          .reverse()
          .slice(skip, skip + count);
        return json(res, { entity: 'collection', count: items.length, items });
      }
      const payment = /^\/v1\/payments\/([^/]+)(\/capture)?$/.exec(url.pathname);
      if (payment) {
        const found = paymentsById.get(decodeURIComponent(payment[1] ?? ''));
        if (!found) return error(res, 400, 'The id provided does not exist');
        if (req.method === 'GET' && !payment[2]) return json(res, found);
        if (req.method === 'POST' && payment[2]) {
          const input = body as { amount?: number; currency?: string } | undefined;
          if (capturedMeanwhile.delete(found.id)) {
            found.status = 'captured';
            found.captured = true;
          }
          if (found.status !== 'authorized') return error(res, 400, 'This payment has already been captured');
          if (input?.amount !== found.amount || input.currency !== found.currency)
            return error(res, 400, 'Capture amount must be equal to the amount authorized', 'amount');
          found.status = 'captured';
          found.captured = true;
          return json(res, found);
        }
      }
      return error(res, 404, 'The requested URL was not found on the server.');
    })().catch(() => error(res, 500, 'stand-in failure'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    keys,
    orders,
    requests,
    /** Pay an order as Checkout would; the handler's three fields, signed with the key secret. */
    pay(
      orderId: string,
      options: { status?: StandInPayment['status']; amount?: number; description?: string } = {},
    ) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`stand-in: no order ${orderId}`);
      const status = options.status ?? 'captured';
      const entity: StandInPayment = {
        id: id('pay'),
        entity: 'payment',
        amount: options.amount ?? order.amount,
        currency: order.currency,
        status,
        order_id: orderId,
        method: 'card',
        captured: status === 'captured',
        error_code: status === 'failed' ? 'BAD_REQUEST_ERROR' : null,
        error_description: status === 'failed' ? (options.description ?? 'Payment failed') : null,
        email: 'client@example.com',
        contact: '+14695550100',
        created_at: Math.floor(Date.now() / 1000),
      };
      paymentsById.set(entity.id, entity);
      if (status === 'captured') order.status = 'paid';
      return {
        payment: entity,
        razorpay_payment_id: entity.id,
        razorpay_order_id: orderId,
        razorpay_signature: hmac(keys.keySecret, `${orderId}|${entity.id}`),
      };
    },
    /** A webhook event about a payment, as Razorpay posts it, and its X-Razorpay-Signature. */
    webhook(event: string, payment: StandInPayment, secret = keys.webhookSecret) {
      const body = JSON.stringify({
        entity: 'event',
        account_id: 'acc_BFQ7uQEaa7j2z7',
        event,
        contains: ['payment'],
        payload: { payment: { entity: payment } },
        created_at: Math.floor(Date.now() / 1000),
      });
      return { body, signature: hmac(secret, body) };
    },
    /** The next request under this path fails with this status. */
    failNext(pathPrefix: string, status = 500) {
      failing.set(pathPrefix, status);
    },
    /** Every refund the stand-in made, oldest first. */
    refunds,
    /** Run `look` when the next request under this path arrives, before the stand-in answers it. */
    beforeNext(pathPrefix: string, look: () => Promise<void>) {
      watching.set(pathPrefix, look);
    },
    /** The next request under this path is carried out, but its answer is lost (504). */
    loseNextAnswer(pathPrefix: string) {
      losing.add(pathPrefix);
    },
    /** Razorpay captures this (authorized) payment itself just before the app asks to. */
    captureMeanwhile(paymentId: string) {
      capturedMeanwhile.add(paymentId);
    },
    /** A checkout signature for any pair, as only the key secret's holder can make. */
    sign(orderId: string, paymentId: string) {
      return hmac(keys.keySecret, `${orderId}|${paymentId}`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type RazorpayStandIn = Awaited<ReturnType<typeof startRazorpayStandIn>>;

import { CALLS, MESSAGES } from '@taxfirm/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { byUser, limits } from '../../lib/rate-limit.ts';
import { findFiling } from '../filings/filings.service.ts';
import { registerCall } from '../../lib/register-call.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import {
  createOrder,
  getOwnOrder,
  getPaymentStatus,
  invoiceNumberOf,
  reportFailure,
  toPaymentRecord,
  verifyOrder,
  type PaymentsDeps,
} from './payments.service.ts';
import { handleWebhook, WEBHOOK_SIGNATURE_HEADER } from './payments.webhook.ts';
import type { PaymentProvider } from './providers/provider.ts';
import type { SandboxProvider } from './providers/sandbox.ts';

/** The provider's webhook (Razorpay's "payment.captured", "order.paid", "payment.failed"). */
export const WEBHOOK_PATH = '/api/payment/webhook';
const WEBHOOK_BODY_LIMIT = 256 * 1024;

export async function paymentsRoutes(
  app: FastifyInstance,
  {
    settings,
    provider,
    appUrl,
  }: { settings: SettingsCache; provider: PaymentProvider | SandboxProvider; appUrl: string },
) {
  const deps: PaymentsDeps = {
    db: app.db,
    provider,
    firm: () => settings.firm(),
    appUrl,
  };
  const taxYear = () => settings.taxYear();
  /** The session's client: the only identity these calls use. */
  const actorOf = (request: FastifyRequest) => {
    const user = request.user;
    if (!user?.clientId) throw new AppError('UNAUTHORIZED');
    return { userId: user.id, clientId: user.clientId };
  };
  const perUser = (name: string, max: number) => limits(app, { name, max, window: '1 hour', key: byUser });

  registerCall(app, CALLS.paymentStatus, async (request) =>
    getPaymentStatus(app.db, actorOf(request).clientId, await taxYear()),
  );

  registerCall(
    app,
    CALLS.createOrder,
    async (request) =>
      createOrder(deps, { actor: actorOf(request), amount: request.body.amount, taxYear: await taxYear() }),
    { preHandler: perUser('payment-order', 30) },
  );

  registerCall(
    app,
    CALLS.verifyOrder,
    async (request) => {
      await verifyOrder(deps, {
        actor: actorOf(request),
        orderId: request.body.order_id,
        paymentId: request.body.payment_id,
        signature: request.body.signature,
        amount: request.body.amount,
      });
      return { success: true };
    },
    { preHandler: perUser('payment-verify', 60) },
  );

  registerCall(app, CALLS.paymentOrder, async (request) => {
    const row = await getOwnOrder(app.db, actorOf(request).clientId, request.body.order_id);
    return {
      order: toPaymentRecord(row, await invoiceNumberOf(app.db, row.invoiceId)),
      filestatus: (await findFiling(app.db, { filingId: row.filingId }))?.status ?? null,
    };
  });

  registerCall(
    app,
    CALLS.reportPaymentFailure,
    async (request) => ({
      reason: await reportFailure(deps, {
        actor: actorOf(request),
        orderId: request.body.order_id,
        paymentId: request.body.payment_id,
      }),
    }),
    { preHandler: perUser('payment-failure', 60) },
  );

  if ('charge' in provider) sandboxRoutes(app, provider, deps, actorOf, perUser);

  const { isValidWebhookSignature } = provider;
  if (isValidWebhookSignature) {
    // The signature covers the exact bytes sent: this route keeps the raw body.
    await app.register(async (scope) => {
      scope.addContentTypeParser(
        'application/json',
        { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
        (_request, body, done) => done(null, body),
      );
      scope.post(WEBHOOK_PATH, { config: { skipCsrf: true } }, async (request) => {
        const header = request.headers[WEBHOOK_SIGNATURE_HEADER];
        const eventId = request.headers['x-razorpay-event-id'];
        const outcome = await handleWebhook(deps, request.log, {
          rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          signature: typeof header === 'string' ? header : undefined,
          eventId: typeof eventId === 'string' ? eventId : undefined,
        });
        request.log.info({ outcome }, 'payment webhook');
        return { http_code: 200, status_smessage: MESSAGES.SUCCESS };
      });
    });
  }
}

/** The sandbox checkout's own calls: its view of an order, and a test card charged for it. */
function sandboxRoutes(
  app: FastifyInstance,
  provider: SandboxProvider,
  deps: PaymentsDeps,
  actorOf: (request: FastifyRequest) => { userId: string; clientId: string },
  perUser: (name: string, max: number) => ReturnType<typeof limits>,
) {
  registerCall(app, CALLS.sandboxOrder, async (request) => {
    const row = await getOwnOrder(app.db, actorOf(request).clientId, request.body.order_id);
    return {
      order_id: row.orderId,
      amount: row.amountCents,
      currency: row.currency === 'INR' ? ('INR' as const) : ('USD' as const),
      merchant: (await deps.firm()).name,
      status:
        row.status === 'paid'
          ? ('paid' as const)
          : row.status === 'failed'
            ? ('attempted' as const)
            : ('created' as const),
    };
  });

  registerCall(
    app,
    CALLS.sandboxPay,
    async (request) => {
      const row = await getOwnOrder(app.db, actorOf(request).clientId, request.body.order_id);
      if (row.status === 'paid')
        throw new AppError('CONFLICT', { message: MESSAGES.PAYMENT_ALREADY_RECORDED });
      const result = await provider.charge({
        orderId: row.orderId,
        amount: row.amountCents,
        currency: row.currency,
        cardNumber: request.body.card_number,
      });
      if (!result) {
        throw new AppError('VALIDATION_FAILED', {
          message: MESSAGES.CARD_NOT_A_TEST_CARD,
          details: { card_number: MESSAGES.CARD_NOT_A_TEST_CARD },
        });
      }
      return { result };
    },
    { preHandler: perUser('sandbox-pay', 60) },
  );
}

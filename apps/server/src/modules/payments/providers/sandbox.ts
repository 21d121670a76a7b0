/**
 * The sandbox provider: a card checkout served by this app in test mode (the default outside production).
 * It behaves as Razorpay does: orders with ids like order_…, payments like pay_…, a checkout result signed
 * with HMAC-SHA256 over "order_id|payment_id", failures in Razorpay's error shape, and a record of every
 * charge (sandbox_charges) that the app asks about by payment id. Only SANDBOX_TEST_CARDS are accepted; no
 * card number is kept, only its network and last four digits.
 */
import { randomBytes } from 'node:crypto';
import { MESSAGES, SANDBOX_TEST_CARDS, type SandboxCardOutcome } from '@taxfirm/contract';
import { and, eq, sandboxCharges, sandboxRefunds, sql, type Database } from '@taxfirm/db';
import {
  checkoutSignature,
  hmacSha256Hex,
  isSameSignature,
  ProviderError,
  type PaymentProvider,
} from './provider.ts';

export const SANDBOX_KEY_ID = 'rzp_test_sandbox';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A provider-style id: prefix and 14 random letters or digits. */
export function providerId(prefix: 'order' | 'pay' | 'rfnd'): string {
  const bytes = randomBytes(14);
  let id = '';
  for (const byte of bytes) id += ALPHANUMERIC[byte % ALPHANUMERIC.length];
  return `${prefix}_${id}`;
}

const FAILURES: Record<Exclude<SandboxCardOutcome, 'captured'>, { reason: string; description: string }> = {
  declined: { reason: 'payment_failed', description: MESSAGES.CARD_DECLINED },
  insufficient_funds: { reason: 'insufficient_funds', description: MESSAGES.CARD_INSUFFICIENT_FUNDS },
};

export type SandboxChargeResult =
  | {
      status: 'captured';
      razorpay_payment_id: string;
      razorpay_order_id: string;
      razorpay_signature: string;
    }
  | {
      status: 'failed';
      error: {
        code: string;
        description: string;
        reason: string;
        metadata: { order_id: string; payment_id: string };
      };
    };

export type SandboxProvider = PaymentProvider & {
  /** Charge a test card for an order; null when the number is not one of the test cards. */
  charge(input: {
    orderId: string;
    amount: number;
    currency: string;
    cardNumber: string;
  }): Promise<SandboxChargeResult | null>;
};

/** The sandbox's signing secret, derived from the session secret (nothing to configure). */
export function sandboxSecret(sessionSecret: string): string {
  return hmacSha256Hex(sessionSecret, 'sandbox-payment-provider');
}

export function createSandboxProvider({ db, secret }: { db: Database; secret: string }): SandboxProvider {
  return {
    name: 'sandbox',
    keyId: SANDBOX_KEY_ID,
    async createOrder({ amount, currency }) {
      return { id: providerId('order'), amount, currency };
    },
    isValidSignature(orderId, paymentId, signature) {
      return isSameSignature(checkoutSignature(secret, orderId, paymentId), signature);
    },
    async fetchPayment(paymentId) {
      const [charge] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.id, paymentId));
      if (!charge) return null;
      return {
        id: charge.id,
        orderId: charge.orderId,
        amount: charge.amountCents,
        currency: charge.currency,
        status: charge.status,
        method: 'card',
        errorDescription: charge.errorDescription,
      };
    },
    // The sandbox captures every successful charge at once.
    async capturePayment(payment) {
      return payment;
    },
    // Like Razorpay: a captured charge, refunded in parts up to what was captured, never more; idempotent by
    // key (a second request with the same key answers the first refund and moves nothing).
    async refundPayment(payment, amount, idempotencyKey) {
      if (!Number.isInteger(amount) || amount <= 0) {
        throw new ProviderError('The sandbox refused the refund', { refused: true });
      }
      return db.transaction(async (tx) => {
        const [known] = await tx
          .select()
          .from(sandboxRefunds)
          .where(eq(sandboxRefunds.idempotencyKey, idempotencyKey));
        if (known) {
          if (known.chargeId !== payment.id || known.amountCents !== amount) {
            throw new ProviderError('The sandbox refused the refund', { refused: true });
          }
          return { id: known.id, amount: known.amountCents, failed: false };
        }
        const [charge] = await tx
          .update(sandboxCharges)
          .set({ refundedCents: sql`${sandboxCharges.refundedCents} + ${amount}` })
          .where(
            and(
              eq(sandboxCharges.id, payment.id),
              eq(sandboxCharges.status, 'captured'),
              sql`${sandboxCharges.refundedCents} + ${amount} <= ${sandboxCharges.amountCents}`,
            ),
          )
          .returning({ id: sandboxCharges.id });
        if (!charge) {
          throw new ProviderError('The sandbox refused the refund', { refused: true });
        }
        const id = providerId('rfnd');
        await tx
          .insert(sandboxRefunds)
          .values({ id, chargeId: charge.id, amountCents: amount, idempotencyKey });
        return { id, amount, failed: false };
      });
    },
    async findRefund(payment, idempotencyKey) {
      const [known] = await db
        .select()
        .from(sandboxRefunds)
        .where(
          and(eq(sandboxRefunds.chargeId, payment.id), eq(sandboxRefunds.idempotencyKey, idempotencyKey)),
        );
      return known ? { id: known.id, amount: known.amountCents, failed: false } : null;
    },
    async charge({ orderId, amount, currency, cardNumber }) {
      const card = SANDBOX_TEST_CARDS.find((c) => c.number === cardNumber);
      if (!card) return null;
      const paymentId = providerId('pay');
      const failure = card.outcome === 'captured' ? null : FAILURES[card.outcome];
      await db.insert(sandboxCharges).values({
        id: paymentId,
        orderId,
        amountCents: amount,
        currency,
        status: failure ? 'failed' : 'captured',
        cardNetwork: card.network,
        cardLast4: card.number.slice(-4),
        ...(failure
          ? {
              errorCode: 'BAD_REQUEST_ERROR',
              errorReason: failure.reason,
              errorDescription: failure.description,
            }
          : {}),
      });
      if (failure) {
        return {
          status: 'failed',
          error: {
            code: 'BAD_REQUEST_ERROR',
            description: failure.description,
            reason: failure.reason,
            metadata: { order_id: orderId, payment_id: paymentId },
          },
        };
      }
      return {
        status: 'captured',
        razorpay_payment_id: paymentId,
        razorpay_order_id: orderId,
        razorpay_signature: checkoutSignature(secret, orderId, paymentId),
      };
    },
  };
}

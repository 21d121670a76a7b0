import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { envelope, requiredText } from '../common.ts';
import { CENTS_PER_UNIT, MAX_PAYMENT_CENTS, PAYMENT_CURRENCY } from '../constants.ts';

/** The 'Payment Amount $' field, in dollars as typed. */
export const paymentAmountSchema = z
  .union([z.string(), z.number()], { error: MESSAGES.AMOUNT_REQUIRED })
  .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
  .refine((v) => v !== '', { error: MESSAGES.AMOUNT_REQUIRED })
  .refine((v) => Number.isFinite(Number(v)) && Number(v) > 0, { error: MESSAGES.AMOUNT_POSITIVE })
  .refine((v) => /^\d+(\.\d{1,2})?$/.test(v), { error: MESSAGES.AMOUNT_DECIMALS })
  .transform((v) => Math.round(Number(v) * CENTS_PER_UNIT))
  .refine((cents) => cents <= MAX_PAYMENT_CENTS, { error: MESSAGES.AMOUNT_TOO_LARGE });

export const paymentFormSchema = z.object({ amount: paymentAmountSchema });

/** createOrder: the amount travels in cents (times 100). */
export const createOrderBodySchema = z.object({
  amount: z
    .number({ error: MESSAGES.AMOUNT_REQUIRED })
    .int({ error: MESSAGES.AMOUNT_DECIMALS })
    .positive({ error: MESSAGES.AMOUNT_POSITIVE })
    .max(MAX_PAYMENT_CENTS, { error: MESSAGES.AMOUNT_TOO_LARGE }),
  currency: z.literal(PAYMENT_CURRENCY),
  /** Ignored: the order is for the session's own client. */
  clientid: z.unknown().optional(),
});
export const createOrderResponseSchema = envelope({
  id: z.string(),
  amount: z.number().int(),
  currency: z.literal(PAYMENT_CURRENCY),
  provider: z.string(),
  key: z.string().optional(),
  checkout_url: z.string().optional(),
});

export const verifyOrderBodySchema = z.object({
  /** The old client sent its stored token; identity comes from the session. */
  access_token: z.unknown().optional(),
  payment_id: requiredText('payment_id is required', 100),
  order_id: requiredText('order_id is required', 100),
  signature: requiredText('signature is required', 200),
});
export const verifyOrderResponseSchema = envelope({ success: z.boolean() });

import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { envelope, requiredText } from '../common.ts';
import { CENTS_PER_UNIT, MAX_PAYMENT_CENTS, MIN_PAYMENT_CENTS, PAYMENT_CURRENCY } from '../constants.ts';
import { FILE_STATUSES } from '../statuses.ts';
import { INVOICE_CURRENCIES } from '../invoices/invoices.constants.ts';

export const PAYMENT_PROVIDERS = ['sandbox', 'razorpay'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** The 'Payment Amount $' field, in dollars as typed. */
export const paymentAmountSchema = z
  .union([z.string(), z.number()], { error: MESSAGES.AMOUNT_REQUIRED })
  .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
  .refine((v) => v !== '', { error: MESSAGES.AMOUNT_REQUIRED })
  .refine((v) => Number.isFinite(Number(v)) && Number(v) > 0, { error: MESSAGES.AMOUNT_POSITIVE })
  .refine((v) => /^\d+(\.\d{1,2})?$/.test(v), { error: MESSAGES.AMOUNT_DECIMALS })
  .transform((v) => Math.round(Number(v) * CENTS_PER_UNIT))
  .refine((cents) => cents <= MAX_PAYMENT_CENTS, { error: MESSAGES.AMOUNT_TOO_LARGE })
  .refine((cents) => cents >= MIN_PAYMENT_CENTS, { error: MESSAGES.AMOUNT_TOO_SMALL });

export const paymentFormSchema = z.object({ amount: paymentAmountSchema });

/** The provider's ids: a prefix and letters or digits (Razorpay's shape, which the sandbox shares). */
const orderIdField = requiredText('order_id is required', 60).regex(/^order_[A-Za-z0-9]{1,40}$/, {
  error: MESSAGES.ORDER_ID_INVALID,
});
const paymentIdField = requiredText('payment_id is required', 60).regex(/^pay_[A-Za-z0-9]{1,40}$/, {
  error: MESSAGES.PAYMENT_ID_INVALID,
});

/** createOrder: the amount travels in cents (times 100). */
export const createOrderBodySchema = z.object({
  amount: z
    .number({ error: MESSAGES.AMOUNT_REQUIRED })
    .int({ error: MESSAGES.AMOUNT_DECIMALS })
    .positive({ error: MESSAGES.AMOUNT_POSITIVE })
    .max(MAX_PAYMENT_CENTS, { error: MESSAGES.AMOUNT_TOO_LARGE })
    .min(MIN_PAYMENT_CENTS, { error: MESSAGES.AMOUNT_TOO_SMALL }),
  currency: z.literal(PAYMENT_CURRENCY),
  /** Ignored: the order is for the session's own client. */
  clientid: z.unknown().optional(),
});
export const createOrderResponseSchema = envelope({
  id: z.string(),
  amount: z.number().int(),
  /** USD on /user/payment; an invoice's own currency when paying an invoice. */
  currency: z.enum(INVOICE_CURRENCIES),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** The provider's public key for its checkout. */
  key: z.string(),
  /** The firm's name, shown in the checkout. */
  name: z.string(),
});

export const verifyOrderBodySchema = z.object({
  /** The old client sent its stored token; identity comes from the session. */
  access_token: z.unknown().optional(),
  payment_id: paymentIdField,
  order_id: orderIdField,
  signature: requiredText('signature is required', 200),
  /** What the page believes it paid, in cents; refused when it differs from the stored order. */
  amount: z.number().int().positive().optional(),
});
export const verifyOrderResponseSchema = envelope({ success: z.boolean() });

/** An order's outcome: created (checkout not finished), paid, or failed (the last attempt failed). */
export const PAYMENT_STATUSES = ['created', 'paid', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export function isPaymentStatus(value: string): value is PaymentStatus {
  return (PAYMENT_STATUSES as readonly string[]).includes(value);
}

/** One of the client's payment orders, as the portal shows it (receipts, the failure page, the history). */
export const paymentRecordSchema = z.object({
  order_id: z.string(),
  payment_id: z.string().nullable(),
  amount: z.number().int(),
  currency: z.enum(INVOICE_CURRENCIES),
  status: z.enum(PAYMENT_STATUSES),
  /** The invoice it pays (null: a payment made on /user/payment with no invoice open). */
  invoice_id: z.string().nullable(),
  invoice_number: z.string().nullable(),
  /** What has been refunded of it. */
  refunded: z.number().int(),
  /** The provider's reason for the last failed attempt. */
  failure_reason: z.string().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type PaymentRecord = z.infer<typeof paymentRecordSchema>;

/** account/payments/status: whether the current filing opens payment, and the client's orders for it. */
export const paymentStatusResponseSchema = envelope({
  filestatus: z.enum(FILE_STATUSES).nullable(),
  payment_open: z.boolean(),
  payments: z.array(paymentRecordSchema),
  /**
   * The open USD invoice a payment here goes to (the oldest of the current filing), whose balance prefills
   * the amount; null when none is open.
   */
  invoice: z.object({ id: z.string(), number: z.string(), balance: z.number().int() }).nullable(),
  /** Whether the firm takes part payments (otherwise the amount must be the invoice's balance). */
  part_payments: z.boolean(),
});

/** account/payments/order: one of the session's own orders (for the receipt and the failure page). */
export const paymentOrderBodySchema = z.object({ order_id: orderIdField });
export const paymentOrderResponseSchema = envelope({
  order: paymentRecordSchema,
  filestatus: z.enum(FILE_STATUSES).nullable(),
});

/** account/payments/reportfailure: the checkout said a payment failed; the server asks the provider before recording it. */
export const reportFailureBodySchema = z.object({
  order_id: orderIdField,
  payment_id: paymentIdField,
});
export const reportFailureResponseSchema = envelope({ reason: z.string() });

/**
 * The sandbox provider's test cards (a checkout served by this app in test mode). Any other number is
 * refused without a charge.
 */
export const SANDBOX_TEST_CARDS = [
  { number: '4111111111111111', network: 'Visa', outcome: 'captured', label: 'Payment succeeds' },
  { number: '5555555555554444', network: 'Mastercard', outcome: 'captured', label: 'Payment succeeds' },
  { number: '4000000000000002', network: 'Visa', outcome: 'declined', label: 'Declined by the bank' },
  {
    number: '4000000000009995',
    network: 'Visa',
    outcome: 'insufficient_funds',
    label: 'Fails: insufficient funds',
  },
] as const;
export type SandboxCardOutcome = (typeof SANDBOX_TEST_CARDS)[number]['outcome'];

/** The Luhn checksum every card number carries. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** An MM/YY expiry that has not passed (a card is valid to the end of its month). */
export function isExpiryCurrent(expiry: string, now: Date = new Date()): boolean {
  const [month, year] = expiry.split('/').map(Number) as [number, number];
  const endOfMonth = Date.UTC(2000 + year, month, 1);
  return endOfMonth > now.getTime();
}

/** The sandbox checkout's card form (browser and server). */
export const sandboxCardSchema = z.object({
  card_number: z
    .string({ error: MESSAGES.CARD_NUMBER_REQUIRED })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => v !== '', { error: MESSAGES.CARD_NUMBER_REQUIRED })
    .refine(isLuhnValid, { error: MESSAGES.CARD_NUMBER_INVALID }),
  expiry: z
    .string({ error: MESSAGES.CARD_EXPIRY_REQUIRED })
    .trim()
    .min(1, { error: MESSAGES.CARD_EXPIRY_REQUIRED })
    .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, { error: MESSAGES.CARD_EXPIRY_INVALID })
    .refine((v) => isExpiryCurrent(v), { error: MESSAGES.CARD_EXPIRED }),
  cvv: z
    .string({ error: MESSAGES.CARD_CVV_REQUIRED })
    .trim()
    .min(1, { error: MESSAGES.CARD_CVV_REQUIRED })
    .regex(/^\d{3,4}$/, { error: MESSAGES.CARD_CVV_INVALID }),
  name: requiredText(MESSAGES.CARD_NAME_REQUIRED, 100),
});
export type SandboxCard = z.input<typeof sandboxCardSchema>;

export const sandboxOrderBodySchema = z.object({ order_id: orderIdField });
export const sandboxOrderResponseSchema = envelope({
  order_id: z.string(),
  amount: z.number().int(),
  currency: z.enum(INVOICE_CURRENCIES),
  merchant: z.string(),
  status: z.enum(['created', 'attempted', 'paid']),
});

export const sandboxPayBodySchema = sandboxCardSchema.extend({ order_id: orderIdField });

/**
 * What the sandbox checkout hands back, in the real provider's shapes: the handler's three fields when the
 * card is charged, or its payment.failed error (with the failed payment's id in metadata).
 */
export const sandboxPayResponseSchema = envelope({
  result: z.discriminatedUnion('status', [
    z.object({
      status: z.literal('captured'),
      razorpay_payment_id: z.string(),
      razorpay_order_id: z.string(),
      razorpay_signature: z.string(),
    }),
    z.object({
      status: z.literal('failed'),
      error: z.object({
        code: z.string(),
        description: z.string(),
        reason: z.string(),
        metadata: z.object({ order_id: z.string(), payment_id: z.string() }),
      }),
    }),
  ]),
});

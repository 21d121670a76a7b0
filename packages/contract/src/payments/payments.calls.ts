import { defineCall } from '../call.ts';
import { emptyBodySchema } from '../common.ts';
import {
  createOrderBodySchema,
  createOrderResponseSchema,
  paymentOrderBodySchema,
  paymentOrderResponseSchema,
  paymentStatusResponseSchema,
  reportFailureBodySchema,
  reportFailureResponseSchema,
  sandboxOrderBodySchema,
  sandboxOrderResponseSchema,
  sandboxPayBodySchema,
  sandboxPayResponseSchema,
  verifyOrderBodySchema,
  verifyOrderResponseSchema,
} from './payments.schemas.ts';

export const paymentsCalls = {
  createOrder: defineCall({
    path: 'payment/createOrder',
    body: createOrderBodySchema,
    response: createOrderResponseSchema,
    access: 'client',
    summary: 'Create a payment order in cents, USD; refused unless the filing opens payment.',
  }),
  verifyOrder: defineCall({
    path: 'payment/verifyOrder',
    body: verifyOrderBodySchema,
    response: verifyOrderResponseSchema,
    access: 'client',
    summary: "Verify the provider's signature over order id and payment id and record the payment.",
  }),
  paymentStatus: defineCall({
    path: 'account/payments/status',
    body: emptyBodySchema,
    response: paymentStatusResponseSchema,
    access: 'client',
    summary: "Whether the current filing opens payment, and the session client's orders for it.",
  }),
  paymentOrder: defineCall({
    path: 'account/payments/order',
    body: paymentOrderBodySchema,
    response: paymentOrderResponseSchema,
    access: 'client',
    summary: "One of the session client's own orders: the receipt or the reason it failed.",
  }),
  reportPaymentFailure: defineCall({
    path: 'account/payments/reportfailure',
    body: reportFailureBodySchema,
    response: reportFailureResponseSchema,
    access: 'client',
    summary: 'Record a failed attempt on an own order once the provider confirms the payment failed.',
  }),
  sandboxOrder: defineCall({
    path: 'account/payments/sandbox/order',
    body: sandboxOrderBodySchema,
    response: sandboxOrderResponseSchema,
    access: 'client',
    summary: 'Sandbox provider only: the order its checkout is paying.',
  }),
  sandboxPay: defineCall({
    path: 'account/payments/sandbox/pay',
    body: sandboxPayBodySchema,
    response: sandboxPayResponseSchema,
    access: 'client',
    summary: 'Sandbox provider only: charge a test card and answer as the real checkout does.',
  }),
} as const;

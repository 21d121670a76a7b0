import { defineCall } from '../call.ts';
import {
  createOrderBodySchema,
  createOrderResponseSchema,
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
} as const;

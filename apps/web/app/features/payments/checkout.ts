import type { PaymentProviderName } from '@taxfirm/contract';

/**
 * What any provider's checkout hands back, in Razorpay's terms: the three signed fields of its handler, its
 * payment.failed error, or nothing when the payer closed it.
 */
export type CheckoutResult =
  | { kind: 'paid'; paymentId: string; orderId: string; signature: string }
  | { kind: 'failed'; paymentId: string | null; description: string }
  | { kind: 'dismissed' };

/** What the client pays: the order from payment/createOrder or account/invoices/pay. */
export type CheckoutOrder = {
  id: string;
  amount: number;
  currency: 'USD' | 'INR';
  /** Which checkout opens: the sandbox's dialog or Razorpay's. */
  provider: PaymentProviderName;
  key: string;
  name: string;
};

/**
 * Razorpay's Checkout (its modal), loaded from Razorpay on first use as its terms require; the page's
 * Content-Security-Policy allows it only while Razorpay is the provider.
 */
import type { CheckoutOrder, CheckoutResult } from './checkout.ts';

const SCRIPT_URL = 'https://checkout.razorpay.com/v1/checkout.js';

type HandlerResponse = { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };
type FailedResponse = {
  error: { description?: string; metadata?: { payment_id?: string; order_id?: string } };
};
type RazorpayOptions = {
  key: string;
  amount: number;
  currency: string;
  name: string;
  description: string;
  order_id: string;
  prefill: { name?: string; email?: string };
  handler: (response: HandlerResponse) => void;
  modal: { ondismiss: () => void };
  theme: { color: string };
};
type RazorpayCheckout = {
  open(): void;
  close(): void;
  on(event: 'payment.failed', listener: (response: FailedResponse) => void): void;
};
type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayCheckout;

let loading: Promise<RazorpayConstructor> | null = null;

function loadCheckout(): Promise<RazorpayConstructor> {
  loading ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.addEventListener('load', () => {
      const ctor = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
      if (ctor) resolve(ctor);
      else reject(new Error('Razorpay Checkout did not load'));
    });
    script.addEventListener('error', () => {
      loading = null;
      reject(new Error('Razorpay Checkout could not be loaded'));
    });
    document.head.append(script);
  });
  return loading;
}

export async function openRazorpayCheckout(
  order: CheckoutOrder,
  prefill: { name?: string; email?: string },
): Promise<CheckoutResult> {
  const Razorpay = await loadCheckout();
  return new Promise<CheckoutResult>((resolve) => {
    const checkout = new Razorpay({
      key: order.key,
      amount: order.amount,
      currency: order.currency,
      name: order.name,
      description: 'Tax preparation fee',
      order_id: order.id,
      prefill,
      handler: (response) =>
        resolve({
          kind: 'paid',
          paymentId: response.razorpay_payment_id,
          orderId: response.razorpay_order_id,
          signature: response.razorpay_signature,
        }),
      modal: { ondismiss: () => resolve({ kind: 'dismissed' }) },
      theme: { color: '#1c3d6e' },
    });
    checkout.on('payment.failed', (response) => {
      checkout.close();
      resolve({
        kind: 'failed',
        paymentId: response.error.metadata?.payment_id ?? null,
        description: response.error.description ?? '',
      });
    });
    checkout.open();
  });
}

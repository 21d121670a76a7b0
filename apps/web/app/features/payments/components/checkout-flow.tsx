import { Group, Loader, Text } from '@mantine/core';
import { MESSAGES } from '@taxfirm/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useSessionInfo } from '../../../lib/session.ts';
import { reportFailure } from '../api/report-failure.ts';
import { verifyOrder } from '../api/verify-order.ts';
import type { CheckoutOrder, CheckoutResult } from '../checkout.ts';
import { openRazorpayCheckout } from '../razorpay-checkout.ts';
import { SandboxCheckout } from './sandbox-checkout.tsx';

const withOrder = (href: string, orderId: string) => `${href}?order_id=${encodeURIComponent(orderId)}`;

/**
 * The checkout's outcome, settled with the server: a paid result is verified (the server checks the
 * signature and asks the provider) before the receipt; a failure is reported (the server asks the provider
 * too); a closed checkout ends on the failure page. The pages that follow read the order from the server.
 */
function useCompleteCheckout() {
  const navigate = useNavigate();
  const client = useQueryClient();
  return async (order: CheckoutOrder, result: CheckoutResult) => {
    let paid = false;
    if (result.kind === 'paid') {
      try {
        await verifyOrder({
          order_id: result.orderId,
          payment_id: result.paymentId,
          signature: result.signature,
          amount: order.amount,
        });
        paid = true;
      } catch (error) {
        // Already recorded (the provider's webhook came first): the receipt page shows it.
        paid = error instanceof ApiError && error.code === 'CONFLICT';
      }
    } else if (result.kind === 'failed' && result.paymentId) {
      await reportFailure({ order_id: order.id, payment_id: result.paymentId }).catch(() => undefined);
    }
    // A payment moves much at once (the payment page, invoices and their balances, the file's status, tax
    // summaries held until paid): everything the portal read before is stale.
    await client.invalidateQueries();
    navigate(
      withOrder(paid ? paths.user.paymentSuccess.getHref() : paths.user.paymentFailure.getHref(), order.id),
    );
  };
}

/** The one checkout flow of the portal (the payment page and an invoice's Pay), whichever the provider. */
export type Checkout = {
  /** Open the provider's checkout for an order the server created; ends on the receipt or failure page. */
  start: (order: CheckoutOrder) => Promise<void>;
  /** Why the checkout did not open (the provider's script did not load): nothing was charged. */
  error: string | null;
  /** The result is being settled with the server: show ConfirmingPayment instead of the page. */
  isCompleting: boolean;
  /** The sandbox's checkout dialog while it is open: render it on the page. */
  dialog: ReactNode;
};

export function useCheckout(): Checkout {
  const session = useSessionInfo();
  const complete = useCompleteCheckout();
  const [sandboxOrder, setSandboxOrder] = useState<CheckoutOrder | null>(null);
  const [isCompleting, setCompleting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const finish = async (order: CheckoutOrder, result: CheckoutResult) => {
    setSandboxOrder(null);
    setCompleting(true);
    await complete(order, result);
  };

  const start = async (order: CheckoutOrder) => {
    setError(null);
    if (order.provider === 'sandbox') {
      setSandboxOrder(order);
      return;
    }
    let result: CheckoutResult;
    try {
      result = await openRazorpayCheckout(order, {
        ...(session?.userName ? { name: session.userName } : {}),
        ...(session?.email ? { email: session.email } : {}),
      });
    } catch {
      // The provider's checkout script did not load (offline, blocked): nothing was charged.
      setError(MESSAGES.PAYMENT_PROVIDER_UNAVAILABLE);
      return;
    }
    await finish(order, result);
  };

  return {
    start,
    error,
    isCompleting,
    dialog: sandboxOrder && (
      <SandboxCheckout order={sandboxOrder} onResult={(result) => void finish(sandboxOrder, result)} />
    ),
  };
}

/** While the checkout's result is settled with the server. */
export function ConfirmingPayment() {
  return (
    <Group gap="xs" role="status">
      <Loader size="sm" aria-hidden />
      <Text>Confirming your payment…</Text>
    </Group>
  );
}

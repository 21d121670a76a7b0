import { Alert, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { MESSAGES, paymentFormSchema, PAYMENT_CURRENCY } from '@taxfirm/contract';
import { IconAlertCircle, IconCreditCard, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { FormTextField } from '../../../components/ui/form-text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { alertError, setServerFieldErrors, useContractForm } from '../../../lib/form.ts';
import { useSessionInfo } from '../../../lib/session.ts';
import { useCreateOrder, type PaymentOrder } from '../api/create-order.ts';
import { useForgetPaymentStatus, usePaymentStatus } from '../api/get-payment-status.ts';
import { reportFailure } from '../api/report-failure.ts';
import { verifyOrder } from '../api/verify-order.ts';
import type { CheckoutOrder, CheckoutResult } from '../checkout.ts';
import { openRazorpayCheckout } from '../razorpay-checkout.ts';
import { PaymentHistory } from './payment-history.tsx';
import { SandboxCheckout } from './sandbox-checkout.tsx';

const withOrder = (href: string, orderId: string) => `${href}?order_id=${encodeURIComponent(orderId)}`;

/**
 * The checkout's outcome, settled with the server: a paid result is verified (the server checks the
 * signature and asks the provider) before the receipt; a failure is reported (the server asks the provider
 * too); a closed checkout ends on the failure page. The pages that follow read the order from the server.
 */
function useCompleteCheckout() {
  const navigate = useNavigate();
  const forget = useForgetPaymentStatus();
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
    await forget();
    navigate(
      withOrder(paid ? paths.user.paymentSuccess.getHref() : paths.user.paymentFailure.getHref(), order.id),
    );
  };
}

/** user/payment: 'Payment Amount $' and Make Payment, the provider's checkout, and the payments so far. */
export function PaymentPage() {
  const status = usePaymentStatus();
  const session = useSessionInfo();
  const createOrder = useCreateOrder();
  const complete = useCompleteCheckout();
  const [sandboxOrder, setSandboxOrder] = useState<CheckoutOrder | null>(null);
  const [isCompleting, setCompleting] = useState(false);
  const [checkoutError, setCheckoutError] = useState<string | null>(null);
  const form = useContractForm(paymentFormSchema, { defaultValues: { amount: '' } });

  const finish = async (order: CheckoutOrder, result: CheckoutResult) => {
    setSandboxOrder(null);
    setCompleting(true);
    await complete(order, result);
  };

  const onSubmit = form.handleSubmit(async ({ amount }) => {
    setCheckoutError(null);
    let order: PaymentOrder;
    try {
      order = await createOrder.mutateAsync({
        amount,
        currency: PAYMENT_CURRENCY,
        clientid: session?.clientId,
      });
    } catch (error) {
      setServerFieldErrors(form, error);
      return;
    }
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
      setCheckoutError(MESSAGES.PAYMENT_PROVIDER_UNAVAILABLE);
      return;
    }
    await finish(order, result);
  });

  if (isCompleting) {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" aria-hidden />
        <Text>Confirming your payment…</Text>
      </Group>
    );
  }

  return (
    <Stack gap="xl">
      <Card withBorder radius="md" padding="lg" maw={520}>
        <form noValidate onSubmit={onSubmit} aria-label="Make a payment">
          <Stack gap="md">
            <FormTextField
              form={form}
              name="amount"
              label="Payment Amount $"
              description="In US dollars, as your preparer quoted it (for example 150.25)."
              inputMode="decimal"
              autoComplete="off"
              withAsterisk
              leftSection={<IconCreditCard size={18} aria-hidden />}
            />
            <ApiErrorAlert error={alertError(createOrder.error)} />
            {checkoutError && (
              <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
                {checkoutError}
              </Alert>
            )}
            <Button
              type="submit"
              disabled={createOrder.isPending}
              leftSection={<IconLock size={16} aria-hidden />}
            >
              {createOrder.isPending ? 'Processing' : 'Make Payment'}
            </Button>
            <Text fz="sm" c="gray.8">
              You pay on our card payment provider&apos;s secure checkout. We never see or store your card
              number.
            </Text>
          </Stack>
        </form>
      </Card>
      {status.data && <PaymentHistory payments={status.data.payments} />}
      {status.error && <ApiErrorAlert error={status.error} />}
      {sandboxOrder && (
        <SandboxCheckout order={sandboxOrder} onResult={(result) => void finish(sandboxOrder, result)} />
      )}
    </Stack>
  );
}

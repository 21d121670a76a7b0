import { Alert, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import {
  centsToDecimal,
  formatMoney,
  paymentFormSchema,
  PAYMENT_CURRENCY,
  type CallResponse,
  type CALLS,
} from '@taxfirm/contract';
import { IconAlertCircle, IconCreditCard, IconFileInvoice, IconLock } from '@tabler/icons-react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { FormTextField } from '../../../components/ui/form-text-field.tsx';
import { alertError, setServerFieldErrors, useContractForm } from '../../../lib/form.ts';
import { invoiceAmountFormSchema } from '../../../lib/payment-amount.ts';
import { useSessionInfo } from '../../../lib/session.ts';
import { useCreateOrder, type PaymentOrder } from '../api/create-order.ts';
import { usePaymentStatus } from '../api/get-payment-status.ts';
import { ConfirmingPayment, useCheckout, type Checkout } from './checkout-flow.tsx';
import { PaymentHistory } from './payment-history.tsx';

type PaymentStatusAnswer = CallResponse<typeof CALLS.paymentStatus>;

/** user/payment: 'Payment Amount $' and Make Payment, the provider's checkout, and the payments so far. */
export function PaymentPage() {
  const status = usePaymentStatus();
  const checkout = useCheckout();

  if (checkout.isCompleting) return <ConfirmingPayment />;

  return (
    <Stack gap="xl">
      {status.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden />
          <Text>Loading the payment page…</Text>
        </Group>
      ) : (
        <PaymentForm
          invoice={status.data?.invoice ?? null}
          partPayments={status.data?.part_payments ?? false}
          checkout={checkout}
        />
      )}
      {status.data && <PaymentHistory payments={status.data.payments} />}
      {status.error && <ApiErrorAlert error={status.error} />}
      {checkout.dialog}
    </Stack>
  );
}

/**
 * The amount (in dollars, the spec's rules) and Make Payment. With an open invoice, the payment goes to it:
 * the field starts at its balance, and may not be more (nor less, unless the firm takes part payments).
 */
function PaymentForm({
  invoice,
  partPayments,
  checkout,
}: {
  invoice: PaymentStatusAnswer['invoice'];
  partPayments: boolean;
  checkout: Checkout;
}) {
  const session = useSessionInfo();
  const createOrder = useCreateOrder();
  const form = useContractForm(
    invoice ? invoiceAmountFormSchema(invoice.balance, partPayments) : paymentFormSchema,
    { defaultValues: { amount: invoice ? centsToDecimal(invoice.balance) : '' } },
  );

  const onSubmit = form.handleSubmit(async ({ amount }) => {
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
    await checkout.start(order);
  });

  return (
    <Card withBorder radius="md" padding="lg" maw={520}>
      <form noValidate onSubmit={onSubmit} aria-label="Make a payment">
        <Stack gap="md">
          {invoice && (
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <IconFileInvoice size={20} aria-hidden />
              <Text fw={600}>
                Paying invoice {invoice.number} (balance {formatMoney(invoice.balance)})
              </Text>
            </Group>
          )}
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
          {checkout.error && (
            <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
              {checkout.error}
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
  );
}

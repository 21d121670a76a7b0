import { Alert, Badge, Button, Group, List, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatMoney, SANDBOX_TEST_CARDS, sandboxCardSchema } from '@taxfirm/contract';
import { IconLock } from '@tabler/icons-react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { FormMaskedField } from '../../../components/ui/form-masked-field.tsx';
import { FormTextField } from '../../../components/ui/form-text-field.tsx';
import { alertError, setServerFieldErrors, useContractForm } from '../../../lib/form.ts';
import { useSandboxOrder } from '../api/get-sandbox-order.ts';
import { usePaySandboxOrder } from '../api/pay-sandbox-order.ts';
import type { CheckoutOrder, CheckoutResult } from '../checkout.ts';

const spaced = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');

/**
 * The sandbox provider's checkout: a card form in a dialog over the payment page, as Razorpay's Checkout is.
 * Test mode: only the listed test cards are charged, and the result comes back signed as Razorpay signs it.
 */
export function SandboxCheckout({
  order,
  onResult,
}: {
  order: CheckoutOrder;
  onResult: (result: CheckoutResult) => void;
}) {
  const view = useSandboxOrder(order.id);
  const pay = usePaySandboxOrder();
  const form = useContractForm(sandboxCardSchema, {
    defaultValues: { card_number: '', expiry: '', cvv: '', name: '' },
  });
  const currency = view.data?.currency ?? order.currency;
  const amount = formatMoney(view.data?.amount ?? order.amount, currency);

  const onSubmit = form.handleSubmit(async (card) => {
    try {
      const { result } = await pay.mutateAsync({ order_id: order.id, ...card });
      if (result.status === 'captured') {
        onResult({
          kind: 'paid',
          paymentId: result.razorpay_payment_id,
          orderId: result.razorpay_order_id,
          signature: result.razorpay_signature,
        });
      } else {
        onResult({
          kind: 'failed',
          paymentId: result.error.metadata.payment_id,
          description: result.error.description,
        });
      }
    } catch (error) {
      setServerFieldErrors(form, error);
    }
  });

  return (
    <Modal
      opened
      onClose={() => {
        if (!pay.isPending) onResult({ kind: 'dismissed' });
      }}
      title={
        <Group gap="xs">
          <Text fw={700}>Sandbox checkout</Text>
          <Badge color="gold" c="gold.9" variant="light">
            Test mode
          </Badge>
        </Group>
      }
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close checkout' }}
      // Mantine draws the dialog's header as <header>, which would be a second banner landmark on the page.
      attributes={{ header: { role: 'none' } }}
    >
      <form noValidate onSubmit={onSubmit} aria-label="Card payment">
        <Stack gap="md">
          <div>
            <Text c="gray.8">{view.data?.merchant ?? order.name}</Text>
            <Text fz={28} fw={700} c="navy.9">
              {amount}{' '}
              <Text span fz="sm" c="gray.8">
                {currency}
              </Text>
            </Text>
            <Text fz="sm" c="gray.8">
              Order {order.id}
            </Text>
          </div>
          <FormMaskedField
            form={form}
            name="card_number"
            label="Card number"
            kind="card"
            required
            autoComplete="cc-number"
          />
          <SimpleGrid cols={2}>
            <FormMaskedField
              form={form}
              name="expiry"
              label="Expiry (MM/YY)"
              kind="expiry"
              required
              autoComplete="cc-exp"
            />
            <FormMaskedField form={form} name="cvv" label="CVV" kind="cvv" required autoComplete="cc-csc" />
          </SimpleGrid>
          <FormTextField form={form} name="name" label="Name on card" withAsterisk autoComplete="cc-name" />
          <ApiErrorAlert error={alertError(pay.error)} />
          <Group justify="space-between" wrap="wrap-reverse">
            <Button
              variant="subtle"
              color="gray"
              type="button"
              disabled={pay.isPending}
              onClick={() => onResult({ kind: 'dismissed' })}
            >
              Cancel
            </Button>
            <Button type="submit" loading={pay.isPending} leftSection={<IconLock size={16} aria-hidden />}>
              Pay {amount}
            </Button>
          </Group>
          <Alert color="gold" c="gold.9" variant="light" title="Test cards">
            <Text fz="sm">
              No real card is charged in test mode. Use any future expiry, any CVV and any name.
            </Text>
            <List fz="sm" mt={4}>
              {SANDBOX_TEST_CARDS.map((card) => (
                <List.Item key={card.number}>
                  <Text span ff="monospace" fz="sm">
                    {spaced(card.number)}
                  </Text>{' '}
                  ({card.network}): {card.label}
                </List.Item>
              ))}
            </List>
          </Alert>
        </Stack>
      </form>
    </Modal>
  );
}

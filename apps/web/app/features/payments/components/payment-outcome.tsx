import { Alert, Anchor, Box, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { formatMoney, MESSAGES, type PaymentRecord } from '@taxfirm/contract';
import { IconCircleCheck, IconCircleX, IconPrinter } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { DetailList, type DetailItem } from '../../../components/ui/detail-list.tsx';
import { paths } from '../../../config/paths.ts';
import { rememberFileStatus } from '../../../lib/session.ts';
import { usePaymentOrder } from '../api/get-payment-order.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { FirmContactLinks, type FirmContactDetails } from '../../../components/ui/firm-contact-links.tsx';

export type SupportContact = FirmContactDetails | null;

/** The order named in the address, read from the server (never from the address itself). */
function useOutcome(orderId: string | null, expected: 'paid' | 'not-paid') {
  const query = usePaymentOrder(orderId);
  const navigate = useNavigate();
  const order = query.data?.order;
  const filestatus = query.data?.filestatus;
  useEffect(() => {
    // The top bar follows the filing (a payment moves Payment Pending to Review Pending).
    if (filestatus) rememberFileStatus(filestatus);
  }, [filestatus]);
  const isPaid = order?.status === 'paid';
  const isWrongPage = order !== undefined && isPaid !== (expected === 'paid');
  useEffect(() => {
    if (!isWrongPage || !orderId) return;
    const href = isPaid ? paths.user.paymentSuccess.getHref() : paths.user.paymentFailure.getHref();
    navigate(`${href}?order_id=${encodeURIComponent(orderId)}`, { replace: true });
  }, [isWrongPage, isPaid, orderId, navigate]);
  return { query, order: isWrongPage ? undefined : order };
}

function Waiting({ orderId, error }: { orderId: string | null; error: unknown }) {
  if (!orderId || error) {
    return (
      <Stack gap="sm" align="flex-start">
        {error ? <ApiErrorAlert error={error} /> : <Text>There is no payment to show here.</Text>}
        <Anchor component={Link} to={paths.user.payment.getHref()} underline="always">
          Go to the payment page
        </Anchor>
      </Stack>
    );
  }
  return (
    <Group gap="xs" role="status">
      <Loader size="sm" aria-hidden />
      <Text>Loading your payment…</Text>
    </Group>
  );
}

/** The order's amount and id, then `more` after the id; the list is named after the order. */
function Details({ order, more, date }: { order: PaymentRecord; more?: DetailItem[]; date: string }) {
  const items: DetailItem[] = [
    { label: 'Amount', value: `${formatMoney(order.amount, order.currency)} ${order.currency}` },
    { label: 'Order ID', value: <Monospace>{order.order_id}</Monospace> },
    ...(more ?? []),
    { label: 'Date', value: formatDateTime(date) },
  ];
  return (
    <Box maw={560}>
      <DetailList layout="table" label={`Payment ${order.order_id}`} items={items} />
    </Box>
  );
}

function Monospace({ children }: { children: string | null }) {
  return (
    <Text span ff="monospace">
      {children}
    </Text>
  );
}

/** user/paymentsuccess: the receipt of a paid order. */
export function PaymentReceipt({ orderId }: { orderId: string | null }) {
  const { query, order } = useOutcome(orderId, 'paid');
  if (!order) return <Waiting orderId={orderId} error={query.error} />;
  return (
    <Stack gap="lg">
      <Group gap="sm" wrap="nowrap">
        <IconCircleCheck size={36} color="var(--mantine-color-green-7)" aria-hidden />
        <Title order={1} fz={28} c="navy.9">
          Payment successful
        </Title>
      </Group>
      <Text>Thank you. We have received your payment. A receipt has been e-mailed to you.</Text>
      <SectionCard headingId="receipt-heading" title="Receipt" maw={600}>
        <Details
          order={order}
          more={[
            { label: 'Payment ID', value: <Monospace>{order.payment_id}</Monospace> },
            ...(order.invoice_number ? [{ label: 'Invoice', value: order.invoice_number }] : []),
          ]}
          date={order.paid_at ?? order.created_at}
        />
      </SectionCard>
      <Group className="no-print">
        <Button
          leftSection={<IconPrinter size={16} aria-hidden />}
          variant="default"
          onClick={() => window.print()}
        >
          Print receipt
        </Button>
        {order.invoice_id && (
          <Button component={Link} to={paths.user.invoice.getHref(order.invoice_id)}>
            Back to your invoice
          </Button>
        )}
        <Button
          component={Link}
          to={paths.user.dashboard.getHref()}
          variant={order.invoice_id ? 'default' : 'filled'}
        >
          Go to dashboard
        </Button>
      </Group>
    </Stack>
  );
}

/** user/paymentfailure: why the payment did not go through, and a way to try again. */
export function PaymentFailure({ orderId, contact }: { orderId: string | null; contact: SupportContact }) {
  const { query, order } = useOutcome(orderId, 'not-paid');
  if (!order) return <Waiting orderId={orderId} error={query.error} />;
  return (
    <Stack gap="lg">
      <Group gap="sm" wrap="nowrap">
        <IconCircleX size={36} color="var(--mantine-color-red-7)" aria-hidden />
        <Title order={1} fz={28} c="navy.9">
          Payment not completed
        </Title>
      </Group>
      <Alert color="red" title="Reason" role="alert" maw={600}>
        {order.failure_reason ?? MESSAGES.PAYMENT_NOT_COMPLETED}
      </Alert>
      <Details order={order} date={order.created_at} />
      <Text>
        Nothing was recorded as paid for this order. If your bank shows a charge, it is reversed automatically
        within a few days.
      </Text>
      <Group>
        {/* An invoice's payment is tried again from the invoice (the payment page may be closed). */}
        <Button
          component={Link}
          to={order.invoice_id ? paths.user.invoice.getHref(order.invoice_id) : paths.user.payment.getHref()}
        >
          Try again
        </Button>
        <Button component={Link} to={paths.user.dashboard.getHref()} variant="default">
          Go to dashboard
        </Button>
      </Group>
      {contact && (
        <Text fz="sm">
          Need help? Write
          <FirmContactLinks contact={contact} emailLead="to" />.
        </Text>
      )}
    </Stack>
  );
}

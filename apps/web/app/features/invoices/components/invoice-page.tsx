import { Alert, Anchor, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import {
  centsToDecimal,
  formatMoney,
  MESSAGES,
  MIN_PAYMENT_CENTS,
  type ClientInvoice,
} from '@taxfirm/contract';
import { IconAlertCircle, IconArrowLeft, IconCircleCheck, IconDownload, IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { LoadingStatus } from '../../../components/ui/loading-status.tsx';
import { FormTextField } from '../../../components/ui/form-text-field.tsx';
import { IconLink } from '../../../components/ui/icon-link.tsx';
import { PlainList } from '../../../components/ui/plain-list.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { TableHead } from '../../../components/ui/table-head.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDate, formatDay } from '../../../lib/dates.ts';
import { alertError, setServerFieldErrors, useContractForm } from '../../../lib/form.ts';
import { invoiceAmountFormSchema } from '../../../lib/payment-amount.ts';
import { LINKS_MAX_AGE_MS, renewWhenOld } from '../../../lib/short-lived-links.ts';
import { useInvoice, usePayInvoice, type InvoiceOrder } from '../api/invoices.ts';
import { balanceDueText, InvoiceStatusBadge, OverdueBadge } from './invoice-badges.tsx';

type Props = {
  invoiceId: string;
  /** Opens the provider's checkout for the order account/invoices/pay created (the portal's one flow). */
  onCheckout: (order: InvoiceOrder) => Promise<void>;
  /** Why the checkout did not open, if it did not. */
  checkoutError?: string | null;
};

/**
 * user/invoices/:invoiceId, for a phone first: the number, status, tax year and due date; what is left to pay
 * in large type with Pay (the balance, or an amount when the firm takes part payments); the lines and totals;
 * the payments with their receipts, the refunds, and the invoice's PDF.
 */
export function InvoicePage({ invoiceId, onCheckout, checkoutError = null }: Props) {
  const query = useInvoice(invoiceId);
  if (query.isPending) {
    return <LoadingStatus>Loading your invoice…</LoadingStatus>;
  }
  if (query.error) {
    return (
      <Stack gap="sm" align="flex-start">
        <Title order={1} fz={28} c="navy.9">
          Invoice
        </Title>
        <ApiErrorAlert error={query.error} />
        <BackToInvoices />
      </Stack>
    );
  }
  const { invoice, part_payments: partPayments } = query.data;
  const renew = renewWhenOld(query, LINKS_MAX_AGE_MS);
  return (
    <Stack gap="lg" maw={640} onPointerEnter={renew} onFocusCapture={renew}>
      <BackToInvoices />
      <div>
        <Group gap="xs" wrap="wrap">
          <Title order={1} fz={28} c="navy.9">
            Invoice {invoice.number}
          </Title>
          <InvoiceStatusBadge status={invoice.status} />
          {invoice.overdue && <OverdueBadge />}
        </Group>
        <Text c="gray.8">
          Tax year {invoice.tax_year}
          {invoice.due_date && ` · Due ${formatDay(invoice.due_date)}`}
        </Text>
      </div>
      <PaySection
        invoice={invoice}
        partPayments={partPayments}
        onCheckout={onCheckout}
        checkoutError={checkoutError}
      />
      <Lines invoice={invoice} />
      <Payments invoice={invoice} />
      {invoice.refunds.length > 0 && <Refunds invoice={invoice} />}
      <IconLink icon={IconDownload} iconSize={16} href={invoice.pdf_url}>
        Download invoice (PDF)
      </IconLink>
    </Stack>
  );
}

function BackToInvoices() {
  return (
    <Anchor component={Link} to={paths.user.invoices.getHref()} fz="sm" underline="always">
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft size={14} aria-hidden />
        All your invoices
      </Group>
    </Anchor>
  );
}

/** What is left to pay and Pay; or why there is nothing to pay (void, paid). */
function PaySection({
  invoice,
  partPayments,
  onCheckout,
  checkoutError,
}: { invoice: ClientInvoice; partPayments: boolean } & Pick<Props, 'onCheckout' | 'checkoutError'>) {
  if (invoice.status === 'void') {
    return (
      <Alert color="gray" c="dark.7" title={MESSAGES.INVOICE_VOID} icon={<IconAlertCircle aria-hidden />}>
        {invoice.void_reason ? `Reason: ${invoice.void_reason}` : null}
      </Alert>
    );
  }
  if (invoice.status === 'paid' || invoice.balance === 0) {
    return (
      <Card withBorder radius="md" padding="lg">
        <Group gap="xs" wrap="nowrap">
          <IconCircleCheck size={32} color="var(--mantine-color-green-7)" aria-hidden />
          <div>
            <Text fz={28} fw={700} c="navy.9" lh={1.2}>
              Paid
            </Text>
            {invoice.paid_at && (
              <Text c="gray.8">Paid in full on {formatDate(invoice.paid_at)}. Thank you.</Text>
            )}
          </div>
        </Group>
      </Card>
    );
  }
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      style={{ borderColor: 'var(--mantine-color-navy-6)', borderWidth: 2 }}
    >
      <Stack gap="md">
        <Text fz={28} fw={700} c="navy.9" lh={1.2}>
          {balanceDueText(invoice)}
        </Text>
        <PayForm
          invoice={invoice}
          // A balance under the smallest payment is paid whole: there is nothing to split.
          partPayments={partPayments && invoice.balance >= MIN_PAYMENT_CENTS}
          onCheckout={onCheckout}
          checkoutError={checkoutError}
        />
        <Text fz="sm" c="gray.8">
          You pay on our card payment provider&apos;s secure checkout. We never see or store your card number.
        </Text>
      </Stack>
    </Card>
  );
}

/**
 * Pay: the whole balance ("Pay $150.00"), or, when the firm takes part payments, the 'Amount to pay' typed
 * in dollars (the payment page's rules, no more than the balance), sent in cents.
 */
function PayForm({
  invoice,
  partPayments,
  onCheckout,
  checkoutError,
}: { invoice: ClientInvoice; partPayments: boolean } & Pick<Props, 'onCheckout' | 'checkoutError'>) {
  const pay = usePayInvoice();
  const form = useContractForm(invoiceAmountFormSchema(invoice.balance, true), {
    defaultValues: { amount: centsToDecimal(invoice.balance) },
  });

  const submit = async (amount?: number) => {
    let order: InvoiceOrder;
    try {
      order = await pay.mutateAsync({ invoice_id: invoice.id, ...(amount === undefined ? {} : { amount }) });
    } catch (error) {
      setServerFieldErrors(form, error);
      return;
    }
    await onCheckout(order);
  };

  const alerts = (
    <>
      <ApiErrorAlert error={alertError(pay.error)} />
      {checkoutError && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
          {checkoutError}
        </Alert>
      )}
    </>
  );

  if (!partPayments) {
    return (
      <Stack gap="sm">
        {alerts}
        <Button
          size="lg"
          loading={pay.isPending}
          leftSection={<IconLock size={18} aria-hidden />}
          onClick={() => void submit()}
        >
          Pay {formatMoney(invoice.balance, invoice.currency)}
        </Button>
      </Stack>
    );
  }
  return (
    <form
      noValidate
      aria-label={`Pay invoice ${invoice.number}`}
      onSubmit={form.handleSubmit(({ amount }) => submit(amount))}
    >
      <Stack gap="sm">
        <FormTextField
          form={form}
          name="amount"
          label="Amount to pay"
          description={`In ${invoice.currency === 'INR' ? 'Indian rupees' : 'US dollars'}: the balance, or a part of it (for example 100.00).`}
          inputMode="decimal"
          autoComplete="off"
          withAsterisk
          size="md"
        />
        {alerts}
        <Button
          type="submit"
          size="lg"
          loading={pay.isPending}
          leftSection={<IconLock size={18} aria-hidden />}
        >
          Pay now
        </Button>
      </Stack>
    </form>
  );
}

function TotalRow({
  label,
  children,
  strong = false,
}: {
  label: ReactNode;
  children: ReactNode;
  strong?: boolean;
}) {
  return (
    <Table.Tr fw={strong ? 700 : undefined}>
      <Table.Th scope="row" fw={strong ? 700 : 400}>
        {label}
      </Table.Th>
      <Table.Td ta="right">{children}</Table.Td>
    </Table.Tr>
  );
}

/** The lines (a unit price shows when there are several of a line), then the totals down to the balance. */
function Lines({ invoice }: { invoice: ClientInvoice }) {
  const money = (cents: number) => formatMoney(cents, invoice.currency);
  return (
    <SectionCard headingId="invoice-lines" title="Details">
      <Table withTableBorder aria-labelledby="invoice-lines">
        <TableHead columns={['Item', 'Amount']} />
        <Table.Tbody>
          {invoice.lines.map((line, index) => (
            <Table.Tr key={index}>
              <Table.Td>
                {line.description}
                {line.quantity > 1 && (
                  <Text fz="sm" c="gray.8">
                    {line.quantity} × {money(line.unit_amount)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">{money(line.amount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <TotalRow label="Subtotal">{money(invoice.subtotal)}</TotalRow>
          {invoice.discount > 0 && (
            <TotalRow
              label={
                <>
                  Discount{invoice.discount_kind === 'percent' && ` (${invoice.discount_value ?? 0}%)`}
                  {invoice.discount_reason && (
                    <Text fz="sm" c="gray.8">
                      {invoice.discount_reason}
                    </Text>
                  )}
                </>
              }
            >
              −{money(invoice.discount)}
            </TotalRow>
          )}
          <TotalRow label="Total" strong>
            {money(invoice.total)}
          </TotalRow>
          <TotalRow label="Paid">{money(invoice.paid)}</TotalRow>
          {invoice.refunded > 0 && <TotalRow label="Refunded">{money(invoice.refunded)}</TotalRow>}
          <TotalRow label="Balance due" strong>
            {money(invoice.balance)}
          </TotalRow>
        </Table.Tfoot>
      </Table>
      {invoice.note && (
        <Text mt="sm" style={{ whiteSpace: 'pre-line' }}>
          {invoice.note}
        </Text>
      )}
    </SectionCard>
  );
}

/** A payment provider's reference for a payment or a refund: its label, then the id in monospace. */
function ProviderReference({ label, value }: { label: string; value: string }) {
  return (
    <Text fz="sm" c="gray.8" style={{ overflowWrap: 'anywhere' }}>
      {label}{' '}
      <Text span ff="monospace" fz="sm">
        {value}
      </Text>
    </Text>
  );
}

/** The payments on the invoice, each with its provider id and its receipt. */
function Payments({ invoice }: { invoice: ClientInvoice }) {
  const money = (cents: number) => formatMoney(cents, invoice.currency);
  return (
    <SectionCard headingId="invoice-payments" title="Payments">
      {invoice.payments.length === 0 ? (
        <Text>No payments yet.</Text>
      ) : (
        <PlainList gap="md">
          {invoice.payments.map((payment) => (
            <li key={payment.order_id}>
              <Text fw={600}>
                {money(payment.amount)} on {formatDate(payment.paid_at)}
              </Text>
              {payment.refunded > 0 && <Text fz="sm">Refunded {money(payment.refunded)}</Text>}
              {payment.payment_id && <ProviderReference label="Payment ID" value={payment.payment_id} />}
              <IconLink
                icon={IconDownload}
                iconSize={16}
                href={payment.receipt_url}
                aria-label={`Download receipt (PDF) for ${money(payment.amount)} paid ${formatDate(payment.paid_at)}`}
              >
                Download receipt (PDF)
              </IconLink>
            </li>
          ))}
        </PlainList>
      )}
    </SectionCard>
  );
}

/** Money the firm gave back, with why. */
function Refunds({ invoice }: { invoice: ClientInvoice }) {
  return (
    <SectionCard headingId="invoice-refunds" title="Refunds">
      <PlainList gap="md">
        {invoice.refunds.map((refund, index) => (
          <li key={refund.refund_id ?? index}>
            <Text fw={600}>
              {formatMoney(refund.amount, invoice.currency)} refunded on {formatDate(refund.created_at)}
            </Text>
            <Text fz="sm">{refund.reason}</Text>
            {refund.refund_id && <ProviderReference label="Refund ID" value={refund.refund_id} />}
          </li>
        ))}
      </PlainList>
    </SectionCard>
  );
}

import {
  Anchor,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import {
  centsToDecimal,
  parseAmount,
  MESSAGES,
  formatMoney,
  staffInvoicesRefundBodySchema,
  staffInvoicesVoidBodySchema,
  type StaffInvoice,
  type StaffRole,
} from '@taxfirm/contract';
import { useEffect, useState, type ReactNode } from 'react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { isStepUpRequired, useStepUp } from '../../../components/ui/step-up-dialog.tsx';
import { SuccessAlert, useSubmitMessage } from '../../../components/ui/success-alert.tsx';
import { formatDate, formatDateTime } from '../../../lib/dates.ts';
import {
  usePriceList,
  useRefundInvoice,
  useSendInvoice,
  useStaffInvoices,
  useVoidInvoice,
} from '../api/invoices.ts';
import { staffStepUp } from '../api/step-up.ts';
import { currencySign } from '../money.ts';
import { InvoiceForm } from './invoice-form.tsx';
import { InvoiceStatusBadge } from './invoice-status-badge.tsx';

/** The id of the section, for links inside the page (`?tab=invoices`). */
export const INVOICES_SECTION_ID = 'invoices';

export type InvoicesSectionProps = {
  clientId: string;
  clientName: string;
  taxYear: number;
  role: StaffRole;
  /** Opened from a link to the invoices (`?tab=invoices`): scroll here and put the focus on it. */
  focusOnOpen?: boolean;
};

/** A YYYY-MM-DD day as the console shows days (MM-DD-YYYY), without a time zone shift. */
const showDay = (day: string) => {
  const [year, month, date] = day.split('-');
  return `${month}-${date}-${year}`;
};

/**
 * The file's invoices for the tax year (`?tab=invoices`): each with its status, total, paid, balance, due and
 * sent dates, lines, payments (with receipts and, for admins, refunds), and its actions (edit, send and void
 * a draft; void an unpaid invoice); then "New invoice".
 */
export function InvoicesSection({
  clientId,
  clientName,
  taxYear,
  role,
  focusOnOpen = false,
}: InvoicesSectionProps) {
  const list = useStaffInvoices({
    client_id: clientId,
    taxy: taxYear,
    filter: 'all',
    dataTablesParameters: { draw: 1, start: 0, length: 100 },
  });
  const prices = usePriceList();
  const success = useSubmitMessage();
  const loaded = list.data !== undefined;
  useEffect(() => {
    if (!focusOnOpen || !loaded) return;
    const section = document.getElementById(INVOICES_SECTION_ID);
    section?.scrollIntoView?.({ block: 'start' });
    section?.focus({ preventScroll: true });
  }, [focusOnOpen, loaded]);

  const invoices = list.data?.data ?? [];
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby="invoices-heading"
      id={INVOICES_SECTION_ID}
      tabIndex={-1}
      style={{ scrollMarginTop: 16 }}
      onPointerEnter={list.renewIfOld}
      onFocusCapture={list.renewIfOld}
    >
      <Stack gap="md">
        <Title order={2} id="invoices-heading" fz="lg">
          Invoices · {taxYear}
        </Title>
        {list.isPending && <Loader aria-label="Loading the invoices" />}
        <ApiErrorAlert error={list.error ?? prices.error} />
        {loaded &&
          (invoices.length === 0 ? (
            <Text>No invoices for {taxYear} yet.</Text>
          ) : (
            <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Invoices">
              {invoices.map((invoice) => (
                <InvoiceCard
                  key={invoice.id}
                  invoice={invoice}
                  clientName={clientName}
                  role={role}
                  report={success.show}
                  editor={(close) =>
                    prices.data && (
                      <InvoiceForm
                        clientId={clientId}
                        taxYear={taxYear}
                        priceItems={prices.data.items}
                        inrEnabled={prices.data.inr_enabled}
                        draft={invoice}
                        onDone={(message) => {
                          close();
                          if (message) success.show(message);
                        }}
                      />
                    )
                  }
                />
              ))}
            </Stack>
          ))}
        <SuccessAlert message={success.message} />
        {prices.data && (
          <Card withBorder radius="md" padding="md" bg="gray.0">
            <InvoiceForm
              key={`${clientId}-${taxYear}`}
              clientId={clientId}
              taxYear={taxYear}
              priceItems={prices.data.items}
              inrEnabled={prices.data.inr_enabled}
            />
          </Card>
        )}
      </Stack>
    </Card>
  );
}

function InvoiceCard({
  invoice,
  clientName,
  role,
  report,
  editor,
}: {
  invoice: StaffInvoice;
  clientName: string;
  role: StaffRole;
  report: (message: string) => void;
  editor: (close: () => void) => ReactNode;
}) {
  const [editing, setEditing] = useState(false);
  const headingId = `invoice-${invoice.id}`;
  const money = (cents: number) => formatMoney(cents, invoice.currency);
  const netPaid = invoice.paid - invoice.refunded;
  return (
    <Card component="li" withBorder radius="md" padding="md" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} fz="md" id={headingId}>
            {invoice.number}
          </Title>
          <InvoiceStatusBadge status={invoice.status} />
        </Group>
        <Text fz="sm">
          Total {money(invoice.total)} · Paid {money(netPaid)} · Balance {money(invoice.balance)}
          {' · '}Due {invoice.due_date ? showDay(invoice.due_date) : 'not set'}
          {' · '}Sent {invoice.sent_at ? formatDate(invoice.sent_at) : 'not yet'}
        </Text>
        {editing ? (
          editor(() => setEditing(false))
        ) : (
          <>
            <Table withTableBorder fz="sm" aria-label={`Lines of ${invoice.number}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Description</Table.Th>
                  <Table.Th>Quantity</Table.Th>
                  <Table.Th>Price</Table.Th>
                  <Table.Th>Amount</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invoice.lines.map((line, index) => (
                  <Table.Tr key={index}>
                    <Table.Td>{line.description}</Table.Td>
                    <Table.Td>{line.quantity}</Table.Td>
                    <Table.Td>{money(line.unit_amount)}</Table.Td>
                    <Table.Td>{money(line.amount)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {invoice.discount > 0 && (
              <Text fz="sm">
                Discount −{money(invoice.discount)}
                {invoice.discount_kind === 'percent' ? ` (${invoice.discount_value}%)` : ''}
                {invoice.discount_reason ? `: ${invoice.discount_reason}` : ''}
              </Text>
            )}
            {invoice.note && <Text fz="sm">Note: {invoice.note}</Text>}
          </>
        )}
        {invoice.status === 'void' && invoice.void_reason && <Text fz="sm">Void: {invoice.void_reason}</Text>}
        {invoice.payments.length > 0 && (
          <Stack component="ul" gap={4} pl="md" m={0} aria-label={`Payments of ${invoice.number}`}>
            {invoice.payments.map((payment) => (
              <Group component="li" key={payment.order_id} gap="sm" wrap="wrap">
                <Text fz="sm">
                  {money(payment.amount)} paid {formatDateTime(payment.paid_at)}
                  {payment.payment_id ? ` · ${payment.payment_id}` : ''}
                  {payment.refunded > 0 ? ` · refunded ${money(payment.refunded)}` : ''}
                </Text>
                <Anchor href={payment.receipt_url} underline="always" fz="sm">
                  Receipt
                </Anchor>
                {role === 'admin' &&
                  payment.amount - payment.refunded > 0 &&
                  // One refund of a payment at a time: none while one is being checked with the provider.
                  !invoice.refunds_pending.some((refund) => refund.order_id === payment.order_id) && (
                    <RefundButton
                      invoice={invoice}
                      orderId={payment.order_id}
                      left={payment.amount - payment.refunded}
                      report={report}
                    />
                  )}
              </Group>
            ))}
          </Stack>
        )}
        {invoice.refunds.length > 0 && (
          <Stack component="ul" gap={2} pl="md" m={0} aria-label={`Refunds of ${invoice.number}`}>
            {invoice.refunds.map((refund) => (
              <Text component="li" fz="sm" key={`${refund.order_id}-${refund.created_at}`}>
                Refunded {money(refund.amount)} {formatDateTime(refund.created_at)}: {refund.reason}
              </Text>
            ))}
          </Stack>
        )}
        {invoice.refunds_pending.length > 0 && (
          <Stack component="ul" gap={2} pl="md" m={0} aria-label={`Refunds of ${invoice.number} in progress`}>
            {invoice.refunds_pending.map((refund) => (
              <Text component="li" fz="sm" key={`${refund.order_id}-${refund.created_at}`}>
                Refund of {money(refund.amount)} on {refund.order_id} asked{' '}
                {formatDateTime(refund.created_at)}: being confirmed with the payment provider
              </Text>
            ))}
          </Stack>
        )}
        <Group gap="sm" wrap="wrap">
          <Anchor href={invoice.pdf_url} target="_blank" rel="noopener" underline="always" fz="sm">
            Invoice PDF
          </Anchor>
          {invoice.status === 'draft' && !editing && (
            <>
              <Button
                variant="default"
                size="compact-sm"
                onClick={() => setEditing(true)}
                aria-label={`Edit ${invoice.number}`}
              >
                Edit
              </Button>
              <SendButton invoice={invoice} clientName={clientName} report={report} />
            </>
          )}
          {invoice.status !== 'void' && netPaid === 0 && !editing && (
            <VoidButton invoice={invoice} report={report} />
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/** Send a draft, asked first: the client is e-mailed and the invoice can no longer change. */
function SendButton({
  invoice,
  clientName,
  report,
}: {
  invoice: StaffInvoice;
  clientName: string;
  report: (message: string) => void;
}) {
  const send = useSendInvoice();
  const { confirm, dialog } = useConfirm();
  const onSend = async () => {
    const asked = await confirm({
      title: `Send ${invoice.number} to ${clientName}?`,
      message: `${clientName} is e-mailed and sees the invoice for ${formatMoney(invoice.total, invoice.currency)} in the portal, with Pay. A sent invoice cannot be changed; to correct it, void it and make a new one.`,
      confirmLabel: 'Send invoice',
    });
    if (!asked) return;
    const answer = await send.mutateAsync({ invoice_id: invoice.id }).catch(() => null);
    if (answer) report(answer.status_smessage);
  };
  return (
    <>
      <Button
        size="compact-sm"
        onClick={() => void onSend()}
        loading={send.isPending}
        loaderProps={{ 'aria-label': 'Sending' }}
      >
        Send to client
      </Button>
      <ApiErrorAlert error={send.error} />
      {dialog}
    </>
  );
}

/** A dialog with one required text (and an optional amount) that calls the server on submit. */
function ReasonDialog({
  opened,
  title,
  intro,
  amount,
  reasonError,
  onReason,
  reason,
  submitLabel,
  pendingLabel,
  pending,
  error,
  onClose,
  onSubmit,
}: {
  opened: boolean;
  title: string;
  intro: string;
  amount?: { label: string; value: string; onChange: (value: string) => void; error?: string };
  reason: string;
  onReason: (value: string) => void;
  reasonError?: string;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  error: unknown;
  onClose: () => void;
  onSubmit: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
      // Mantine draws the dialog's header as <header>, which would be a second banner landmark on the page.
      attributes={{ header: { role: 'none' } }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          event.stopPropagation();
          onSubmit();
        }}
      >
        <Stack gap="sm">
          <Text fz="sm">{intro}</Text>
          {amount && (
            <TextInput
              label={amount.label}
              withAsterisk
              inputMode="decimal"
              value={amount.value}
              onChange={(event) => amount.onChange(event.currentTarget.value)}
              error={amount.error}
              data-autofocus
            />
          )}
          <Textarea
            label="Reason"
            withAsterisk
            autosize
            minRows={2}
            maxLength={500}
            value={reason}
            onChange={(event) => onReason(event.currentTarget.value)}
            error={reasonError}
            data-autofocus={amount ? undefined : true}
          />
          <ApiErrorAlert error={error} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              color="red.9"
              loading={pending}
              loaderProps={{ 'aria-label': pendingLabel }}
            >
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The first message of each field of a contract schema's failure, by field. */
function fieldMessages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const messages: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) messages[String(issue.path[0])] ??= issue.message;
  return messages;
}

/** Void: a dialog asks why (kept with the invoice, which is never deleted). */
function VoidButton({ invoice, report }: { invoice: StaffInvoice; report: (message: string) => void }) {
  const [opened, setOpened] = useState(false);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const withdraw = useVoidInvoice();
  const close = () => {
    setOpened(false);
    setReason('');
    setErrors({});
    withdraw.reset();
  };
  const submit = async () => {
    const body = { invoice_id: invoice.id, reason };
    const checked = staffInvoicesVoidBodySchema.safeParse(body);
    setErrors(fieldMessages(checked));
    if (!checked.success) return;
    const answer = await withdraw.mutateAsync(checked.data).catch(() => null);
    if (answer) {
      close();
      report(answer.status_smessage || MESSAGES.INVOICE_VOIDED);
    }
  };
  return (
    <>
      <Button
        variant="default"
        color="red"
        size="compact-sm"
        onClick={() => setOpened(true)}
        aria-label={`Void ${invoice.number}`}
      >
        Void
      </Button>
      <ReasonDialog
        opened={opened}
        title={`Void ${invoice.number}?`}
        intro="The client can no longer pay it. It is kept with your reason; a correction is a new invoice."
        reason={reason}
        onReason={setReason}
        reasonError={errors.reason}
        submitLabel="Void invoice"
        pendingLabel="Voiding"
        pending={withdraw.isPending}
        error={withdraw.error}
        onClose={close}
        onSubmit={() => void submit()}
      />
    </>
  );
}

/**
 * Refund (part of) one payment, admins: amount in dollars (what is left of it by default) and a reason. The
 * server asks for a fresh step-up (issue 33): the dialog asks for the password or a code, then the refund is
 * sent again.
 */
function RefundButton({
  invoice,
  orderId,
  left,
  report,
}: {
  invoice: StaffInvoice;
  orderId: string;
  left: number;
  report: (message: string) => void;
}) {
  const [opened, setOpened] = useState(false);
  const [amount, setAmount] = useState(centsToDecimal(left));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const refund = useRefundInvoice();
  const { withStepUp, dialog: stepUpDialog } = useStepUp(staffStepUp);
  const close = () => {
    setOpened(false);
    setAmount(centsToDecimal(left));
    setReason('');
    setErrors({});
    refund.reset();
  };
  const submit = async () => {
    const cents = parseAmount(amount);
    const body = { invoice_id: invoice.id, order_id: orderId, amount: cents, reason };
    const checked = staffInvoicesRefundBodySchema.safeParse(body);
    const messages = fieldMessages(checked);
    if (checked.success && cents > left) messages.amount = MESSAGES.REFUND_AMOUNT_INVALID;
    setErrors(messages);
    if (!checked.success || cents > left) return;
    const answer = await withStepUp(() => refund.mutateAsync(checked.data)).catch(() => null);
    if (answer) {
      close();
      report(answer.status_smessage || MESSAGES.INVOICE_REFUNDED);
    }
  };
  return (
    <>
      <Button
        variant="default"
        color="red"
        size="compact-xs"
        onClick={() => setOpened(true)}
        aria-label={`Refund ${orderId}`}
      >
        Refund
      </Button>
      <ReasonDialog
        opened={opened}
        title={`Refund ${orderId} of ${invoice.number}?`}
        intro={`The money goes back through the payment provider; up to ${formatMoney(left, invoice.currency)} of this payment is left. The client is told and the balance reopens.`}
        amount={{
          label: `Refund amount (${currencySign(invoice.currency)})`,
          value: amount,
          onChange: setAmount,
          error: errors.amount,
        }}
        reason={reason}
        onReason={setReason}
        reasonError={errors.reason}
        submitLabel="Refund payment"
        pendingLabel="Refunding"
        pending={refund.isPending}
        // While the step-up is asked for, its refusal is not an error to show.
        error={isStepUpRequired(refund.error) ? null : refund.error}
        onClose={close}
        onSubmit={() => void submit()}
      />
      {stepUpDialog}
    </>
  );
}

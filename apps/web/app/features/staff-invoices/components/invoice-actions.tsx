/** What staff do to an invoice from its card: send a draft, void it, refund a payment (admins). */
import { Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import {
  centsToDecimal,
  parseAmount,
  MESSAGES,
  formatMoney,
  staffInvoicesRefundBodySchema,
  staffInvoicesVoidBodySchema,
  type StaffInvoice,
} from '@taxfirm/contract';
import { useState } from 'react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { isStepUpRequired, useStepUp } from '../../../components/ui/step-up-dialog.tsx';
import { useRefundInvoice, useSendInvoice, useVoidInvoice } from '../api/invoices.ts';
import { staffStepUp } from '../api/step-up.ts';
import { currencySign } from '../money.ts';

/** Send a draft, asked first: the client is e-mailed and the invoice can no longer change. */
export function SendButton({
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
export function VoidButton({
  invoice,
  report,
}: {
  invoice: StaffInvoice;
  report: (message: string) => void;
}) {
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
export function RefundButton({
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

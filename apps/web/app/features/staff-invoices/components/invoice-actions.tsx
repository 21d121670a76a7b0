/** What staff do to an invoice from its card: send a draft, void it, refund a payment (admins). */
import { Button } from '@mantine/core';
import {
  centsToDecimal,
  parseAmount,
  MESSAGES,
  formatMoney,
  staffInvoicesRefundBodySchema,
  staffInvoicesVoidBodySchema,
  type StaffInvoice,
} from '@taxfirm/contract';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { ReasonDialog, type ReasonDialogValues } from '../../../components/ui/reason-dialog.tsx';
import { isStepUpRequired, useStepUp } from '../../../components/ui/step-up-dialog.tsx';
import { useRefundInvoice, useSendInvoice, useVoidInvoice } from '../api/invoices.ts';
import { staffStepUp } from '../../../components/ui/staff-step-up.ts';
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
  const withdraw = useVoidInvoice();
  const body = (reason: string) => ({ invoice_id: invoice.id, reason });
  return (
    <ReasonDialog
      trigger={{ label: 'Void', name: `Void ${invoice.number}` }}
      title={`Void ${invoice.number}?`}
      intro="The client can no longer pay it. It is kept with your reason; a correction is a new invoice."
      submitLabel="Void invoice"
      pendingLabel="Voiding"
      pending={withdraw.isPending}
      error={withdraw.error}
      check={({ reason }) => fieldMessages(staffInvoicesVoidBodySchema.safeParse(body(reason)))}
      onSubmit={async ({ reason }) => {
        const checked = staffInvoicesVoidBodySchema.parse(body(reason));
        const answer = await withdraw.mutateAsync(checked).catch(() => null);
        if (answer) report(answer.status_smessage || MESSAGES.INVOICE_VOIDED);
        return answer !== null;
      }}
      onClosed={() => withdraw.reset()}
    />
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
  const refund = useRefundInvoice();
  const { withStepUp, dialog: stepUpDialog } = useStepUp(staffStepUp);
  const body = ({ amount, reason }: ReasonDialogValues) => ({
    invoice_id: invoice.id,
    order_id: orderId,
    amount: parseAmount(amount),
    reason,
  });
  const check = (values: ReasonDialogValues) => {
    const checked = staffInvoicesRefundBodySchema.safeParse(body(values));
    const messages = fieldMessages(checked);
    if (checked.success && checked.data.amount > left) messages.amount = MESSAGES.REFUND_AMOUNT_INVALID;
    return messages;
  };
  return (
    <>
      <ReasonDialog
        trigger={{ label: 'Refund', name: `Refund ${orderId}`, size: 'compact-xs' }}
        title={`Refund ${orderId} of ${invoice.number}?`}
        intro={`The money goes back through the payment provider; up to ${formatMoney(left, invoice.currency)} of this payment is left. The client is told and the balance reopens.`}
        amount={{ label: `Refund amount (${currencySign(invoice.currency)})`, initial: centsToDecimal(left) }}
        submitLabel="Refund payment"
        pendingLabel="Refunding"
        pending={refund.isPending}
        // While the step-up is asked for, its refusal is not an error to show.
        error={isStepUpRequired(refund.error) ? null : refund.error}
        check={check}
        onSubmit={async (values) => {
          const checked = staffInvoicesRefundBodySchema.parse(body(values));
          const answer = await withStepUp(() => refund.mutateAsync(checked)).catch(() => null);
          if (answer) report(answer.status_smessage || MESSAGES.INVOICE_REFUNDED);
          return answer !== null;
        }}
        onClosed={() => refund.reset()}
      />
      {stepUpDialog}
    </>
  );
}

import { Button, Group, Stack, Text, TextInput, Textarea, type ButtonProps } from '@mantine/core';
import { useState } from 'react';
import { ApiErrorAlert } from './api-error-alert.tsx';
import { Dialog } from './dialog.tsx';

/** What the staff typed: the reason, and the amount when the dialog asks for one. */
export type ReasonDialogValues = { reason: string; amount: string };

type ReasonDialogProps = {
  /** The button that opens the dialog: its text, its accessible name, and its size. */
  trigger: { label: string; name: string; size?: ButtonProps['size']; w?: ButtonProps['w'] };
  /** The dialog's name: the question ("Void INV-2026-0002?"). */
  title: string;
  /** What will happen, above the fields. */
  intro: string;
  /** An amount field before the reason (it then takes the focus): its label and its first value. */
  amount?: { label: string; initial: string };
  /** The red submit button's text, and the name of its loader while the call runs. */
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** The call's failure, shown above the buttons. */
  error: unknown;
  /** The field messages of the values (by field, `reason` or `amount`); empty when they may be sent. */
  check: (values: ReasonDialogValues) => Record<string, string>;
  /** Calls the server; true when done (the dialog closes), false when it failed (its error shows). */
  onSubmit: (values: ReasonDialogValues) => Promise<boolean>;
  /** When the dialog closes (Cancel, Escape, or done): forget the call's state. */
  onClosed: () => void;
};

/**
 * A destructive staff action that needs a reason (void, refund): a red-outlined button opens a dialog that
 * says what happens, asks for the reason (and an amount), and calls the server. The fields start again each
 * time it opens; the first field has the focus.
 */
export function ReasonDialog({ trigger, title, amount, onClosed, ...form }: ReasonDialogProps) {
  const [opened, setOpened] = useState(false);
  const close = () => {
    setOpened(false);
    onClosed();
  };
  return (
    <>
      <Button
        variant="default"
        color="red"
        size={trigger.size ?? 'compact-sm'}
        w={trigger.w}
        onClick={() => setOpened(true)}
        aria-label={trigger.name}
      >
        {trigger.label}
      </Button>
      <Dialog opened={opened} onClose={close} title={title}>
        <ReasonDialogForm {...form} amount={amount} onCancel={close} onDone={close} />
      </Dialog>
    </>
  );
}

/** The dialog's form: mounted while the dialog is open, so its fields start again each time. */
function ReasonDialogForm({
  intro,
  amount,
  submitLabel,
  pendingLabel,
  pending,
  error,
  check,
  onSubmit,
  onCancel,
  onDone,
}: Omit<ReasonDialogProps, 'trigger' | 'title' | 'onClosed'> & { onCancel: () => void; onDone: () => void }) {
  const [values, setValues] = useState<ReasonDialogValues>({ reason: '', amount: amount?.initial ?? '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = (field: keyof ReasonDialogValues, value: string) =>
    setValues((current) => ({ ...current, [field]: value }));
  const submit = async () => {
    const messages = check(values);
    setErrors(messages);
    if (Object.keys(messages).length > 0) return;
    if (await onSubmit(values)) onDone();
  };
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        event.stopPropagation();
        void submit();
      }}
    >
      <Stack gap="sm">
        <Text fz="sm">{intro}</Text>
        {amount && (
          <TextInput
            label={amount.label}
            withAsterisk
            inputMode="decimal"
            value={values.amount}
            onChange={(event) => change('amount', event.currentTarget.value)}
            error={errors.amount}
            data-autofocus
          />
        )}
        <Textarea
          label="Reason"
          withAsterisk
          autosize
          minRows={2}
          maxLength={500}
          value={values.reason}
          onChange={(event) => change('reason', event.currentTarget.value)}
          error={errors.reason}
          data-autofocus={amount ? undefined : true}
        />
        <ApiErrorAlert error={error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" color="red.9" loading={pending} loaderProps={{ 'aria-label': pendingLabel }}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

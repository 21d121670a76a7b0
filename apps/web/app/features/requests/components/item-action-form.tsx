import { Button, Group, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';

/**
 * A small form that opens on a checklist item (unlock a PDF, "doesn't apply", "I'll send it later"): its fields,
 * the call's error, then the submit button and a way out. `onSubmit` makes the call; when it fails the form
 * stays open and the alert says why.
 */
export function ItemActionForm({
  label,
  submitLabel,
  cancelLabel = 'Cancel',
  pending,
  error,
  onSubmit,
  onCancel,
  children,
}: {
  label: string;
  submitLabel: ReactNode;
  cancelLabel?: string;
  pending: boolean;
  error: unknown;
  onSubmit: () => Promise<void>;
  onCancel: () => void;
  children: ReactNode;
}) {
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await onSubmit();
    } catch {
      // The alert below says why.
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} aria-label={label}>
      <Stack gap="xs">
        {children}
        <ApiErrorAlert error={error} />
        <Group gap="xs">
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {cancelLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

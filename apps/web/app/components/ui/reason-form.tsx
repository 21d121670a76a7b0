import { Button, Group, Stack } from '@mantine/core';
import type { z } from 'zod';
import { alertError, setServerFieldErrors, useContractForm } from '../../lib/form.ts';
import { ApiErrorAlert } from './api-error-alert.tsx';
import { FormTextarea } from './form-text-field.tsx';

/**
 * A short form with one reason, checked by the call's own schema: required (a rejection the client reads) or
 * optional. The field takes the focus when the form opens (`data-autofocus`).
 */
export function ReasonForm({
  label,
  schema,
  fieldLabel,
  required,
  submitLabel,
  pending,
  error,
  onCancel,
  onSubmit,
}: {
  label: string;
  schema: z.ZodType<{ reason?: string | undefined }, { reason?: string | null | undefined }>;
  fieldLabel: string;
  required?: boolean;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onCancel: () => void;
  onSubmit: (values: { reason?: string | undefined }) => Promise<unknown>;
}) {
  const form = useContractForm(schema, { defaultValues: { reason: '' } });
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (caught) {
      setServerFieldErrors(form, caught);
    }
  });
  return (
    <form noValidate onSubmit={submit} aria-label={label}>
      <Stack gap="xs">
        <FormTextarea
          form={form}
          name="reason"
          label={fieldLabel}
          withAsterisk={required}
          minRows={2}
          data-autofocus
        />
        <ApiErrorAlert error={alertError(error)} />
        <Group gap="xs">
          <Button type="submit" size="compact-md" loading={pending} loaderProps={{ 'aria-label': 'Saving' }}>
            {submitLabel}
          </Button>
          <Button variant="default" size="compact-md" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

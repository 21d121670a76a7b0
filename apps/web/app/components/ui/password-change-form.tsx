import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import type { DefaultValues, FieldValues, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { alertError, setServerFieldErrors, useContractForm } from '../../lib/form.ts';
import { ApiErrorAlert } from './api-error-alert.tsx';
import { FormPasswordField, NewPasswordFields } from './password-fields.tsx';
import { SubmitButton } from './submit-button.tsx';
import { SuccessAlert, useSubmitMessage } from './success-alert.tsx';

/** The fields every password change has: the current password, the new one and its confirmation. */
type PasswordChange = { oldpassword: string; password: string; confirmpassword: string };

type PasswordChangeSchema = z.ZodType<PasswordChange & FieldValues, PasswordChange & FieldValues>;

/**
 * One's own password change (a client's user/changepassword, a staff member's): the current password, any
 * `extraFields` (a staff member's authenticator code), the new password twice. After a success the form
 * empties and says that every other device was signed out; a field's message from the server shows on it.
 */
export function PasswordChangeForm<Schema extends PasswordChangeSchema>({
  schema,
  empty,
  change,
  label,
  currentLabel,
  submitLabel,
  extraFields,
}: {
  schema: Schema;
  empty: z.input<Schema>;
  change: {
    mutateAsync: (values: z.output<Schema>) => Promise<{ status_smessage: string }>;
    isPending: boolean;
    error: unknown;
  };
  /** The form's accessible name. */
  label: string;
  currentLabel: string;
  submitLabel: string;
  extraFields?: (form: UseFormReturn<z.input<Schema>, unknown, z.output<Schema>>) => ReactNode;
}) {
  const form = useContractForm(schema, { defaultValues: empty as DefaultValues<z.input<Schema>> });
  const success = useSubmitMessage();
  // The fields all password changes share, named the same in every schema.
  const shared = form as unknown as UseFormReturn<PasswordChange>;

  const onSubmit = form.handleSubmit(async (values) => {
    success.clear();
    try {
      const answer = await change.mutateAsync(values);
      form.reset(empty);
      success.show(answer.status_smessage);
    } catch (error) {
      setServerFieldErrors(form, error);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label={label}>
      <Stack gap="md" maw={420}>
        <FormPasswordField
          form={shared}
          name="oldpassword"
          label={currentLabel}
          autoComplete="current-password"
          withAsterisk
        />
        {extraFields?.(form)}
        <NewPasswordFields form={shared} name="password" confirmName="confirmpassword" />
        <SuccessAlert
          message={
            success.message &&
            `${success.message} Every other device signed in to your account has been signed out.`
          }
        />
        <ApiErrorAlert error={alertError(change.error)} />
        <SubmitButton pending={change.isPending} busyLabel="Saving" w={{ base: '100%', sm: 'auto' }}>
          {submitLabel}
        </SubmitButton>
      </Stack>
    </form>
  );
}

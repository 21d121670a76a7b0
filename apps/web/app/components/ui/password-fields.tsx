import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { MIN_PASSWORD_LENGTH } from '@taxfirm/contract';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { useFormField, type UnboundProps } from './form-text-field.tsx';

/** A password field registered on a contract form, with its field's message (the FormTextField of passwords). */
export function FormPasswordField<Values extends FieldValues, Output>({
  form,
  name,
  ...props
}: {
  form: UseFormReturn<Values, unknown, Output>;
  name: FieldPath<Values>;
} & UnboundProps<PasswordInputProps>) {
  return <PasswordInput {...props} {...useFormField({ form, name })} />;
}

/**
 * A new password and its confirmation (register, change password, the reset forms): required, and
 * `autoComplete="new-password"` so password managers offer to generate one.
 */
export function NewPasswordFields<Values extends FieldValues, Output>({
  form,
  name,
  confirmName,
  label = 'New password',
  confirmLabel = 'Confirm password',
  description = `At least ${MIN_PASSWORD_LENGTH} characters, not a common password.`,
}: {
  form: UseFormReturn<Values, unknown, Output>;
  name: FieldPath<Values>;
  confirmName: FieldPath<Values>;
  label?: string;
  confirmLabel?: string;
  description?: string;
}) {
  return (
    <>
      <FormPasswordField
        form={form}
        name={name}
        label={label}
        description={description}
        autoComplete="new-password"
        withAsterisk
      />
      <FormPasswordField
        form={form}
        name={confirmName}
        label={confirmLabel}
        autoComplete="new-password"
        withAsterisk
      />
    </>
  );
}

import { Textarea, TextInput, type TextareaProps, type TextInputProps } from '@mantine/core';
import {
  get,
  useFormState,
  type FieldError,
  type FieldPath,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';

/**
 * A text field registered on a contract form, with its field's message (nested names too:
 * `dependentinfo.0.first_name`). Every other TextInput prop passes through (label, description,
 * withAsterisk, type, autoComplete…).
 */
export function FormTextField<Values extends FieldValues, Output>({
  form,
  name,
  ...props
}: {
  form: UseFormReturn<Values, unknown, Output>;
  name: FieldPath<Values>;
} & Omit<TextInputProps, 'form' | 'name' | 'error' | 'value' | 'defaultValue' | 'onChange' | 'onBlur'>) {
  const { errors } = useFormState({ control: form.control, name });
  const error: FieldError | undefined = get(errors, name);
  return <TextInput {...props} {...form.register(name)} error={error?.message} />;
}

/** A multi-line field (a message, a comment) registered on a contract form: it grows with the text. */
export function FormTextarea<Values extends FieldValues, Output>({
  form,
  name,
  ...props
}: {
  form: UseFormReturn<Values, unknown, Output>;
  name: FieldPath<Values>;
} & Omit<TextareaProps, 'form' | 'name' | 'error' | 'value' | 'defaultValue' | 'onChange' | 'onBlur'>) {
  const { errors } = useFormState({ control: form.control, name });
  const error: FieldError | undefined = get(errors, name);
  return <Textarea autosize {...props} {...form.register(name)} error={error?.message} />;
}

/** A required e-mail field on a contract form: "Email" and `autoComplete="email"` unless told otherwise. */
export function FormEmailField<Values extends FieldValues, Output>({
  label = 'Email',
  autoComplete = 'email',
  ...props
}: Omit<Parameters<typeof FormTextField<Values, Output>>[0], 'type' | 'withAsterisk'>) {
  return <FormTextField {...props} label={label} type="email" autoComplete={autoComplete} withAsterisk />;
}

/** A person's first and last name on a contract form (both required; the browser may fill them). */
export function FormNameFields<Values extends FieldValues, Output>({
  form,
  first,
  last,
}: {
  form: UseFormReturn<Values, unknown, Output>;
  first: FieldPath<Values>;
  last: FieldPath<Values>;
}) {
  return (
    <>
      <FormTextField form={form} name={first} label="First name" withAsterisk autoComplete="given-name" />
      <FormTextField form={form} name={last} label="Last name" withAsterisk autoComplete="family-name" />
    </>
  );
}

import { Textarea, TextInput, type TextareaProps, type TextInputProps } from '@mantine/core';
import {
  get,
  useFormState,
  type FieldError,
  type FieldPath,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';

/** The props that bind a field to a contract form: registered by `name`, with its message. */
type Bound<Values extends FieldValues, Output> = {
  form: UseFormReturn<Values, unknown, Output>;
  name: FieldPath<Values>;
};

/** What a bound field leaves to its caller: every prop but the binding's own. */
export type UnboundProps<Props> = Omit<
  Props,
  'form' | 'name' | 'error' | 'value' | 'defaultValue' | 'onChange' | 'onBlur'
>;

/**
 * The registration and message of a field on a contract form (nested names too: `dependentinfo.0.first_name`),
 * to spread on a Mantine input.
 */
export function useFormField<Values extends FieldValues, Output>({ form, name }: Bound<Values, Output>) {
  const { errors } = useFormState({ control: form.control, name });
  const error: FieldError | undefined = get(errors, name);
  return { ...form.register(name), error: error?.message };
}

/**
 * A text field registered on a contract form, with its field's message (nested names too:
 * `dependentinfo.0.first_name`). Every other TextInput prop passes through (label, description,
 * withAsterisk, type, autoComplete…).
 */
export function FormTextField<Values extends FieldValues, Output>({
  form,
  name,
  ...props
}: Bound<Values, Output> & UnboundProps<TextInputProps>) {
  return <TextInput {...props} {...useFormField({ form, name })} />;
}

/** A multi-line field (a message, a comment) registered on a contract form: it grows with the text. */
export function FormTextarea<Values extends FieldValues, Output>({
  form,
  name,
  ...props
}: Bound<Values, Output> & UnboundProps<TextareaProps>) {
  return <Textarea autosize {...props} {...useFormField({ form, name })} />;
}

/** A required e-mail field on a contract form: "Email" and `autoComplete="email"` unless told otherwise. */
export function FormEmailField<Values extends FieldValues, Output>({
  label = 'Email',
  autoComplete = 'email',
  ...props
}: Omit<Parameters<typeof FormTextField<Values, Output>>[0], 'type' | 'withAsterisk'>) {
  return <FormTextField {...props} label={label} type="email" autoComplete={autoComplete} withAsterisk />;
}

/**
 * A person's first and last name on a contract form, both required. The browser may fill them unless
 * `autoFill` is off (someone else's names: a spouse, a dependent).
 */
export function FormNameFields<Values extends FieldValues, Output>({
  form,
  first,
  last,
  labels = ['First name', 'Last name'],
  autoFill = true,
}: {
  form: UseFormReturn<Values, unknown, Output>;
  first: FieldPath<Values>;
  last: FieldPath<Values>;
  labels?: readonly [string, string];
  autoFill?: boolean;
}) {
  const fields = [
    { name: first, label: labels[0], autoComplete: 'given-name' },
    { name: last, label: labels[1], autoComplete: 'family-name' },
  ];
  return fields.map((field) => (
    <FormTextField
      key={field.name}
      form={form}
      name={field.name}
      label={field.label}
      withAsterisk
      autoComplete={autoFill ? field.autoComplete : 'off'}
    />
  ));
}

/**
 * A required one-time code on a contract form: an authenticator app's (digits, `inputMode="numeric"` unless
 * told otherwise) or a recovery code (`inputMode="text"`). `autoComplete="one-time-code"` lets the browser offer
 * it.
 */
export function FormCodeField<Values extends FieldValues, Output>({
  inputMode = 'numeric',
  ...props
}: Omit<Parameters<typeof FormTextField<Values, Output>>[0], 'autoComplete' | 'withAsterisk'>) {
  return <FormTextField {...props} autoComplete="one-time-code" inputMode={inputMode} withAsterisk />;
}

import { InputBase } from '@mantine/core';
import type { ReactNode } from 'react';
import { useController, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { IMaskInput } from 'react-imask';

/** The masks the forms type through; '0' is a digit. */
export const MASKS = {
  /** A date as the specification writes it. */
  date: { mask: '00-00-0000', placeholder: 'MM-DD-YYYY' },
  /** An SSN or ITIN. */
  ssn: { mask: '000-00-0000', placeholder: '000-00-0000' },
  /** A card number, in groups of four. */
  card: { mask: '0000 0000 0000 0000', placeholder: '1234 1234 1234 1234' },
  /** A card's expiry. */
  expiry: { mask: '00/00', placeholder: 'MM/YY' },
  /** A card's security code. */
  cvv: { mask: '0000', placeholder: '123' },
} as const;

/**
 * A text field typed through a mask (dates, SSN/ITIN) and bound to a contract form; the schema still
 * checks the value, so a masked but impossible date gets the specification's message.
 */
export function FormMaskedField<Values extends FieldValues, Output>({
  form,
  name,
  label,
  kind,
  description,
  required = false,
  autoComplete = 'off',
}: {
  form: UseFormReturn<Values, unknown, Output>;
  name: FieldPath<Values>;
  label: string;
  kind: keyof typeof MASKS;
  description?: ReactNode;
  required?: boolean;
  autoComplete?: string;
}) {
  const { field, fieldState } = useController({ control: form.control, name });
  const { mask, placeholder } = MASKS[kind];
  return (
    <InputBase
      component={IMaskInput}
      mask={mask}
      label={label}
      description={description}
      placeholder={placeholder}
      name={field.name}
      inputRef={field.ref}
      value={typeof field.value === 'string' ? field.value : ''}
      onAccept={(value: string) => field.onChange(value)}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
      withAsterisk={required}
      inputMode="numeric"
      autoComplete={autoComplete}
    />
  );
}

import { DEFAULT_PHONE_EXTENSION, isPhoneExtension } from '@taxfirm/contract';
import {
  useController,
  useWatch,
  type FieldPath,
  type FieldValues,
  type PathValue,
  type UseFormReturn,
} from 'react-hook-form';
import { PhoneField } from './phone-field.tsx';

/**
 * A PhoneField bound to a contract form: the number field and its country-code field, their messages, and
 * the re-masking when the country changes. Every form with a phone uses this one binding.
 */
export function FormPhoneField<Values extends FieldValues, Output>({
  form,
  name,
  extensionName,
  label,
  extensionLabel,
}: {
  form: UseFormReturn<Values, unknown, Output>;
  name: FieldPath<Values>;
  extensionName: FieldPath<Values>;
  label: string;
  extensionLabel?: string;
}) {
  const { field, fieldState } = useController({ control: form.control, name });
  const extensionState = form.getFieldState(extensionName, form.formState);
  const watched: unknown = useWatch({ control: form.control, name: extensionName });
  const extension = isPhoneExtension(watched) ? watched : DEFAULT_PHONE_EXTENSION;
  return (
    <PhoneField
      label={label}
      {...(extensionLabel ? { extensionLabel } : {})}
      name={field.name}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      extension={extension}
      onExtensionChange={(ext) => form.setValue(extensionName, ext as PathValue<Values, FieldPath<Values>>)}
      error={fieldState.error?.message}
      extensionError={extensionState.error?.message}
    />
  );
}

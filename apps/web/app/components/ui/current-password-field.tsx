import type { FieldValues } from 'react-hook-form';
import { FormPasswordField } from './password-fields.tsx';

/**
 * The password one already has, to sign in or to confirm it is them: required, "Password" unless told otherwise,
 * and `autoComplete="current-password"` so password managers fill it.
 */
export function FormCurrentPasswordField<Values extends FieldValues, Output>({
  label = 'Password',
  ...props
}: Omit<Parameters<typeof FormPasswordField<Values, Output>>[0], 'autoComplete' | 'withAsterisk'>) {
  return <FormPasswordField {...props} label={label} autoComplete="current-password" withAsterisk />;
}

import { zodResolver } from '@hookform/resolvers/zod';
import {
  useForm,
  type FieldPath,
  type FieldValues,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from './api-client.ts';

/**
 * A react-hook-form form validated by a contract schema: the same rules and messages the API applies.
 * Messages show once a field is touched; an invalid submit shows every message (all fields touched).
 */
export function useContractForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  options: Omit<UseFormProps<z.input<Schema>, unknown, z.output<Schema>>, 'resolver'> = {},
) {
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    mode: 'onTouched',
    ...options,
    resolver: zodResolver(schema),
  });
}

/**
 * Show the server's field messages (a 400's `details`) on the form's own fields, nested ones included
 * (`dependentinfo.2.first_name`). Fields the form does not have are left to the alert. Answers whether
 * every message found its field (when not, the form should show the error in its alert as well).
 */
export function setServerFieldErrors<Values extends FieldValues>(
  form: Pick<UseFormReturn<Values, unknown, FieldValues>, 'setError' | 'getValues'>,
  error: unknown,
): boolean {
  if (!(error instanceof ApiError)) return false;
  const known: unknown = form.getValues();
  let placedAll = Object.keys(error.details).length > 0;
  for (const [field, message] of Object.entries(error.details)) {
    if (hasPath(known, field.split('.'))) form.setError(field as FieldPath<Values>, { message });
    else placedAll = false;
  }
  return placedAll;
}

function hasPath(value: unknown, keys: readonly string[]): boolean {
  let current = value;
  for (const key of keys) {
    if (typeof current !== 'object' || current === null || !Object.hasOwn(current, key)) return false;
    current = (current as Record<string, unknown>)[key];
  }
  return true;
}

/**
 * The error to show in the form's alert: none when the server named fields (they show their own messages);
 * a refusal without fields (e.g. 'This link expired...') is shown.
 */
export function alertError(error: unknown): unknown {
  return error instanceof ApiError && Object.keys(error.details).length > 0 ? null : error;
}

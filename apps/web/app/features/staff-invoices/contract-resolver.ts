import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A form resolver for a form that holds what people type (dollars as text) under the API's own field names:
 * `toBody` turns the values into the call's body (cents), the contract's schema checks it, and each message
 * lands on the field of the same path (`lines.0.unit_amount`), as the server's would.
 */
export function contractResolver<Values extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output>,
  toBody: (values: Values) => unknown,
): Resolver<Values, unknown, Output> {
  return (values, _context, options) => {
    const parsed = schema.safeParse(toBody(values));
    if (parsed.success) return { values: parsed.data, errors: {} };
    const flat: Record<string, FieldError> = {};
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String).join('.');
      flat[path] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: toNestErrors<Values>(flat, options) };
  };
}

import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { setServerFieldErrors } from '../../lib/form.ts';
import type { ConfirmOptions } from './confirm-dialog.tsx';

/** What the steps use of `useSubmitMessage()`. */
type Report = { show: (message: string) => void; clear: () => void };

/**
 * The submit handler of a form saved through one mutation: clears the last success message, runs `save` and
 * shows the message it answers. A refusal's field messages go on their fields; the rest is left to the form's
 * alert (the mutation's error).
 */
export function submitReporting<Values extends FieldValues, Output>(
  form: UseFormReturn<Values, unknown, Output>,
  report: Report,
  save: (values: Output) => Promise<string>,
) {
  return form.handleSubmit(async (values) => {
    report.clear();
    try {
      report.show(await save(values));
    } catch (error) {
      setServerFieldErrors(form, error);
    }
  });
}

/**
 * An action asked first in the confirmation dialog (a deletion, a reset): once confirmed, clears the last
 * success message and runs it. Answers its result, or null when cancelled or refused (a refusal shows through
 * the mutation's error).
 */
export async function runConfirmed<Result>(
  confirm: (options: ConfirmOptions) => Promise<boolean>,
  options: ConfirmOptions,
  report: Pick<Report, 'clear'>,
  action: () => Promise<Result>,
): Promise<Result | null> {
  if (!(await confirm(options))) return null;
  report.clear();
  return action().catch(() => null);
}

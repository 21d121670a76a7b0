import { Alert, type AlertProps } from '@mantine/core';
import { useCallback, useEffect, useEffectEvent, useState, type ReactNode } from 'react';

/**
 * A success message in green, announced politely (role="status"); nothing while there is none. The
 * counterpart of `ApiErrorAlert`.
 */
export function SuccessAlert({
  message,
  ...props
}: { message: ReactNode } & Omit<AlertProps, 'color' | 'role' | 'children'>) {
  if (message === null || message === undefined || message === false || message === '') return null;
  return (
    <Alert color="green" role="status" {...props}>
      {message}
    </Alert>
  );
}

/**
 * The success message of a form or an action, for `SuccessAlert`: `clear()` when an attempt starts, `show()`
 * the server's answer (its `status_smessage`) when it succeeds. With `next`, the message leads on: `next` runs
 * `nextAfterMs` after a message shows (close the form, go home), unless the message is cleared first or the
 * component goes away.
 */
export function useSubmitMessage({
  next,
  nextAfterMs = 0,
}: { next?: () => void; nextAfterMs?: number } = {}) {
  const [message, setMessage] = useState<string | null>(null);
  const show = useCallback((text: string) => setMessage(text), []);
  const clear = useCallback(() => setMessage(null), []);

  const hasNext = next !== undefined;
  const runNext = useEffectEvent(() => next?.());
  useEffect(() => {
    if (message === null || !hasNext) return;
    const timer = window.setTimeout(() => runNext(), nextAfterMs);
    return () => window.clearTimeout(timer);
  }, [message, hasNext, nextAfterMs]);

  return { message, show, clear };
}

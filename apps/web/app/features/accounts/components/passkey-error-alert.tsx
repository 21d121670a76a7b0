import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { MESSAGES } from '@taxfirm/contract';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';

/**
 * Why a passkey step failed: the server's words, or, when the browser gave up (the prompt was cancelled or
 * timed out, no passkey was found), `fallback`.
 */
export function PasskeyErrorAlert({
  error,
  fallback = MESSAGES.PASSKEY_REFUSED,
}: {
  error: unknown;
  fallback?: string;
}) {
  if (!error) return null;
  if (error instanceof ApiError) return <ApiErrorAlert error={error} />;
  return (
    <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
      {fallback}
    </Alert>
  );
}

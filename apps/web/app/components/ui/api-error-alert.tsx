import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessage } from '../../lib/api-client.ts';

/** Shows why a call failed, in the words the server (or the transport) gave: red, announced at once. */
export function ApiErrorAlert({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
      {errorMessage(error)}
    </Alert>
  );
}

import { Button, Group, Text } from '@mantine/core';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import type { RevealSsnBody } from '@taxfirm/contract';
import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import { useRevealSsn } from '../api/reveal-ssn.ts';

/** A revealed number is hidden again after this long. */
const HIDE_AFTER_MS = 60_000;

/**
 * A stored SSN/ITIN, masked (***-**-1234). Showing it in full is a deliberate action: the server records
 * each reveal in the audit log. It hides again after a minute, or at once with Hide.
 */
export function SsnValue({
  masked,
  which,
  owner,
}: {
  masked: string | null;
  which: RevealSsnBody;
  owner: string;
}) {
  const reveal = useRevealSsn();
  const [full, setFull] = useState<string | null>(null);
  // Hiding forgets the number: the mutation's own copy of the answer too.
  const { reset } = reveal;
  const hide = useCallback(() => {
    setFull(null);
    reset();
  }, [reset]);
  useEffect(() => {
    if (full === null) return;
    const timer = window.setTimeout(hide, HIDE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [full, hide]);

  const show = async () => {
    try {
      setFull((await reveal.mutateAsync(which)).ssn);
    } catch {
      // The message shows below.
    }
  };
  return (
    <>
      <Group gap="xs" wrap="nowrap">
        <Text span ff="monospace">
          {full ?? masked}
        </Text>
        {full === null ? (
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconEye size={14} aria-hidden />}
            loading={reveal.isPending}
            onClick={show}
            aria-label={`Show ${owner} SSN/ITIN`}
          >
            Show
          </Button>
        ) : (
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconEyeOff size={14} aria-hidden />}
            onClick={hide}
            aria-label={`Hide ${owner} SSN/ITIN`}
          >
            Hide
          </Button>
        )}
      </Group>
      {reveal.error && (
        <Text c="red.8" fz="sm" role="alert">
          {errorMessage(reveal.error)}
        </Text>
      )}
    </>
  );
}

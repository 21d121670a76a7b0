import { Button, Group, Stack, Text } from '@mantine/core';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { errorMessage } from '../../lib/api-client.ts';
import { useStepUp, type StepUp, type StepUpAlternatives } from './step-up-dialog.tsx';

/** A revealed number is hidden again after this long. */
export const HIDE_AFTER_MS = 60_000;

/**
 * A stored SSN/ITIN, masked (the client's profile, a client's file in the console). Showing it in full is a
 * deliberate action: `reveal` asks the server, which records each reveal in the audit log. The number hides
 * again after a minute, or at once with Hide, and is then forgotten (`onHide` lets the caller forget any copy
 * of its own, such as a mutation's answer). The server asks for a fresh step-up first (F-15): `stepUp` is the
 * surface's step-up call, and the dialog asking for the password or a code opens when the server wants it.
 */
export function IdentityNumber({
  masked,
  reveal,
  owner,
  verb = 'Reveal',
  onHide,
  stepUp,
  stepUpAlternatives,
}: {
  masked: string;
  reveal: () => Promise<string>;
  /** Whose number, as the buttons' names read it: "your", "the taxpayer's". */
  owner: string;
  /** The button's word: the portal says Show, the console Reveal. */
  verb?: 'Reveal' | 'Show';
  onHide?: () => void;
  /** The step-up call (account/stepup or staff/stepup) for when a reveal needs one. */
  stepUp?: StepUp;
  /** The other proofs the dialog offers (a client's passkey, an e-mailed code). */
  stepUpAlternatives?: StepUpAlternatives;
}) {
  const { withStepUp, dialog } = useStepUp(stepUp, stepUpAlternatives);
  const [full, setFull] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const hide = () => {
    setFull(null);
    onHide?.();
  };
  const hideOnTime = useEffectEvent(hide);
  useEffect(() => {
    if (full === null) return;
    const timer = window.setTimeout(() => hideOnTime(), HIDE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [full]);

  const show = async () => {
    setProblem(null);
    setPending(true);
    try {
      setFull(await withStepUp(reveal));
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <Stack gap={2}>
      <Group gap="xs" wrap="nowrap">
        <Text span ff="monospace" aria-live="polite">
          {full ?? masked}
        </Text>
        {full === null ? (
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconEye size={14} aria-hidden />}
            loading={isPending}
            onClick={() => void show()}
            aria-label={`${verb} ${owner} SSN/ITIN`}
          >
            {verb}
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
      {problem && (
        <Text c="red.8" fz="sm" role="alert">
          {problem}
        </Text>
      )}
      {dialog}
    </Stack>
  );
}

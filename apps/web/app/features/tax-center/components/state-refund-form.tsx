import { Anchor, Button, Group, NativeSelect, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useRef, useState, type FormEvent } from 'react';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { findStateRefundLink, STATE_REFUND_LINKS } from '../state-refund-links.ts';

export const CHOOSE_STATE_MESSAGE = 'Please choose a state.';

const SELECT_DATA = [
  { value: '', label: 'Choose a state' },
  ...STATE_REFUND_LINKS.map((s) => ({ value: s.code, label: s.name })),
];

/**
 * The state refund-status form: pick a state, press Submit, and the state's official refund page opens in a
 * new tab. Without JavaScript the form submits `?state=XX` to this page, which then shows the link instead.
 */
export function StateRefundForm({
  action,
  requestedState,
}: {
  /** This page's path: where the form submits when JavaScript is off. */
  action: string;
  /** The `state` query parameter of a submission made without JavaScript (null when absent). */
  requestedState: string | null;
}) {
  const requested = findStateRefundLink(requestedState);
  const [code, setCode] = useState(requested?.code ?? '');
  const [error, setError] = useState<string | null>(
    requestedState !== null && !requested ? CHOOSE_STATE_MESSAGE : null,
  );
  const selectRef = useRef<HTMLSelectElement>(null);
  const hydrated = useHydrated();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const state = findStateRefundLink(code);
    if (!state) {
      setError(CHOOSE_STATE_MESSAGE);
      selectRef.current?.focus();
      return;
    }
    setError(null);
    window.open(state.url, '_blank', 'noopener,noreferrer');
  }

  return (
    <form
      method="get"
      action={action}
      onSubmit={onSubmit}
      aria-label="State refund status"
      data-testid="state-refund-form"
      data-ready={hydrated ? 'true' : 'false'}
    >
      <Stack gap="md" maw={420}>
        <NativeSelect
          ref={selectRef}
          id="state-refund-select"
          name="state"
          label="State"
          description="The state whose income tax return you filed."
          data={SELECT_DATA}
          value={code}
          onChange={(e) => {
            setCode(e.currentTarget.value);
            if (e.currentTarget.value) setError(null);
          }}
          error={error}
          size="md"
          // Darker than Mantine's defaults so that both texts meet WCAG AA contrast on white.
          styles={{
            description: { color: 'var(--mantine-color-gray-7)' },
            error: { color: 'var(--mantine-color-red-9)' },
          }}
        />
        <Group>
          <Button type="submit" size="md">
            Submit
          </Button>
        </Group>
        {requested && requested.code === code && !error && (
          <Text>
            <Anchor href={requested.url} target="_blank" rel="noopener noreferrer" underline="always">
              Open the {requested.name} refund status page{' '}
              <VisuallyHidden>(opens in a new tab)</VisuallyHidden>
              <IconExternalLink
                size={16}
                aria-hidden
                style={{ marginLeft: 4, verticalAlign: 'text-bottom' }}
              />
            </Anchor>
          </Text>
        )}
      </Stack>
    </form>
  );
}

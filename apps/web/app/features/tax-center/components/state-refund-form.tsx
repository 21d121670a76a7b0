import { Anchor, Button, Group, NativeSelect, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { CHOOSE_STATE_MESSAGE, findStateRefundLink, STATE_REFUND_LINKS } from '../state-refund-links.ts';

const SELECT_DATA = [
  { value: '', label: 'Choose a state' },
  ...STATE_REFUND_LINKS.map((s) => ({ value: s.code, label: s.name })),
];

/**
 * The state refund-status form: pick a state, press Submit, and the state's official refund page opens in a
 * new tab. The server renders it; without JavaScript the form submits `?state=XX` to this page, which then shows
 * the link instead. With JavaScript the state-refund island (ADR 021) checks the choice and opens the new tab.
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
  const error = requestedState !== null && !requested ? CHOOSE_STATE_MESSAGE : null;

  return (
    <form
      method="get"
      action={action}
      aria-label="State refund status"
      data-testid="state-refund-form"
      data-island="state-refund"
      // The island sets it to true once it handles Submit.
      data-ready="false"
    >
      <Stack gap="md" maw={420}>
        <NativeSelect
          id="state-refund-select"
          name="state"
          label="State"
          description="The state whose income tax return you filed."
          data={SELECT_DATA}
          defaultValue={requested?.code ?? ''}
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
        {requested && (
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

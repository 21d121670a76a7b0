import { Button, Text } from '@mantine/core';

/** One queue's tab: its status and how many files it holds ("1,000+" above the bound), pressed when chosen. */
export function QueueButton({
  label,
  count,
  active,
  onClick,
}: {
  label: string;
  count: string | undefined;
  active: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      variant={active ? 'filled' : 'default'}
      color="navy"
      onClick={onClick}
      aria-pressed={active}
      justify="space-between"
      fullWidth
      h="auto"
      py={6}
      px="xs"
      // A long status beside "1,000+" on a phone: narrow padding keeps "Preparation" whole, and a word too long
      // for its line still wraps rather than being cut.
      styles={{
        label: { whiteSpace: 'normal', textAlign: 'left', width: '100%', overflowWrap: 'anywhere' },
        section: { marginInlineStart: 6 },
      }}
      rightSection={
        <Text span fw={700} fz="sm">
          {count ?? '…'}
        </Text>
      }
    >
      <Text span fz="xs" fw={600}>
        {label}
      </Text>
    </Button>
  );
}

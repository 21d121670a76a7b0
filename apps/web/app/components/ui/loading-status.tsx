import { Group, Loader, Text } from '@mantine/core';

/** A page's or a section's loading state: a small spinner and what is loading ("Loading your invoices…"), as a status. */
export function LoadingStatus({ children }: { children: string }) {
  return (
    <Group gap="xs" role="status">
      <Loader size="sm" aria-hidden />
      <Text>{children}</Text>
    </Group>
  );
}

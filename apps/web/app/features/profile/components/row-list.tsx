import { Button, Fieldset, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useRef, type ReactNode } from 'react';
import { keepFocusOnPress } from './profile-section.tsx';

/**
 * The rows of a list section's form (dependents, employers): each row in its own fieldset, Remove on every
 * row after the first, and the Add button until the list holds `max` rows.
 */
export function RowList({
  noun,
  rows,
  max,
  addLabel,
  onAdd,
  onRemove,
  renderRow,
  error,
}: {
  /** "Dependent", "Employer": names each row. */
  noun: string;
  rows: readonly { key: string }[];
  max: number;
  addLabel: string;
  onAdd: () => void;
  onRemove: (index: number) => void;
  renderRow: (index: number) => ReactNode;
  error?: string | undefined;
}) {
  const list = useRef<HTMLDivElement>(null);
  // The removed row's button held the focus: hand it to the row before (its first field).
  const remove = (index: number) => {
    onRemove(index);
    window.requestAnimationFrame(() =>
      list.current?.querySelectorAll('fieldset')[index - 1]?.querySelector('input')?.focus(),
    );
  };
  return (
    <Stack gap="md" ref={list}>
      {rows.map((row, index) => (
        <Fieldset key={row.key} legend={`${noun} ${index + 1}`}>
          <Stack gap="sm">
            {renderRow(index)}
            {index > 0 && (
              <Group justify="flex-end">
                <Button
                  variant="subtle"
                  color="red"
                  c="red.9"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={() => remove(index)}
                  {...keepFocusOnPress}
                  aria-label={`Remove ${noun.toLowerCase()} ${index + 1}`}
                >
                  Remove
                </Button>
              </Group>
            )}
          </Stack>
        </Fieldset>
      ))}
      {error && (
        <Text c="red.8" fz="sm" role="alert">
          {error}
        </Text>
      )}
      {rows.length < max ? (
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={onAdd}
            {...keepFocusOnPress}
          >
            {addLabel}
          </Button>
        </Group>
      ) : (
        <Text fz="sm" c="gray.8">
          You have added the most we take here ({max}).
        </Text>
      )}
    </Stack>
  );
}

/** The read-only list: one titled card per row, or a line saying there are none. */
export function RowCards({
  noun,
  empty,
  rows,
}: {
  noun: string;
  empty: string;
  rows: readonly { key: string; content: ReactNode }[];
}) {
  if (rows.length === 0) return <Text>{empty}</Text>;
  return (
    <Stack gap="md">
      {rows.map((row, index) => (
        <Paper key={row.key} withBorder p="md" radius="md">
          <Title order={3} fz={17} mb="sm" c="navy.9">
            {noun} {index + 1}
          </Title>
          {row.content}
        </Paper>
      ))}
    </Stack>
  );
}

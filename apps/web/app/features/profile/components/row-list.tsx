import { Button, Fieldset, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { UseMutationResult } from '@tanstack/react-query';
import { useRef, type ReactNode } from 'react';
import {
  get,
  useFieldArray,
  type ArrayPath,
  type FieldArray,
  type FieldArrayWithId,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';
import { DetailList, type DetailItem } from '../../../components/ui/detail-list.tsx';
import { keepFocusOnPress, ProfileSection, SectionActions, useSectionSave } from './profile-section.tsx';

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

/**
 * A list section's form (dependents, employers): the rows of `name` in a RowList, then the section's
 * Submit and Cancel. `renderRow` draws one row's fields; `emptyRow` is what Add appends. The form's owner
 * builds it with `mode: 'onSubmit'` (validating on blur would flag every empty field of a row just added).
 */
export function RowListForm<Values extends FieldValues, Output, Name extends ArrayPath<Values>>({
  label,
  form,
  name,
  save,
  close,
  noun,
  max,
  addLabel,
  emptyRow,
  renderRow,
}: {
  /** The form's accessible name ("Edit Dependents"). */
  label: string;
  form: UseFormReturn<Values, unknown, Output>;
  name: Name;
  save: UseMutationResult<{ status_smessage: string }, Error, Output>;
  close: () => void;
  noun: string;
  max: number;
  addLabel: string;
  emptyRow: FieldArray<Values, Name>;
  renderRow: (index: number, row: FieldArrayWithId<Values, Name, 'key'> | undefined) => ReactNode;
}) {
  // The generated row key is named "key": the rows may carry their own stored "id".
  const rows = useFieldArray({ control: form.control, name, keyName: 'key' });
  const { onSubmit, saved, alert } = useSectionSave(form, save, (values) => values, close);
  const rowErrors: { message?: string; root?: { message?: string } } | undefined = get(
    form.formState.errors,
    name,
  );
  return (
    <form noValidate onSubmit={onSubmit} aria-label={label} tabIndex={-1}>
      <Stack gap="lg">
        <RowList
          noun={noun}
          rows={rows.fields}
          max={max}
          addLabel={addLabel}
          onAdd={() => rows.append(emptyRow)}
          onRemove={rows.remove}
          error={rowErrors?.message ?? rowErrors?.root?.message}
          renderRow={(i) => <SimpleGrid cols={{ base: 1, sm: 2 }}>{renderRow(i, rows.fields[i])}</SimpleGrid>}
        />
        <SectionActions saving={save.isPending} saved={saved} error={alert} onCancel={close} />
      </Stack>
    </form>
  );
}

/** A list section (dependents, employers): one card of details per row, and the section's RowListForm. */
export function ListSection<Item>({
  title,
  noun,
  empty,
  editable,
  query,
  items,
  itemKey,
  details,
  form,
}: {
  title: string;
  noun: string;
  empty: string;
  editable: boolean;
  query: { isPending: boolean; error: unknown };
  items: readonly Item[];
  itemKey: (item: Item, index: number) => string;
  details: (item: Item, index: number) => DetailItem[];
  form: (close: () => void) => ReactNode;
}) {
  return (
    <ProfileSection
      title={title}
      editable={editable}
      query={query}
      view={
        <RowCards
          noun={noun}
          empty={empty}
          rows={items.map((item, index) => ({
            key: itemKey(item, index),
            content: <DetailList items={details(item, index)} />,
          }))}
        />
      }
      form={form}
    />
  );
}

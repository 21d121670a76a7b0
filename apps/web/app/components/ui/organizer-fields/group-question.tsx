import { Button, Fieldset, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  conditionHolds,
  type FieldValue,
  type GroupQuestion,
  type GroupRow,
  type OrganizerCurrency,
} from '@taxfirm/contract';
import { useEffect, useId, useRef } from 'react';
import type { Problems } from './answers-draft.ts';
import { QuestionField } from './question-field.tsx';

type Props = {
  question: GroupQuestion;
  rows: readonly GroupRow[];
  /** The new rows, and the path whose problems the change settles (`accounts.0.bank`, or `accounts`). */
  onChange: (rows: GroupRow[], path: string) => void;
  problems: Problems;
  defaultCurrency: OrganizerCurrency;
};

/**
 * A repeating group ("each account"): one card per row, "Account 1", "Account 2", with its fields (a field's
 * condition looks at its own row), a Remove button each and Add below, up to the group's `max`.
 */
export function GroupQuestionField({ question, rows, onChange, problems, defaultCurrency }: Props) {
  const headingId = useId();
  const helpId = useId();
  const errorId = useId();
  const item = question.itemLabel.toLowerCase();
  const error = problems[question.id];
  const isFull = rows.length >= question.max;

  // After Add the new row's first field takes the focus; after Remove, the Add button.
  const addRef = useRef<HTMLButtonElement>(null);
  const rowRefs = useRef(new Map<string, HTMLFieldSetElement>());
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    const target = focusNext.current;
    if (target === null) return;
    focusNext.current = null;
    if (target === 'add') addRef.current?.focus();
    else rowRefs.current.get(target)?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  }, [rows]);

  const add = () => {
    const row: GroupRow = { row_id: crypto.randomUUID() };
    focusNext.current = row.row_id;
    onChange([...rows, row], question.id);
  };
  const remove = (rowId: string) => {
    focusNext.current = 'add';
    onChange(
      rows.filter((row) => row.row_id !== rowId),
      question.id,
    );
  };
  const setField = (index: number, field: string, value: FieldValue | undefined) => {
    onChange(
      rows.map((row, at) => {
        if (at !== index) return row;
        const { [field]: _old, ...rest } = row;
        return (value === undefined ? rest : { ...rest, [field]: value }) as GroupRow;
      }),
      `${question.id}.${index}.${field}`,
    );
  };

  const describedBy = [question.help ? helpId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <Stack gap="sm" role="group" aria-labelledby={headingId} aria-describedby={describedBy || undefined}>
      <div>
        <Title order={3} fz="md" id={headingId}>
          {question.label}
        </Title>
        {question.help && (
          <Text id={helpId} fz="sm" c="gray.8">
            {question.help}
          </Text>
        )}
        {error && (
          <Text id={errorId} fz="sm" c="red.8">
            {error}
          </Text>
        )}
      </div>
      {rows.map((row, index) => {
        const rowError = problems[`${question.id}.${index}`];
        return (
          <Fieldset
            key={row.row_id}
            legend={`${question.itemLabel} ${index + 1}`}
            radius="md"
            ref={(element: HTMLFieldSetElement | null) => {
              if (element) rowRefs.current.set(row.row_id, element);
              else rowRefs.current.delete(row.row_id);
            }}
          >
            <Stack gap="sm">
              {rowError && (
                <Text fz="sm" c="red.8">
                  {rowError}
                </Text>
              )}
              {question.fields
                .filter((field) => !field.off && conditionHolds(field.showIf, row))
                .map((field) => (
                  <QuestionField
                    key={field.id}
                    question={field}
                    value={row[field.id]}
                    error={problems[`${question.id}.${index}.${field.id}`]}
                    defaultCurrency={defaultCurrency}
                    onChange={(value) => setField(index, field.id, value)}
                  />
                ))}
              <Group justify="flex-end">
                <Button
                  variant="default"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  aria-label={`Remove ${item} ${index + 1}`}
                  onClick={() => remove(row.row_id)}
                >
                  Remove
                </Button>
              </Group>
            </Stack>
          </Fieldset>
        );
      })}
      <Group gap="sm">
        <Button
          ref={addRef}
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={isFull}
          onClick={add}
        >
          Add {item}
        </Button>
        {isFull && (
          <Text fz="sm" c="gray.8">
            You can add up to {question.max}.
          </Text>
        )}
      </Group>
    </Stack>
  );
}

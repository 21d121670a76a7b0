import { Button, Checkbox, Group, NativeSelect, SimpleGrid, Stack } from '@mantine/core';
import {
  REQUEST_ITEM_TYPES,
  requestItemInputSchema,
  type RequestItem,
  type RequestItemInput,
} from '@taxfirm/contract';
import type { z } from 'zod';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { FormTextarea, FormTextField } from '../../../components/ui/form-text-field.tsx';
import { alertError, setServerFieldErrors, useContractForm } from '../../../lib/form.ts';

/** A dependent of the client, as the file page knows them (for an item's person). */
export type ChecklistDependent = { id: string; name: string };

export const TYPE_OPTIONS = [
  { value: '', label: 'Choose a type' },
  ...REQUEST_ITEM_TYPES.map(({ type, label }) => ({ value: type, label })),
];

/** The item's values as the edit form starts from them. */
export function inputOfItem(item: RequestItem, dependents: readonly ChecklistDependent[]): RequestItemInput {
  const dependent =
    item.person === 'dependent' ? dependents.find((d) => d.id === item.dependent_id) : undefined;
  return {
    type: item.type,
    title: item.title,
    person: item.person,
    dependent_id: dependent?.id ?? null,
    note: item.note ?? '',
    required: item.required,
  };
}

export const EMPTY_ITEM = {
  type: '',
  title: '',
  person: null,
  dependent_id: null,
  note: '',
  required: true,
} as unknown as RequestItemInput;

/**
 * Add or edit one checklist item: type (every item type), title, person (taxpayer, spouse, and the
 * dependents when the file page knows them), note and whether it is required. Validated by the contract's
 * item schema; the server's field messages show by their fields.
 */
export function ItemForm({
  initial,
  dependents,
  submitLabel,
  label,
  onSubmit,
  onCancel,
  error,
  pending,
}: {
  initial: RequestItemInput;
  dependents: readonly ChecklistDependent[];
  submitLabel: string;
  /** The form's accessible name ("Add an item", "Edit W-2 from Acme"). */
  label: string;
  onSubmit: (item: z.output<typeof requestItemInputSchema>) => Promise<unknown>;
  onCancel?: () => void;
  error: unknown;
  pending: boolean;
}) {
  const form = useContractForm(requestItemInputSchema, { defaultValues: initial });
  const { errors } = form.formState;
  const person = form.watch('person');
  const dependentId = form.watch('dependent_id');
  const personValue = person === 'dependent' && dependentId ? `dependent:${dependentId}` : (person ?? '');
  const personOptions = [
    { value: '', label: 'Not a particular person' },
    { value: 'taxpayer', label: 'Taxpayer' },
    { value: 'spouse', label: 'Spouse' },
    ...dependents.map((d) => ({ value: `dependent:${d.id}`, label: `Dependent: ${d.name}` })),
    // An item for a dependent the page cannot name (the profile is not loaded): kept as it is.
    ...(person === 'dependent' && !dependentId ? [{ value: 'dependent', label: 'A dependent' }] : []),
  ];
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
      form.reset(initial);
    } catch (caught) {
      setServerFieldErrors(form, caught);
    }
  });
  return (
    <form noValidate onSubmit={submit} aria-label={label}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NativeSelect
            label="Document type"
            withAsterisk
            data={TYPE_OPTIONS}
            {...form.register('type')}
            error={errors.type?.message}
          />
          <FormTextField form={form} name="title" label="Title" withAsterisk />
          <NativeSelect
            label="Person"
            data={personOptions}
            value={personValue}
            onChange={(event) => {
              const value = event.currentTarget.value;
              const [kind, dependent] = value.split(':');
              form.setValue('person', (kind || null) as RequestItemInput['person'], { shouldDirty: true });
              form.setValue('dependent_id', dependent ?? null, { shouldDirty: true });
            }}
            error={errors.person?.message ?? errors.dependent_id?.message}
          />
          <FormTextarea
            form={form}
            name="note"
            label="Note for the client"
            description="Optional: which account, which employer, what to look for."
            minRows={1}
          />
        </SimpleGrid>
        <Checkbox
          label="Required"
          description="Required items count toward 'documents complete'."
          {...form.register('required')}
        />
        <ApiErrorAlert error={alertError(error)} />
        <Group gap="xs">
          <Button type="submit" loading={pending} loaderProps={{ 'aria-label': 'Saving' }}>
            {submitLabel}
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

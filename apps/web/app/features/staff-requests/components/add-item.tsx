import { Stack, Title } from '@mantine/core';
import { addChecklistItem, useChangeChecklist } from '../api/change-checklist.ts';
import { EMPTY_ITEM, ItemForm, type ChecklistDependent } from './item-form.tsx';
import type { ChecklistTarget } from './labels.ts';

/** A new item for this file's checklist. */
export function AddItem({
  target,
  dependents,
  report,
  clearReport,
}: {
  target: ChecklistTarget;
  dependents: readonly ChecklistDependent[];
  report: (message: string) => void;
  clearReport: () => void;
}) {
  const save = useChangeChecklist();
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        Add item
      </Title>
      <ItemForm
        label="Add item"
        initial={EMPTY_ITEM}
        dependents={dependents}
        submitLabel="Add item"
        pending={save.isPending}
        error={save.error}
        onSubmit={async (item) => {
          clearReport();
          report((await save.mutateAsync(() => addChecklistItem({ ...target, item }))).status_smessage);
        }}
      />
    </Stack>
  );
}

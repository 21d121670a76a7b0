import { Button, Group, NativeSelect, Stack, TextInput, Title } from '@mantine/core';
import { MESSAGES, staffRequestsTemplatesBodySchema, type StaffRequests } from '@taxfirm/contract';
import { useState } from 'react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { useChangeRequestTemplates } from '../api/request-templates.ts';
import { applyTemplate, useChangeChecklist } from '../api/change-checklist.ts';
import type { ChecklistTarget } from './labels.ts';

/** A template's name, as the templates call checks it. */
const templateNameSchema = staffRequestsTemplatesBodySchema.options[2].shape.name;

/** Apply one of the firm's templates to this file, or keep this file's checklist as a new template. */
export function TemplateTools({
  data,
  target,
  editable,
  report,
  clearReport,
}: {
  data: StaffRequests;
  target: ChecklistTarget;
  editable: boolean;
  report: (message: string) => void;
  clearReport: () => void;
}) {
  const save = useChangeChecklist();
  const templates = useChangeRequestTemplates();
  const [templateId, setTemplateId] = useState('');
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const onApply = async () => {
    if (!templateId) return;
    clearReport();
    const answer = await save
      .mutateAsync(() => applyTemplate({ ...target, template_id: templateId }))
      .catch(() => null);
    if (answer) report(answer.status_smessage);
  };
  const onSaveAs = async () => {
    const checked = templateNameSchema.safeParse(name);
    if (!checked.success) {
      setNameError(checked.error.issues[0]?.message ?? MESSAGES.INVALID_REQUEST);
      return;
    }
    setNameError(null);
    clearReport();
    const answer = await templates
      .mutateAsync({ action: 'save_from_file', name: checked.data, ...target })
      .catch(() => null);
    if (answer) {
      setName('');
      report(answer.status_smessage);
    }
  };
  return (
    <Stack gap="sm">
      <Title order={3} fz="md">
        Templates
      </Title>
      <Group align="flex-end" gap="xs" wrap="wrap">
        {editable && (
          <>
            <NativeSelect
              label="Template"
              value={templateId}
              onChange={(event) => setTemplateId(event.currentTarget.value)}
              data={[
                { value: '', label: 'Choose a template' },
                ...data.templates.map((t) => ({
                  value: t.template_id,
                  label: `${t.name} (${t.items} ${t.items === 1 ? 'item' : 'items'})`,
                })),
              ]}
            />
            <Button
              variant="default"
              onClick={() => void onApply()}
              disabled={!templateId}
              loading={save.isPending}
            >
              Apply template
            </Button>
          </>
        )}
        <TextInput
          label="New template name"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={nameError}
        />
        <Button variant="default" onClick={() => void onSaveAs()} loading={templates.isPending}>
          Save as template
        </Button>
      </Group>
      <ApiErrorAlert error={save.error ?? templates.error} />
    </Stack>
  );
}

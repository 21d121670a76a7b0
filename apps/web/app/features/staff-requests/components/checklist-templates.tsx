import { Badge, Button, Checkbox, Group, Loader, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { staffRequestsTemplatesBodySchema } from '@taxfirm/contract';
import { useFieldArray } from 'react-hook-form';
import type { z } from 'zod';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { FormAccordion } from '../../../components/ui/form-accordion.tsx';
import { runConfirmed, submitReporting } from '../../../components/ui/form-steps.ts';
import { FieldGroupError } from '../../../components/ui/field-group-error.tsx';
import { FormTextField } from '../../../components/ui/form-text-field.tsx';
import { SuccessAlert, useSubmitMessage } from '../../../components/ui/success-alert.tsx';
import { alertError, useContractForm } from '../../../lib/form.ts';
import { useChangeRequestTemplates } from '../api/request-templates.ts';
import { useRequestTemplates } from '../../../lib/request-templates.ts';
import { TYPE_OPTIONS } from './item-form.tsx';
import { PlainList } from '../../../components/ui/plain-list.tsx';

/** The templates call's "save": a template's name and its items (create without an id, else replace). */
const saveTemplateSchema = staffRequestsTemplatesBodySchema.options[1];
type TemplateValues = z.input<typeof saveTemplateSchema>;
type Template = { template_id: string; name: string; items: TemplateValues['items'] };

const NEW_ROW = { type: '', title: '', required: true } as unknown as TemplateValues['items'][number];

/**
 * The firm's named checklist templates (US individual, NRI add-on, business…): each with its items, renamed
 * and edited as rows of type, title and required; deleted after a confirmation; and a new one.
 */
export function ChecklistTemplates() {
  const templates = useRequestTemplates();
  return (
    <section aria-labelledby="checklist-templates-heading">
      <Stack gap="md">
        <Title order={2} id="checklist-templates-heading" fz="lg">
          Checklist templates
        </Title>
        <Text c="gray.8">
          Items a file&apos;s checklist can start from (&ldquo;Apply template&rdquo; on a client&apos;s file).
          Applying one adds its items; it does not change checklists it was applied to before.
        </Text>
        {templates.isPending && <Loader role="status" aria-label="Loading the checklist templates" />}
        <ApiErrorAlert error={templates.error} />
        {templates.data && (
          <FormAccordion
            entries={[
              ...templates.data.templates.map((template) => ({
                value: template.template_id,
                title: template.name,
                badge: (
                  <Badge size="sm" variant="light" color="gray" c="dark.7">
                    {template.items.length} {template.items.length === 1 ? 'item' : 'items'}
                  </Badge>
                ),
                form: <TemplateForm template={template} />,
              })),
              { value: 'new', title: 'New template', form: <TemplateForm template={null} /> },
            ]}
          />
        )}
      </Stack>
    </section>
  );
}

function TemplateForm({ template }: { template: Template | null }) {
  const change = useChangeRequestTemplates();
  const success = useSubmitMessage();
  const { confirm, dialog } = useConfirm();
  const initial: TemplateValues = template
    ? { action: 'save', template_id: template.template_id, name: template.name, items: template.items }
    : { action: 'save', name: '', items: [NEW_ROW] };
  const form = useContractForm(saveTemplateSchema, { defaultValues: initial });
  const rows = useFieldArray({ control: form.control, name: 'items' });
  const { errors } = form.formState;
  const formName = template ? `Template ${template.name}` : 'New template';

  const onSubmit = submitReporting(form, success, async (values) => {
    const answer = await change.mutateAsync(values);
    if (!template) form.reset(initial);
    return answer.status_smessage;
  });
  const onDelete = async () => {
    if (!template) return;
    await runConfirmed(
      confirm,
      {
        title: `Delete the template "${template.name}"?`,
        message: 'It is no longer offered on clients’ files. Checklists it was applied to keep their items.',
        confirmLabel: 'Delete template',
        destructive: true,
      },
      success,
      () => change.mutateAsync({ action: 'delete', template_id: template.template_id }),
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label={formName}>
      <Stack gap="sm">
        <FormTextField form={form} name="name" label="Template name" withAsterisk />
        <PlainList as="ol" gap="xs" aria-label="Items">
          {rows.fields.map((row, index) => (
            <li key={row.id}>
              <Group align="flex-end" gap="xs" wrap="wrap">
                <NativeSelect
                  label={`Item ${index + 1} type`}
                  data={TYPE_OPTIONS}
                  {...form.register(`items.${index}.type`)}
                  error={errors.items?.[index]?.type?.message}
                />
                <FormTextField
                  form={form}
                  name={`items.${index}.title`}
                  label={`Item ${index + 1} title`}
                  withAsterisk
                  style={{ flex: 1, minWidth: 200 }}
                />
                <Checkbox
                  label="Required"
                  aria-label={`Item ${index + 1} required`}
                  mb={8}
                  {...form.register(`items.${index}.required`)}
                />
                <Button
                  variant="default"
                  color="red"
                  size="compact-sm"
                  mb={6}
                  disabled={rows.fields.length === 1}
                  aria-label={`Remove item ${index + 1}`}
                  onClick={() => rows.remove(index)}
                >
                  Remove
                </Button>
              </Group>
            </li>
          ))}
        </PlainList>
        <FieldGroupError message={errors.items?.root?.message ?? errors.items?.message} />
        <div>
          <Button variant="default" size="compact-sm" onClick={() => rows.append(NEW_ROW)}>
            Add a row
          </Button>
        </div>
        <SuccessAlert message={success.message} />
        <ApiErrorAlert error={alertError(change.error)} />
        <Group gap="xs">
          <Button type="submit" loading={change.isPending} loaderProps={{ 'aria-label': 'Saving' }}>
            {template ? 'Save template' : 'Create template'}
          </Button>
          {template && (
            <Button variant="default" color="red" onClick={() => void onDelete()}>
              Delete template
            </Button>
          )}
        </Group>
      </Stack>
      {dialog}
    </form>
  );
}

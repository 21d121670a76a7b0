import { Accordion, Badge, Button, Group, Loader, Stack, Text, Textarea } from '@mantine/core';
import { statusTemplateSaveBodySchema, type FileStatus } from '@taxfirm/contract';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { FormTextField } from '../../../components/ui/form-text-field.tsx';
import { SuccessAlert, useSubmitMessage } from '../../../components/ui/success-alert.tsx';
import { setServerFieldErrors, useContractForm } from '../../../lib/form.ts';
import { useStatusTemplates } from '../api/get-status-templates.ts';
import { useResetTemplate } from '../api/reset-template.ts';
import { useSaveTemplate } from '../api/save-template.ts';

type Template = { status: FileStatus; subject: string; body: string; customised: boolean };

/** Admins: the e-mail (and portal notification) each file status sends the client. */
export function StatusTemplates() {
  const templates = useStatusTemplates();
  if (templates.isPending) return <Loader role="status" aria-label="Loading the status e-mails" />;
  if (templates.error) return <ApiErrorAlert error={templates.error} />;
  return (
    <Stack gap="md">
      <Text c="gray.8">
        Placeholders: {templates.data.placeholders.join(', ')}. The client&apos;s e-mail starts with
        &ldquo;Hello&nbsp;first name,&rdquo; and ends with a link to the portal; the staff comment is never
        sent.
      </Text>
      <Accordion variant="separated" chevronPosition="left">
        {templates.data.templates.map((template) => (
          <Accordion.Item key={template.status} value={template.status}>
            <Accordion.Control>
              <Group gap="xs">
                <Text fw={600}>{template.status}</Text>
                {template.customised && (
                  <Badge size="sm" variant="light" color="navy" c="navy.9">
                    Edited
                  </Badge>
                )}
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              <TemplateForm template={template} />
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  );
}

function TemplateForm({ template }: { template: Template }) {
  const save = useSaveTemplate();
  const reset = useResetTemplate();
  const success = useSubmitMessage();
  const { confirm, dialog } = useConfirm();
  const values = { status: template.status, subject: template.subject, body: template.body };
  const form = useContractForm(statusTemplateSaveBodySchema, { defaultValues: values, values });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (input) => {
    success.clear();
    try {
      success.show((await save.mutateAsync(input)).status_smessage);
    } catch (error) {
      setServerFieldErrors(form, error);
    }
  });
  const restore = async () => {
    const confirmed = await confirm({
      title: `Use the built-in wording for ${template.status}?`,
      message: `The edited subject and message of the ${template.status} e-mail are discarded for good; clients moved to ${template.status} from now on get the built-in wording.`,
      confirmLabel: 'Use built-in wording',
      destructive: true,
    });
    if (!confirmed) return;
    success.clear();
    const answer = await reset.mutateAsync({ status: template.status }).catch(() => null);
    if (answer) success.show(answer.status_smessage);
  };
  const id = template.status.replace(/\W+/g, '-').toLowerCase();
  return (
    <form noValidate onSubmit={onSubmit} aria-label={`E-mail for ${template.status}`}>
      <Stack gap="sm">
        <FormTextField form={form} name="subject" id={`${id}-subject`} label="Subject" required />
        <Textarea
          id={`${id}-body`}
          label="Message"
          description="A blank line starts a new paragraph."
          required
          autosize
          minRows={3}
          {...form.register('body')}
          error={errors.body?.message}
        />
        <Group gap="sm">
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
          {template.customised && (
            <Button variant="default" loading={reset.isPending} onClick={() => void restore()}>
              Use the built-in wording
            </Button>
          )}
        </Group>
        <SuccessAlert message={success.message} />
        <ApiErrorAlert error={save.error ?? reset.error} />
      </Stack>
      {dialog}
    </form>
  );
}

import { Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { statusTemplateSaveBodySchema, type FileStatus } from '@taxfirm/contract';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { FormAccordion } from '../../../components/ui/form-accordion.tsx';
import { runConfirmed, submitReporting } from '../../../components/ui/form-steps.ts';
import { FormTextarea, FormTextField } from '../../../components/ui/form-text-field.tsx';
import { SuccessAlert, useSubmitMessage } from '../../../components/ui/success-alert.tsx';
import { useContractForm } from '../../../lib/form.ts';
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
      <FormAccordion
        entries={templates.data.templates.map((template) => ({
          value: template.status,
          title: template.status,
          badge: template.customised ? (
            <Badge size="sm" variant="light" color="navy" c="navy.9">
              Edited
            </Badge>
          ) : null,
          form: <TemplateForm template={template} />,
        }))}
      />
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
  const onSubmit = submitReporting(
    form,
    success,
    async (input) => (await save.mutateAsync(input)).status_smessage,
  );
  const restore = async () => {
    const answer = await runConfirmed(
      confirm,
      {
        title: `Use the built-in wording for ${template.status}?`,
        message: `The edited subject and message of the ${template.status} e-mail are discarded for good; clients moved to ${template.status} from now on get the built-in wording.`,
        confirmLabel: 'Use built-in wording',
        destructive: true,
      },
      success,
      () => reset.mutateAsync({ status: template.status }),
    );
    if (answer) success.show(answer.status_smessage);
  };
  const id = template.status.replace(/\W+/g, '-').toLowerCase();
  return (
    <form noValidate onSubmit={onSubmit} aria-label={`E-mail for ${template.status}`}>
      <Stack gap="sm">
        <FormTextField form={form} name="subject" id={`${id}-subject`} label="Subject" required />
        <FormTextarea
          form={form}
          name="body"
          id={`${id}-body`}
          label="Message"
          description="A blank line starts a new paragraph."
          required
          minRows={3}
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

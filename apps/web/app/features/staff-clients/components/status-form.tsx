import { Button, NativeSelect } from '@mantine/core';
import { FILE_STATUSES, staffStatusBodySchema, type FileStatus } from '@taxfirm/contract';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { FormTextarea, useFormField } from '../../../components/ui/form-text-field.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { SuccessAlert, useSubmitMessage } from '../../../components/ui/success-alert.tsx';
import { alertError, setServerFieldErrors, useContractForm } from '../../../lib/form.ts';
import { useChangeStatus } from '../api/change-status.ts';

/** Statuses that close the year's work and tell the client so: asked first. */
const CLOSING_STATUSES: readonly FileStatus[] = ['E-Filing Complete', 'Filing Docs Sent', 'Cancel Filing'];

/** The file's new status with a comment for its history; the client is e-mailed the status. */
export function StatusForm({
  clientId,
  current,
  clientName,
  taxYear,
}: {
  clientId: string;
  current: FileStatus;
  clientName: string;
  taxYear: number;
}) {
  const change = useChangeStatus();
  const success = useSubmitMessage();
  const { confirm, dialog } = useConfirm();
  const form = useContractForm(staffStatusBodySchema, {
    defaultValues: { client_id: clientId, status: current, comment: '' },
  });
  const statusField = useFormField({ form, name: 'status' });
  const onSubmit = form.handleSubmit(async (values) => {
    if (
      CLOSING_STATUSES.includes(values.status) &&
      !(await confirm({
        title: `Move ${clientName}'s ${taxYear} file to ${values.status}?`,
        message: `${clientName} is e-mailed the ${values.status} message at once and sees the new status in the portal. The e-mail cannot be taken back, even if you change the status again.`,
        confirmLabel: `Move to ${values.status}`,
        destructive: values.status === 'Cancel Filing',
      }))
    ) {
      return;
    }
    success.clear();
    try {
      const answer = await change.mutateAsync(values);
      form.reset({ client_id: clientId, status: values.status, comment: '' });
      success.show(answer.status_smessage);
    } catch (error) {
      setServerFieldErrors(form, error);
    }
  });
  return (
    <SectionCard as="form" headingId="status-heading" title="Change status" onSubmit={onSubmit}>
      <NativeSelect label="New status" data={[...FILE_STATUSES]} {...statusField} />
      <FormTextarea
        form={form}
        name="comment"
        label="Comment"
        description="Why, for the file's history. The client is e-mailed the new status, not this comment."
        withAsterisk
        minRows={2}
      />
      <SuccessAlert message={success.message} />
      <ApiErrorAlert error={alertError(change.error)} />
      <Button type="submit" loading={change.isPending} loaderProps={{ 'aria-label': 'Saving' }}>
        Change status
      </Button>
      {dialog}
    </SectionCard>
  );
}

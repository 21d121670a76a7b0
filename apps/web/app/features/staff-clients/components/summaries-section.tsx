import { Badge, Button, FileInput, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { fileProblem, MESSAGES, summaryRule, type StaffSummary } from '@taxfirm/contract';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { SuccessAlert, useSubmitMessage } from '../../../components/ui/success-alert.tsx';
import { useDeleteSummary } from '../api/delete-summary.ts';
import { useStaffSummaries } from '../api/get-staff-summaries.ts';
import { usePublishSummary } from '../api/publish-summary.ts';
import { useUploadSummary } from '../api/upload-summary.ts';
import { SimpleTable } from '../../../components/ui/table-head.tsx';
import { RowAction } from '../../../components/ui/row-action.tsx';
import { useConfirm } from '../../../components/ui/confirm-dialog.tsx';

/**
 * The client's tax summaries: upload a PDF with a title as a draft, publish it to the client, or delete it
 * (both asked first, naming the summary and the client).
 */
const SUMMARY_STATUS_LABEL: Record<StaffSummary['status'], string> = {
  draft: 'Draft',
  published: 'Published',
  superseded: 'Superseded',
};

export function SummariesSection({ clientId, clientName }: { clientId: string; clientName: string }) {
  const summaries = useStaffSummaries(clientId);
  const upload = useUploadSummary();
  const publish = usePublishSummary();
  const remove = useDeleteSummary();
  const [title, setTitle] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<{ title?: string; file?: string }>({});
  const success = useSubmitMessage();
  const { confirm, dialog } = useConfirm();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    success.clear();
    const found = {
      ...(title.trim() ? {} : { title: MESSAGES.SUMMARY_TITLE_REQUIRED }),
      ...(file
        ? fileProblem(summaryRule, file)
          ? { file: fileProblem(summaryRule, file) ?? '' }
          : {}
        : { file: MESSAGES.SUMMARY_FILE_REQUIRED }),
    };
    setProblem(found);
    if (found.title || found.file || !file) return;
    const answer = await upload.mutateAsync({ clientId, title: title.trim(), file }).catch(() => null);
    if (answer) {
      setTitle('');
      setFile(null);
      success.show(answer.status_smessage);
    }
  };
  const act = async (work: Promise<{ status_smessage: string }>) => {
    success.clear();
    const answer = await work.catch(() => null);
    if (answer) success.show(answer.status_smessage);
  };
  const onPublish = async (summary: StaffSummary) => {
    const confirmed = await confirm({
      title: `Publish '${summary.title}' to ${clientName}?`,
      message: `${clientName} sees ${summary.file_name} in the portal's Tax Summary page at once and is e-mailed that it is ready for review. A published summary cannot go back to draft.`,
      confirmLabel: 'Publish summary',
    });
    if (confirmed) await act(publish.mutateAsync(summary.summary_id));
  };
  const onDelete = async (summary: StaffSummary) => {
    const confirmed = await confirm({
      title: `Delete '${summary.title}' of ${clientName}?`,
      // Only a draft can be deleted: a published summary stays on record, superseded by a newer one (F-12).
      message: `The draft and its file ${summary.file_name} are deleted for good.`,
      confirmLabel: 'Delete summary',
      destructive: true,
    });
    if (confirmed) await act(remove.mutateAsync(summary.summary_id));
  };

  return (
    <section aria-labelledby="summaries-heading">
      <Stack gap="md">
        <Title order={2} id="summaries-heading" fz="lg">
          Tax summaries
        </Title>
        <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Upload a tax summary">
          <Group align="flex-start" wrap="wrap">
            <TextInput
              label="Title"
              withAsterisk
              value={title}
              onChange={(event) => setTitle(event.currentTarget.value)}
              error={problem.title}
              w={{ base: '100%', sm: 280 }}
            />
            <FileInput
              label="Summary (PDF)"
              withAsterisk
              accept="application/pdf,.pdf"
              value={file}
              onChange={setFile}
              error={problem.file}
              leftSection={<IconFileTypePdf size={18} aria-hidden />}
              w={{ base: '100%', sm: 280 }}
              clearable
            />
            <Button type="submit" mt={{ base: 0, sm: 25 }} loading={upload.isPending}>
              Upload as draft
            </Button>
          </Group>
        </form>
        <SuccessAlert message={success.message} />
        <ApiErrorAlert error={upload.error ?? publish.error ?? remove.error ?? summaries.error} />
        <SimpleTable
          columns={['Title', 'File', 'Status', 'Actions']}
          minWidth={560}
          scrollLabel="Tax summaries"
          striped
          withTableBorder
        >
          {(summaries.data?.summaries ?? []).length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={4}>
                <Text fz="sm">No summaries yet.</Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            summaries.data?.summaries.map((summary) => (
              <Table.Tr key={summary.summary_id}>
                <Table.Td>{summary.title}</Table.Td>
                <Table.Td>{summary.file_name}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={summary.status === 'published' ? 'green' : 'gray'} c="dark.7">
                    {SUMMARY_STATUS_LABEL[summary.status]}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    {summary.status === 'draft' && (
                      <>
                        <RowAction
                          variant="filled"
                          label={`Publish ${summary.title}`}
                          onClick={() => void onPublish(summary)}
                        >
                          Publish
                        </RowAction>
                        <RowAction
                          color="red"
                          label={`Delete ${summary.title}`}
                          onClick={() => void onDelete(summary)}
                        >
                          Delete
                        </RowAction>
                      </>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </SimpleTable>
      </Stack>
      {dialog}
    </section>
  );
}

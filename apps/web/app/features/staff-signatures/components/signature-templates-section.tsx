import { Button, Group, NativeSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import {
  SIGNATURE_DOCUMENT_KINDS,
  SIGNATURE_DOCUMENT_KIND_LABELS,
  type SignatureDocumentKind,
} from '@taxfirm/contract';
import { useState } from 'react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { SuccessAlert, useSubmitMessage } from '../../../components/ui/success-alert.tsx';
import { SimpleTable } from '../../../components/ui/table-head.tsx';
import { formatFileSize } from '../../../lib/file-size.ts';
import { useSignatureTemplates } from '../../../lib/signature-templates.ts';
import { useRemoveSignatureTemplate, useSaveSignatureTemplate } from '../api/signatures.ts';
import { PdfFileButton, pdfProblem } from './pdf-file-button.tsx';

/**
 * The firm's documents to sign kept once (issue 36), in settings: an engagement letter kept with its kind
 * and title, for a bulk action or an automation to send to each file's taxpayer. Removing one leaves the
 * documents already sent as they are.
 */
export function SignatureTemplatesSection() {
  const templates = useSignatureTemplates();
  const save = useSaveSignatureTemplate();
  const remove = useRemoveSignatureTemplate();
  const success = useSubmitMessage();
  const { confirm, dialog } = useConfirm();
  const [kind, setKind] = useState<SignatureDocumentKind>('engagement');
  const [title, setTitle] = useState('');
  const [document, setDocument] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const choose = (file: File | null) => {
    if (!file) return;
    const wrong = pdfProblem(file);
    setProblem(wrong);
    if (!wrong) setDocument(file);
  };
  const submit = async () => {
    success.clear();
    if (!title.trim()) return setProblem('Give the document a title.');
    if (!document) return setProblem('Choose the PDF to keep.');
    setProblem(null);
    const answer = await save
      .mutateAsync({ fields: { kind, title: title.trim() }, document })
      .catch(() => null);
    if (!answer) return;
    success.show(answer.status_smessage);
    setTitle('');
    setDocument(null);
  };
  const drop = async (templateId: string, name: string) => {
    success.clear();
    const ok = await confirm({
      title: `Stop offering "${name}"?`,
      message: 'Bulk actions and automations can no longer send it. Documents already sent stay as they are.',
      confirmLabel: 'Stop offering it',
      destructive: true,
    });
    if (!ok) return;
    const answer = await remove.mutateAsync(templateId).catch(() => null);
    if (answer) success.show(answer.status_smessage);
  };

  const list = templates.data?.templates ?? [];
  return (
    <SectionCard
      headingId="signature-templates"
      title="Documents to sign, kept for bulk actions and automations"
      as="form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        <Text fz="sm" c="gray.8">
          Keep the firm's engagement letter once: a bulk action or an automation then puts it up for each
          file's taxpayer to sign, with the usual places for the signature and the date.
        </Text>
        <ApiErrorAlert error={templates.error ?? save.error ?? remove.error} />
        <SuccessAlert message={success.message} />
        {list.length > 0 && (
          <SimpleTable
            columns={['Title', 'Kind', 'File', 'Actions']}
            minWidth={560}
            scrollLabel="Kept documents"
          >
            {list.map((t) => (
              <Table.Tr key={t.template_id}>
                <Table.Th scope="row">{t.title}</Table.Th>
                <Table.Td>{SIGNATURE_DOCUMENT_KIND_LABELS[t.kind]}</Table.Td>
                <Table.Td>
                  {t.original_name} ({formatFileSize(t.size)})
                </Table.Td>
                <Table.Td>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red.8"
                    onClick={() => void drop(t.template_id, t.title)}
                    aria-label={`Stop offering ${t.title}`}
                  >
                    Stop offering
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </SimpleTable>
        )}
        <Group align="flex-end" wrap="wrap">
          <NativeSelect
            label="Kind"
            w={260}
            value={kind}
            onChange={(event) => setKind(event.currentTarget.value as SignatureDocumentKind)}
            data={SIGNATURE_DOCUMENT_KINDS.map((k) => ({
              value: k,
              label: SIGNATURE_DOCUMENT_KIND_LABELS[k],
            }))}
          />
          <TextInput
            label="Title the client sees"
            w={300}
            maxLength={200}
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
          />
        </Group>
        <PdfFileButton
          label="PDF to keep"
          chooseLabel="Choose the PDF to keep"
          file={document}
          onChoose={choose}
        />
        {problem && (
          <Text c="red.8" fz="sm" role="alert">
            {problem}
          </Text>
        )}
        <div>
          <Button type="submit" loading={save.isPending}>
            Keep this document
          </Button>
        </div>
      </Stack>
      {dialog}
    </SectionCard>
  );
}

import { Badge, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconExternalLink, IconFileZip } from '@tabler/icons-react';
import type { StaffDocuments } from '@taxfirm/contract';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useStaffDocuments } from '../api/get-staff-documents.ts';
import { IconLink } from '../../../components/ui/icon-link.tsx';
import { SimpleTable } from '../../../components/ui/table-head.tsx';

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

/**
 * The client's uploaded documents for the tax year, by category: preview (PDFs and images, in a new tab),
 * download, or all of them as one ZIP. Every open is recorded in the audit log by the server.
 */
export function DocumentsSection({ clientId }: { clientId: string }) {
  const documents = useStaffDocuments(clientId);
  const total = documents.data?.categories.reduce((sum, c) => sum + c.documents.length, 0) ?? 0;
  return (
    <section
      aria-labelledby="documents-heading"
      onPointerEnter={documents.renewIfOld}
      onFocusCapture={documents.renewIfOld}
    >
      <Stack gap="md">
        <Group justify="space-between" align="center" wrap="wrap">
          <Title order={2} id="documents-heading" fz="lg">
            Documents
            {documents.data && (
              <Text span c="gray.8" fz="sm" fw={400} ml="xs">
                tax year {documents.data.tax_year} · {total} {total === 1 ? 'file' : 'files'}
              </Text>
            )}
          </Title>
          {documents.data?.zip_url && (
            <Button
              component="a"
              href={documents.data.zip_url}
              variant="default"
              leftSection={<IconFileZip size={18} aria-hidden />}
              aria-label={`Download all documents as ZIP (${documents.data.zip_name})`}
            >
              Download all as ZIP
            </Button>
          )}
        </Group>
        {documents.isPending && <Loader aria-label="Loading the documents" />}
        <ApiErrorAlert error={documents.error} />
        {documents.data && total === 0 && <Text fz="sm">The client has not uploaded any documents yet.</Text>}
        {documents.data?.categories
          .filter((category) => category.documents.length > 0)
          .map((category) => (
            <CategoryTable key={category.category} category={category} />
          ))}
      </Stack>
    </section>
  );
}

function CategoryTable({ category }: { category: StaffDocuments['categories'][number] }) {
  const headingId = `documents-${category.category}`;
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Title order={3} id={headingId} fz="md">
          {category.label}
        </Title>
        <Badge variant="light" color="gray" c="dark.7" aria-label={`${category.documents.length} documents`}>
          {category.documents.length}
        </Badge>
      </Group>
      <SimpleTable
        columns={['Name', 'Size', 'Uploaded', 'Actions']}
        minWidth={560}
        scrollLabel={`${category.label} documents`}
        striped
        withTableBorder
        aria-labelledby={headingId}
      >
        {category.documents.map((doc) => (
          <Table.Tr key={doc.document_id}>
            <Table.Td style={{ wordBreak: 'break-all' }}>{doc.name}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatSize(doc.size)}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(doc.uploaded_at)}</Table.Td>
            <Table.Td>
              <Group gap="md" wrap="nowrap">
                {doc.preview_url ? (
                  <IconLink
                    icon={IconExternalLink}
                    href={doc.preview_url}
                    target="_blank"
                    rel="noopener noreferrer"
                    fz="sm"
                    aria-label={`Preview ${doc.name} (opens in a new tab)`}
                  >
                    Preview
                  </IconLink>
                ) : (
                  <Text span fz="sm" c="gray.8">
                    No preview
                  </Text>
                )}
                <IconLink
                  icon={IconDownload}
                  href={doc.download_url}
                  fz="sm"
                  aria-label={`Download ${doc.name}`}
                >
                  Download
                </IconLink>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </SimpleTable>
    </Stack>
  );
}

import { Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconFileZip } from '@tabler/icons-react';
import type { StaffDocuments } from '@taxfirm/contract';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { useStaffDocuments } from '../api/get-staff-documents.ts';
import { FileTable } from '../../../components/ui/file-table.tsx';

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
        {documents.isPending && <Loader role="status" aria-label="Loading the documents" />}
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
      <FileTable
        files={category.documents}
        columns={['Name', 'Size', 'Uploaded', 'Actions']}
        minWidth={560}
        scrollLabel={`${category.label} documents`}
        striped
        withTableBorder
        aria-labelledby={headingId}
      />
    </Stack>
  );
}

import { Badge, Group, Table, Text, type TableProps } from '@mantine/core';
import { formatDateTime } from '../../lib/dates.ts';
import { formatFileSize } from '../../lib/file-size.ts';
import { FileDownloadLink, FilePreviewLink } from './file-links.tsx';
import { SimpleTable } from './table-head.tsx';

/** A stored file as the staff see it: open it in a new tab (when it can be previewed) or download it. */
export type TableFile = {
  document_id: string;
  name: string;
  size: number;
  uploaded_at: string;
  preview_url?: string | null | undefined;
  download_url: string;
  /** A password-protected PDF with no unlocked copy yet: marked as such. */
  locked?: boolean;
  /** Who of the client's household uploaded it, by name (issue 38), when known. */
  uploaded_by?: string | null | undefined;
};

/**
 * Files in a table that scrolls sideways: name, size, when received, then Preview (new tab) and Download.
 * `columns` names the four columns; the rest goes to the table (its name, borders, stripes).
 */
export function FileTable({
  files,
  columns = ['File', 'Size', 'Received', 'Actions'],
  minWidth = 520,
  scrollLabel,
  ...props
}: {
  files: readonly TableFile[];
  columns?: readonly [string, string, string, string];
  minWidth?: number;
  scrollLabel: string;
} & Omit<TableProps, 'children'>) {
  return (
    <SimpleTable columns={columns} minWidth={minWidth} scrollLabel={scrollLabel} {...props}>
      {files.map((file) => (
        <Table.Tr key={file.document_id}>
          <Table.Td style={{ wordBreak: 'break-all' }}>
            {file.name}
            {file.locked && (
              <Badge ml="xs" size="sm" variant="light" color="orange" c="orange.9">
                Password-protected
              </Badge>
            )}
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatFileSize(file.size)}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(file.uploaded_at)}
            {file.uploaded_by && (
              <Text fz="sm" c="gray.8">
                uploaded by {file.uploaded_by}
              </Text>
            )}
          </Table.Td>
          <Table.Td>
            <Group gap="md" wrap="nowrap">
              {file.preview_url ? (
                <FilePreviewLink
                  href={file.preview_url}
                  label={`Preview ${file.name} (opens in a new tab)`}
                />
              ) : (
                <Text span fz="sm" c="gray.8">
                  No preview
                </Text>
              )}
              <FileDownloadLink href={file.download_url} name={file.name} />
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </SimpleTable>
  );
}

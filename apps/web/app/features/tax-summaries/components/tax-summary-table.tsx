import { Anchor, Group, Loader, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { LINKS_MAX_AGE_MS, renewWhenOld } from '../../../lib/short-lived-links.ts';
import { useTaxSummaries } from '../api/get-tax-summaries.ts';
import { IconLink } from '../../../components/ui/icon-link.tsx';
import { TableHead } from '../../../components/ui/table-head.tsx';
import { paths } from '../../../config/paths.ts';

/**
 * user/tax-summary's table: File Name, Status and a download link per row, or 'No data!'. A summary the firm
 * holds until its invoice is paid reads "Available once paid", with the way to the invoices instead.
 */
export function TaxSummaryTable() {
  const summaries = useTaxSummaries();
  if (summaries.isPending) {
    return (
      <Group gap="xs">
        <Loader size="sm" aria-hidden />
        <Text>Loading your tax summaries…</Text>
      </Group>
    );
  }
  if (summaries.error) return <ApiErrorAlert error={summaries.error} />;
  const rows = summaries.data.synopsysinfo;
  const renew = renewWhenOld(summaries, LINKS_MAX_AGE_MS);
  return (
    <Table.ScrollContainer minWidth={420} onPointerEnter={renew} onFocusCapture={renew}>
      <Table striped withTableBorder>
        <Table.Caption>Summaries of your prepared return, for your review.</Table.Caption>
        <TableHead columns={['File Name', 'Status', 'Download']} />
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={3}>No data!</Table.Td>
            </Table.Tr>
          ) : (
            rows.map((row) => (
              <Table.Tr key={row.synopsys_file}>
                <Table.Td>{row.synopsys_title}</Table.Td>
                <Table.Td>{row.synopsys_status}</Table.Td>
                <Table.Td>
                  {row.held_until_paid ? (
                    <>
                      <Text span>Available once paid. </Text>
                      <Anchor
                        component={Link}
                        to={paths.user.invoices.getHref()}
                        underline="always"
                        aria-label={`Pay your invoice to download ${row.synopsys_title}`}
                      >
                        Pay your invoice
                      </Anchor>
                    </>
                  ) : (
                    <IconLink
                      icon={IconDownload}
                      iconSize={16}
                      href={row.synopsys_file}
                      aria-label={`Download ${row.synopsys_title}`}
                    >
                      Download
                    </IconLink>
                  )}
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

import { Group, Loader, Stack, Table, Text } from '@mantine/core';
import { formatMoney, SEASON_REPORT_EXPORT_PATH, type ReportMoney } from '@taxfirm/contract';
import { useState } from 'react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { DownloadButton } from '../../../components/ui/download-button.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { SimpleTable } from '../../../components/ui/table-head.tsx';
import { TaxYearSelect } from '../../../components/ui/tax-year-select.tsx';
import { useTaxYears } from '../../../lib/tax-years.ts';
import { useSeasonReport } from '../api/get-season-report.ts';

/** Each currency's amount on its own line ("$300.00", "₹5,000.00"), or a dash. */
function Amounts({ money, pick }: { money: ReportMoney[]; pick: (m: ReportMoney) => number }) {
  if (money.length === 0) return <>—</>;
  return (
    <>
      {money.map((m) => (
        <div key={m.currency}>{formatMoney(pick(m), m.currency)}</div>
      ))}
    </>
  );
}

/**
 * The season report (issue 36): a tax year per owner (files in progress, overdue deliverables, documents to
 * review, billed, paid and outstanding) and per status (files now, median days in the status), with its CSV.
 */
export function SeasonReport() {
  const years = useTaxYears();
  const [chosen, setChosen] = useState<number | undefined>();
  const year = chosen ?? years.data?.taxyears[0];
  const report = useSeasonReport(year);
  const data = report.data;
  return (
    <Stack gap="lg">
      <Group align="flex-end" wrap="wrap">
        <TaxYearSelect years={years.data?.taxyears} value={year} onChange={setChosen} />
        {year !== undefined && <DownloadButton href={`${SEASON_REPORT_EXPORT_PATH}?taxy=${year}`} />}
      </Group>
      {report.isPending && year !== undefined && <Loader role="status" aria-label="Loading the report" />}
      <ApiErrorAlert error={years.error ?? report.error} />
      {data && (
        <>
          <SectionCard headingId="report-owners" title={`By owner, ${data.tax_year}`}>
            <SimpleTable
              columns={[
                'Owner',
                'Files in progress',
                'Overdue deliverables',
                'Documents to review',
                'Billed',
                'Paid',
                'Outstanding',
              ]}
              minWidth={760}
              scrollLabel="The report by owner"
              striped
            >
              {[...data.by_owner, { owner_id: 'all', owner: 'All files', ...data.totals }].map((row) => (
                <Table.Tr key={row.owner_id ?? 'nobody'}>
                  <Table.Th scope="row">{row.owner}</Table.Th>
                  <Table.Td>{row.files_in_progress}</Table.Td>
                  <Table.Td>{row.overdue_deliverables}</Table.Td>
                  <Table.Td>{row.documents_to_review}</Table.Td>
                  <Table.Td>
                    <Amounts money={row.money} pick={(m) => m.billed_cents} />
                  </Table.Td>
                  <Table.Td>
                    <Amounts money={row.money} pick={(m) => m.paid_cents} />
                  </Table.Td>
                  <Table.Td>
                    <Amounts money={row.money} pick={(m) => m.outstanding_cents} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </SimpleTable>
            <Text fz="sm" c="gray.8" mt="xs">
              Billed counts invoices sent (never drafts or void ones); paid is what came in less refunds;
              outstanding is what open invoices still ask.
            </Text>
          </SectionCard>
          <SectionCard headingId="report-statuses" title={`By status, ${data.tax_year}`}>
            <SimpleTable
              columns={['Status', 'Files now', 'Median days in the status']}
              minWidth={480}
              scrollLabel="The report by status"
              striped
            >
              {data.by_status.map((row) => (
                <Table.Tr key={row.status}>
                  <Table.Th scope="row">{row.status}</Table.Th>
                  <Table.Td>{row.files}</Table.Td>
                  <Table.Td>{row.median_days ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </SimpleTable>
          </SectionCard>
        </>
      )}
    </Stack>
  );
}

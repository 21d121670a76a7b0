import { Anchor, Button, Group, List, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { DELIVERABLE_KIND_LABELS, type OrganizerFindings as Findings } from '@taxfirm/contract';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { SimpleTable } from '../../../components/ui/table-head.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { downloadWorksheet, type WorksheetKind } from '../api/organizer.ts';
import { formatAmount, formatUsd, moneyLineUsd, moneyLineWords } from '../utils/answer-words.ts';

type Props = { clientId: string; taxYear: number; findings: Findings };

const FBAR_HEADINGS: Record<Findings['fbar']['decision'], string> = {
  required: 'FBAR required',
  'not-required': 'FBAR not required',
  unknown: 'FBAR: cannot tell yet',
};

const FORM_8938_HEADINGS: Record<Findings['form_8938']['decision'], string> = {
  likely: 'Form 8938 likely',
  'not-likely': 'Form 8938 not likely',
  unknown: 'Form 8938: cannot tell yet',
};

const WORKSHEET_NAMES: Record<WorksheetKind, string> = { fbar: 'FBAR', pfic: 'PFIC' };
const FORMATS = ['csv', 'pdf'] as const;

/** One finding: a bordered card named by its h3. */
function FindingCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id}>
      <Stack gap="xs">
        <Title order={3} id={id} fz="md">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** The worksheet downloads of one kind, CSV and PDF; a refusal shows under them. */
function WorksheetButtons({
  clientId,
  taxYear,
  kind,
}: {
  clientId: string;
  taxYear: number;
  kind: WorksheetKind;
}) {
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const download = async (format: (typeof FORMATS)[number]) => {
    setProblem(null);
    setBusy(format);
    try {
      await downloadWorksheet(kind, { client_id: clientId, taxy: taxYear, format });
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="wrap">
        {FORMATS.map((format) => (
          <Button
            key={format}
            size="xs"
            variant="default"
            leftSection={<IconDownload size={14} aria-hidden />}
            loading={busy === format}
            onClick={() => void download(format)}
          >
            {`${WORKSHEET_NAMES[kind]} worksheet (${format.toUpperCase()})`}
          </Button>
        ))}
      </Group>
      {problem && (
        <Text c="red.8" fz="sm" role="alert">
          {problem}
        </Text>
      )}
    </Stack>
  );
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What the answers mean for the return, each finding under its own heading, with the worksheets to download and
 * the deliverables the answers suggest.
 */
export function OrganizerFindings({ clientId, taxYear, findings }: Props) {
  const { fbar, form_8938: form8938, presence, pfic, foreign_tax: foreignTax, rates } = findings;
  return (
    <SectionCard headingId="organizer-findings-heading" title="What the answers mean" gap="md">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <FindingCard id="organizer-fbar" title={FBAR_HEADINGS[fbar.decision]}>
          <Text>
            Aggregate maximum of the accounts outside the US:{' '}
            <Text span fw={700}>
              {formatUsd(fbar.aggregate_max_usd)}
            </Text>{' '}
            (the FBAR threshold is more than $10,000).
          </Text>
          <Text fz="sm">{fbar.reason}</Text>
          {fbar.missing_rates.length > 0 && (
            <Text fz="sm" c="red.8">
              No year-end rate for {fbar.missing_rates.join(', ')} in {taxYear}: an administrator adds it
              under Settings, Year-end exchange rates.
            </Text>
          )}
          <WorksheetButtons clientId={clientId} taxYear={taxYear} kind="fbar" />
        </FindingCard>

        <FindingCard id="organizer-8938" title={FORM_8938_HEADINGS[form8938.decision]}>
          <Table fz="sm" aria-label="Form 8938 values against its thresholds" withRowBorders={false}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Foreign assets</Table.Th>
                <Table.Th scope="col">Value</Table.Th>
                <Table.Th scope="col">Threshold</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th scope="row">On 31 December</Table.Th>
                <Table.Td>{formatUsd(form8938.year_end_usd)}</Table.Td>
                <Table.Td>{formatUsd(form8938.threshold_year_end)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">At any time</Table.Th>
                <Table.Td>{formatUsd(form8938.any_time_usd)}</Table.Td>
                <Table.Td>{formatUsd(form8938.threshold_any_time)}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Text fz="sm">{form8938.reason}</Text>
        </FindingCard>

        <FindingCard id="organizer-presence" title="Substantial Presence Test">
          <Text fw={600}>
            {!presence.applies
              ? 'The test does not apply.'
              : presence.meets
                ? `Meets the test (${Math.round(presence.weighted_days * 100) / 100} weighted days): files as a resident.`
                : `Does not meet the test (${Math.round(presence.weighted_days * 100) / 100} weighted days).`}
          </Text>
          <Text fz="sm">{presence.explanation}</Text>
        </FindingCard>

        <FindingCard id="organizer-rates" title="Year-end rates used">
          {rates.length === 0 ? (
            <Text fz="sm">No amount needed converting.</Text>
          ) : (
            <List fz="sm" spacing={4}>
              {rates.map((rate) => (
                <List.Item key={rate.currency}>
                  {rate.currency}: {rate.units_per_usd} per US dollar ({rate.source})
                </List.Item>
              ))}
            </List>
          )}
        </FindingCard>
      </SimpleGrid>

      {fbar.accounts.length > 0 && (
        <Stack gap={4}>
          <Text fw={600} id="organizer-accounts">
            Accounts outside the US ({fbar.accounts.length})
          </Text>
          <SimpleTable
            columns={[
              'Bank',
              'Country',
              'Type',
              'Joint holder',
              'Maximum',
              'Maximum (USD)',
              'On 31 December',
              '31 December (USD)',
            ]}
            minWidth={820}
            fz="sm"
            aria-labelledby="organizer-accounts"
            scrollLabel="Accounts outside the US, scrollable"
          >
            {fbar.accounts.map((account, index) => (
              <Table.Tr key={index}>
                <Table.Th scope="row">{account.bank}</Table.Th>
                <Table.Td>{account.country}</Table.Td>
                <Table.Td>{account.type}</Table.Td>
                <Table.Td>{account.joint_holder ?? '—'}</Table.Td>
                <Table.Td>{moneyLineWords(account.max)}</Table.Td>
                <Table.Td>{moneyLineUsd(account.max)}</Table.Td>
                <Table.Td>{moneyLineWords(account.year_end)}</Table.Td>
                <Table.Td>{moneyLineUsd(account.year_end)}</Table.Td>
              </Table.Tr>
            ))}
          </SimpleTable>
        </Stack>
      )}

      <FindingCard id="organizer-pfic" title="PFIC funds (one Form 8621 each)">
        <Text>
          {pfic.length === 0
            ? 'No funds outside the US are given: no Form 8621.'
            : `${count(pfic.length, 'fund', 'funds')}: ${count(pfic.length, 'Form 8621', 'Forms 8621')}.`}
        </Text>
        {pfic.length > 0 && (
          <SimpleTable
            columns={['Fund house', 'Folio', 'Scheme', 'Value on 31 December', 'USD']}
            minWidth={640}
            fz="sm"
            aria-label="PFIC funds"
            scrollLabel="PFIC funds, scrollable"
          >
            {pfic.map((fund, index) => (
              <Table.Tr key={index}>
                <Table.Td>{fund.house}</Table.Td>
                <Table.Td>{fund.folio}</Table.Td>
                <Table.Th scope="row">{fund.scheme}</Table.Th>
                <Table.Td>{moneyLineWords(fund.value)}</Table.Td>
                <Table.Td>{moneyLineUsd(fund.value)}</Table.Td>
              </Table.Tr>
            ))}
          </SimpleTable>
        )}
        <WorksheetButtons clientId={clientId} taxYear={taxYear} kind="pfic" />
      </FindingCard>

      <FindingCard id="organizer-foreign-tax" title="Foreign tax credit inputs (Form 1116)">
        {foreignTax.length === 0 ? (
          <Text fz="sm">No income in India is given.</Text>
        ) : (
          <>
            <Text fz="sm">
              India&apos;s year ends on 31 March: each income is split there and added up for the US calendar
              year.
            </Text>
            <SimpleTable
              columns={[
                'Income',
                'January–March',
                'April–December',
                'Calendar year',
                'TDS January–March',
                'TDS April–December',
                'TDS calendar year',
              ]}
              minWidth={860}
              fz="sm"
              aria-label="Foreign tax credit inputs"
              scrollLabel="Foreign tax credit inputs, scrollable"
            >
              {foreignTax.map((line, index) => (
                <Table.Tr key={index}>
                  <Table.Th scope="row">{line.kind}</Table.Th>
                  <Table.Td>{formatAmount(line.jan_mar, line.currency)}</Table.Td>
                  <Table.Td>{formatAmount(line.apr_dec, line.currency)}</Table.Td>
                  <Table.Td>{formatAmount(line.calendar_year, line.currency)}</Table.Td>
                  <Table.Td>{formatAmount(line.tds_jan_mar, line.currency)}</Table.Td>
                  <Table.Td>{formatAmount(line.tds_apr_dec, line.currency)}</Table.Td>
                  <Table.Td>{formatAmount(line.tds_calendar_year, line.currency)}</Table.Td>
                </Table.Tr>
              ))}
            </SimpleTable>
          </>
        )}
      </FindingCard>

      <FindingCard id="organizer-deliverables" title="Suggested deliverables">
        {findings.deliverables.length === 0 ? (
          <Text fz="sm">The answers suggest no deliverable beyond the federal return.</Text>
        ) : (
          <>
            <List fz="sm" spacing={4}>
              {findings.deliverables.map((d) => (
                <List.Item key={d.kind}>
                  <Text span fw={600} fz="sm">
                    {DELIVERABLE_KIND_LABELS[d.kind]}
                  </Text>
                  : {d.reason}
                </List.Item>
              ))}
            </List>
            <Anchor component={Link} to={paths.staff.client.getHref(clientId)} underline="always" fz="sm">
              Add them under Deliverables on the Overview
            </Anchor>
          </>
        )}
      </FindingCard>
    </SectionCard>
  );
}

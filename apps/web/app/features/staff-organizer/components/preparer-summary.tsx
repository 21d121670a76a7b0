import { Badge, Box, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import type { Answers, GroupQuestion, Organizer, Question } from '@taxfirm/contract';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { styleNonce, useNonce } from '../../../lib/nonce.tsx';
import { answerWords, fieldWords, isAnswered } from '../utils/answer-words.ts';

type Props = {
  clientName: string;
  taxYear: number;
  organizer: Organizer;
  /** Question ids whose answers differ from last year's. */
  changed: readonly string[];
  /** Where the client is ("Sent on 03-02-2026"), printed with the summary. */
  stateWords: string;
};

const SUMMARY_CLASS = 'organizer-summary';

/**
 * Printing from this tab prints the summary only: everything else is hidden (kept in place, so the summary is
 * moved to the top of the page), and the buttons go.
 */
const PRINT_CSS = `@media print {
  body * { visibility: hidden; }
  .${SUMMARY_CLASS}, .${SUMMARY_CLASS} * { visibility: visible; }
  .${SUMMARY_CLASS} { position: absolute; left: 0; top: 0; width: 100%; border: 0 !important; }
  .${SUMMARY_CLASS} .no-print { display: none !important; }
}`;

/** A group's rows as a small table: one column per field that has an answer in any row. */
function GroupTable({ question, value }: { question: GroupQuestion; value: Answers[string] }) {
  const rows = Array.isArray(value) ? value : [];
  const fields = question.fields.filter((field) =>
    rows.some((row) => row[field.id] !== undefined && row[field.id] !== ''),
  );
  return (
    <Table.ScrollContainer minWidth={Math.min(160 * fields.length, 720)}>
      <Table fz="xs" withTableBorder withColumnBorders aria-label={question.label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{question.itemLabel}</Table.Th>
            {fields.map((field) => (
              <Table.Th key={field.id} scope="col">
                {field.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={row.row_id}>
              <Table.Th scope="row">{index + 1}</Table.Th>
              {fields.map((field) => (
                <Table.Td key={field.id}>{fieldWords(field, row[field.id])}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** One answered question: its label, the answer in words, and whether it changed from last year. */
function AnswerRow({
  question,
  value,
  isChanged,
  lastYear,
}: {
  question: Question;
  value: Answers[string];
  isChanged: boolean;
  lastYear: Answers[string] | undefined;
}) {
  return (
    <Table.Tr bg={isChanged ? 'yellow.0' : undefined}>
      <Table.Th scope="row" fw={500} w="45%" style={{ verticalAlign: 'top' }}>
        <Stack gap={4} align="flex-start">
          <span>{question.label}</span>
          {isChanged && (
            <Badge color="gold" variant="outline" c="gold.9" size="sm">
              Changed from last year
            </Badge>
          )}
        </Stack>
      </Table.Th>
      <Table.Td style={{ verticalAlign: 'top' }}>
        {question.type === 'group' ? (
          <Stack gap={4}>
            <Text fz="sm">{answerWords(question, value)}</Text>
            <GroupTable question={question} value={value} />
          </Stack>
        ) : (
          <Stack gap={2}>
            <Text fz="sm">{answerWords(question, value)}</Text>
            {isChanged && lastYear !== undefined && (
              <Text fz="xs" c="dimmed">
                Last year: {answerWords(question, lastYear)}
              </Text>
            )}
          </Stack>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The preparer's one-page summary: every answered question by section, in words (choices by their label,
 * amounts with their currency, groups as small tables), each answer that differs from last year's marked
 * "Changed from last year" (a badge, not colour alone). Printable on its own.
 */
export function PreparerSummary({ clientName, taxYear, organizer, changed, stateWords }: Props) {
  const nonce = styleNonce(useNonce());
  const changedIds = new Set(changed);
  const lastYear = organizer.last_year;
  const sections = organizer.definition.sections
    .filter((section) => !section.off)
    .map((section) => ({
      section,
      answered: section.questions.flatMap((question) => {
        const value = organizer.answers[question.id];
        return !question.off && isAnswered(value) ? [{ question, value }] : [];
      }),
    }))
    .filter(({ answered }) => answered.length > 0);

  return (
    <SectionCard headingId="organizer-summary-heading" title="Preparer's summary" className={SUMMARY_CLASS}>
      <style nonce={nonce}>{PRINT_CSS}</style>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={2}>
            <Text fw={600}>
              {clientName}, tax year {taxYear}
            </Text>
            <Text fz="sm">Organizer: {stateWords}</Text>
            <Text fz="sm">
              {lastYear === null
                ? 'No organizer was sent last year: there is nothing to compare with.'
                : changed.length === 0
                  ? 'No answer changed from last year.'
                  : `${changed.length} ${changed.length === 1 ? 'answer' : 'answers'} changed from last year (marked).`}
            </Text>
          </Stack>
          <Button
            className="no-print"
            variant="default"
            leftSection={<IconPrinter size={16} aria-hidden />}
            onClick={() => window.print()}
          >
            Print summary
          </Button>
        </Group>
        {sections.length === 0 && <Text>The client has not answered any question yet.</Text>}
        {sections.map(({ section, answered }) => (
          <Box key={section.id} component="section" aria-labelledby={`organizer-summary-${section.id}`}>
            <Title order={3} fz="md" mb={4} id={`organizer-summary-${section.id}`}>
              {section.title}
            </Title>
            <Table fz="sm" aria-labelledby={`organizer-summary-${section.id}`}>
              <Table.Tbody>
                {answered.map(({ question, value }) => (
                  <AnswerRow
                    key={question.id}
                    question={question}
                    value={value}
                    isChanged={changedIds.has(question.id)}
                    lastYear={lastYear?.[question.id]}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Box>
        ))}
      </Stack>
    </SectionCard>
  );
}

import { Box, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { Answers, Question } from '@taxfirm/contract';
import { useId } from 'react';
import { rowsOf } from '../../../components/ui/organizer-fields/answers-draft.ts';
import { fieldInWords, rowInBrief } from './organizer-draft.ts';

/** Last year's answer in a few words: a group's rows by name and kind, one a line. */
function LastAnswer({ question, value }: { question: Question; value: unknown }) {
  if (question.type !== 'group') return <>{fieldInWords(question, value)}</>;
  return (
    <List size="sm" spacing={2}>
      {rowsOf(value).map((row, index) => (
        <List.Item key={row.row_id}>
          {rowInBrief(question, row) || `${question.itemLabel} ${index + 1}`}
        </List.Item>
      ))}
    </List>
  );
}

/**
 * "Same as last year?" on a section: a short summary of last year's answers to its carried questions, and
 * the client's choice to copy them into the draft (still editable) or to answer afresh.
 */
export function LastYearPanel({
  questions,
  lastYear,
  withheld,
  onSame,
  onAnswer,
}: {
  questions: readonly Question[];
  lastYear: Answers;
  /** A masked identity number from last year, which is not copied. */
  withheld: string | null;
  onSame: () => void;
  onAnswer: () => void;
}) {
  const headingId = useId();
  return (
    <Paper withBorder radius="md" p="md" bg="blue.0" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={3} fz="md" id={headingId}>
          Same as last year?
        </Title>
        <Text fz="sm">Last year you told us:</Text>
        <Stack component="dl" gap="xs" m={0}>
          {questions.map((question) => (
            <div key={question.id}>
              <Text component="dt" fz="sm" fw={600}>
                {question.label}
              </Text>
              <Box component="dd" m={0} fz="sm">
                <LastAnswer question={question} value={lastYear[question.id]} />
              </Box>
            </div>
          ))}
        </Stack>
        {withheld && (
          <Text fz="sm">
            For your security we do not copy your PAN (ending {withheld.slice(-4)}): type it again below.
          </Text>
        )}
        <Group gap="sm">
          <Button onClick={onSame}>Yes, same as last year</Button>
          <Button variant="default" onClick={onAnswer}>
            No, I’ll answer
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

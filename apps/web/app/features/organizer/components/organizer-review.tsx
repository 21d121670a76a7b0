import { Box, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { visibleSections, type Answers, type OrganizerDefinition, type Question } from '@taxfirm/contract';
import { useId } from 'react';
import { rowsOf } from '../../../components/ui/organizer-fields/answers-draft.ts';
import { answeredQuestions, fieldInWords, rowInWords, type Step } from './organizer-draft.ts';

/** One answer in words; a group's rows as a list, each row its answered fields. */
function AnswerInWords({ question, value }: { question: Question; value: unknown }) {
  if (question.type !== 'group') return <>{fieldInWords(question, value)}</>;
  return (
    <List spacing={4} size="sm">
      {rowsOf(value).map((row, index) => (
        <List.Item key={row.row_id}>
          <Text span fw={600} fz="sm">
            {question.itemLabel} {index + 1}:
          </Text>{' '}
          {rowInWords(question, row)
            .map((field) => `${field.label}: ${field.value}`)
            .join('; ')}
        </List.Item>
      ))}
    </List>
  );
}

function ReviewSection({
  step,
  answers,
  onEdit,
}: {
  step: Step;
  answers: Answers;
  onEdit: (() => void) | undefined;
}) {
  const headingId = useId();
  const answered = answeredQuestions(step, answers);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Title order={3} fz="md" id={headingId}>
            {step.section.title}
          </Title>
          {onEdit && (
            <Button
              variant="subtle"
              size="compact-md"
              aria-label={`Edit ${step.section.title}`}
              onClick={onEdit}
            >
              Edit
            </Button>
          )}
        </Group>
        {answered.length === 0 ? (
          <Text fz="sm" c="gray.8">
            Nothing answered yet.
          </Text>
        ) : (
          <Stack component="dl" gap="sm" m={0}>
            {answered.map((question) => (
              <div key={question.id}>
                <Text component="dt" fz="sm" fw={600} c="gray.8">
                  {question.label}
                </Text>
                <Box component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
                  <AnswerInWords question={question} value={answers[question.id]} />
                </Box>
              </div>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/**
 * Every section's answered questions, label then answer in words (a PAN masked), in the order asked; with
 * `onEdit`, each section has an Edit button back to it.
 */
export function OrganizerReview({
  definition,
  answers,
  onEdit,
}: {
  definition: OrganizerDefinition;
  answers: Answers;
  onEdit?: (stepIndex: number) => void;
}) {
  return (
    <Stack gap="md">
      {visibleSections(definition, answers).map((step, index) => (
        <ReviewSection
          key={step.section.id}
          step={step}
          answers={answers}
          onEdit={onEdit ? () => onEdit(index) : undefined}
        />
      ))}
    </Stack>
  );
}

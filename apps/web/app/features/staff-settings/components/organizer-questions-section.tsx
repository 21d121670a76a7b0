import {
  Badge,
  Button,
  Checkbox,
  Fieldset,
  Group,
  List,
  NativeSelect,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import {
  CALLS,
  FIRM_QUESTION_TYPES,
  staffOrganizerDefinitionSaveBodySchema,
  type FirmQuestionType,
  type OrganizerDefinition,
  type StaffOrganizerDefinitionSaveBody,
} from '@taxfirm/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { LoadingStatus } from '../../../components/ui/loading-status.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { SuccessAlert, useSubmitMessage } from '../../../components/ui/success-alert.tsx';
import { SimpleTable } from '../../../components/ui/table-head.tsx';
import { ApiError, api } from '../../../lib/api-client.ts';

// The definition's calls (kept with the section: its only reader and writer).
const definitionQueryOptions = () =>
  queryOptions({
    queryKey: ['staff-organizer-definition'],
    queryFn: () => api(CALLS.staffOrganizerDefinitionGet, {}),
    retry: false,
  });

function useOrganizerDefinition() {
  return useQuery(definitionQueryOptions());
}

function useSaveOrganizerDefinition() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffOrganizerDefinitionSaveBody) => api(CALLS.staffOrganizerDefinitionSave, body),
    onSuccess: async (answer) => {
      client.setQueryData(definitionQueryOptions().queryKey, answer);
      // A client file's organizer reads with the new version's questions.
      await client.invalidateQueries({ queryKey: ['staff-organizer'] });
    },
  });
}

type FirmQuestion = StaffOrganizerDefinitionSaveBody['questions'][number];

const FIRM_QUESTION_TYPE_LABELS: Record<FirmQuestionType, string> = {
  yesno: 'Yes or no',
  choice: 'One of a list of options',
  number: 'Whole number',
  money: 'Amount of money',
  date: 'Date',
  text: 'Text',
};

/** One question of the firm's own, as the save call takes it. */
const firmQuestionSchema = staffOrganizerDefinitionSaveBodySchema.shape.questions.element;

/** What the definition turns off: `section` and `section.question` ids. */
function offIdsOf(definition: OrganizerDefinition): Set<string> {
  const off = new Set<string>();
  for (const section of definition.sections) {
    if (section.off) off.add(section.id);
    for (const question of section.questions) {
      if (question.off && !question.firm) off.add(`${section.id}.${question.id}`);
    }
  }
  return off;
}

/** The firm's own questions of the definition, in order, as the save call takes them back (with their ids). */
function firmQuestionsOf(definition: OrganizerDefinition): FirmQuestion[] {
  return definition.sections.flatMap((section) =>
    section.questions.flatMap((question): FirmQuestion[] => {
      if (!question.firm || question.type === 'group') return [];
      return [
        {
          id: question.id,
          section_id: section.id,
          type: question.type,
          label: question.label,
          ...(question.help ? { help: question.help } : {}),
          required: question.required ?? false,
          ...(question.type === 'choice' ? { choices: question.choices.map((choice) => choice.label) } : {}),
        },
      ];
    }),
  );
}

/**
 * Admins: the organizer's questions for the current tax year. Each built-in section and question can be turned
 * off; the firm adds questions of its own to a section. Saving keeps the changes as a new version (answers given
 * to an older one keep reading with its words).
 */
export function OrganizerQuestionsSection() {
  const definition = useOrganizerDefinition();
  const data = definition.data;
  return (
    <SectionCard
      headingId="organizer-questions-heading"
      title={data ? `Organizer questions, tax year ${data.definition.taxYear}` : 'Organizer questions'}
      gap="md"
    >
      <Text fz="sm" c="gray.8">
        The questions clients answer in their organizer. Turn off a section or a question the firm does not
        ask, and add questions of your own. Each save is a new version; organizers already answered keep the
        words they were answered with.
      </Text>
      {definition.isPending && <LoadingStatus>Loading the organizer questions</LoadingStatus>}
      <ApiErrorAlert error={definition.error} />
      {data && (
        <DefinitionEditor
          key={data.definition.taxYear}
          definition={data.definition}
          builtIn={data.built_in}
        />
      )}
    </SectionCard>
  );
}

function DefinitionEditor({
  definition,
  builtIn,
}: {
  definition: OrganizerDefinition;
  builtIn: OrganizerDefinition;
}) {
  const save = useSaveOrganizerDefinition();
  const success = useSubmitMessage();
  const [off, setOff] = useState(() => offIdsOf(definition));
  const [questions, setQuestions] = useState(() => firmQuestionsOf(definition));
  const sectionTitle = (id: string) => builtIn.sections.find((s) => s.id === id)?.title ?? id;

  const toggle = (id: string, isAsked: boolean) => {
    success.clear();
    setOff((current) => {
      const next = new Set(current);
      if (isAsked) next.delete(id);
      else next.add(id);
      return next;
    });
  };

  const submit = async () => {
    success.clear();
    // In the built-in order, so a version's list reads as the organizer does.
    const offIds = builtIn.sections.flatMap((section) =>
      [section.id, ...section.questions.map((q) => `${section.id}.${q.id}`)].filter((id) => off.has(id)),
    );
    const answer = await save
      .mutateAsync({ taxy: definition.taxYear, off: offIds, questions })
      .catch(() => null);
    if (!answer) return;
    // The saved version's own ids: the questions just added now have theirs, kept by the next save.
    setOff(offIdsOf(answer.definition));
    setQuestions(firmQuestionsOf(answer.definition));
    success.show(`${answer.status_smessage} Version ${answer.definition.version} is in use.`);
  };
  const refused = save.error instanceof ApiError ? Object.values(save.error.details) : [];

  return (
    <Stack gap="md">
      <Text fz="sm">
        {definition.version === 0
          ? 'In use: the built-in questions (no changes saved yet).'
          : `In use: version ${definition.version}.`}
      </Text>
      {builtIn.sections.map((section) => {
        const isSectionAsked = !off.has(section.id);
        return (
          <Fieldset
            key={section.id}
            legend={
              <Switch
                label={`Ask the section "${section.title}"`}
                checked={isSectionAsked}
                onChange={(event) => toggle(section.id, event.currentTarget.checked)}
              />
            }
          >
            <Stack gap={6}>
              {!isSectionAsked && (
                <Text fz="sm" c="gray.8">
                  Turned off: clients are not asked any of this section.
                </Text>
              )}
              {section.questions.map((question) => {
                const id = `${section.id}.${question.id}`;
                return (
                  <Switch
                    key={id}
                    size="sm"
                    label={question.label}
                    description={question.type === 'group' ? 'A list (one row each)' : undefined}
                    checked={!off.has(id)}
                    disabled={!isSectionAsked}
                    onChange={(event) => toggle(id, event.currentTarget.checked)}
                  />
                );
              })}
            </Stack>
          </Fieldset>
        );
      })}

      <Stack gap="xs">
        <Title order={3} fz="md">
          The firm&apos;s own questions
        </Title>
        {questions.length === 0 ? (
          <Text fz="sm">None yet.</Text>
        ) : (
          <SimpleTable
            columns={['Question', 'Section', 'Answer', 'Required', 'Actions']}
            minWidth={640}
            fz="sm"
            aria-label="The firm's own questions"
          >
            {questions.map((question, index) => (
              <Table.Tr key={question.id ?? `new-${index}`}>
                <Table.Th scope="row">
                  {question.label}{' '}
                  {!question.id && (
                    <Badge size="xs" variant="outline">
                      New
                    </Badge>
                  )}
                  {question.help && (
                    <Text fz="xs" c="dimmed">
                      {question.help}
                    </Text>
                  )}
                </Table.Th>
                <Table.Td>{sectionTitle(question.section_id)}</Table.Td>
                <Table.Td>
                  {FIRM_QUESTION_TYPE_LABELS[question.type]}
                  {question.choices && `: ${question.choices.join(', ')}`}
                </Table.Td>
                <Table.Td>{question.required ? 'Yes' : 'No'}</Table.Td>
                <Table.Td>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red.8"
                    aria-label={`Remove ${question.label}`}
                    onClick={() => {
                      success.clear();
                      setQuestions((current) => current.filter((_, i) => i !== index));
                    }}
                  >
                    Remove
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </SimpleTable>
        )}
      </Stack>

      <AddQuestionForm
        sections={builtIn.sections.map((s) => ({ value: s.id, label: s.title }))}
        onAdd={(question) => {
          success.clear();
          setQuestions((current) => [...current, question]);
        }}
      />

      <SuccessAlert message={success.message} />
      <ApiErrorAlert error={save.error} />
      {refused.length > 0 && (
        <List fz="sm" c="red.8" aria-label="What to change">
          {[...new Set(refused)].map((message) => (
            <List.Item key={message}>{message}</List.Item>
          ))}
        </List>
      )}
      <Group>
        <Button
          onClick={() => void submit()}
          loading={save.isPending}
          loaderProps={{ 'aria-label': 'Saving' }}
        >
          Save as a new version
        </Button>
      </Group>
    </Stack>
  );
}

/** A question of the firm's own, added to the list to save (checked by the save call's own rules). */
function AddQuestionForm({
  sections,
  onAdd,
}: {
  sections: { value: string; label: string }[];
  onAdd: (question: FirmQuestion) => void;
}) {
  const [sectionId, setSectionId] = useState(sections[0]?.value ?? '');
  const [type, setType] = useState<FirmQuestionType>('yesno');
  const [label, setLabel] = useState('');
  const [help, setHelp] = useState('');
  const [isRequired, setIsRequired] = useState(false);
  const [choices, setChoices] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'label' | 'choices' | 'form', string>>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const candidate: FirmQuestion = {
      section_id: sectionId,
      type,
      label: label.trim(),
      ...(help.trim() ? { help: help.trim() } : {}),
      required: isRequired,
      ...(type === 'choice'
        ? {
            choices: choices
              .split('\n')
              .map((line) => line.trim())
              .filter(Boolean),
          }
        : {}),
    };
    const checked = firmQuestionSchema.safeParse(candidate);
    if (!checked.success) {
      const next: typeof errors = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0] === 'label' ? 'label' : type === 'choice' ? 'choices' : 'form';
        next[field] ??= issue.message;
      }
      if (!candidate.label) next.label ??= 'Give the question a label.';
      setErrors(next);
      return;
    }
    setErrors({});
    onAdd(candidate);
    setLabel('');
    setHelp('');
    setIsRequired(false);
    setChoices('');
  };

  return (
    <form noValidate onSubmit={submit} aria-labelledby="organizer-add-question">
      <Fieldset legend={<span id="organizer-add-question">Add a question</span>}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <NativeSelect
              label="Section"
              data={sections}
              value={sectionId}
              onChange={(event) => setSectionId(event.currentTarget.value)}
            />
            <NativeSelect
              label="Answer"
              data={FIRM_QUESTION_TYPES.map((t) => ({ value: t, label: FIRM_QUESTION_TYPE_LABELS[t] }))}
              value={type}
              onChange={(event) => setType(event.currentTarget.value as FirmQuestionType)}
            />
          </SimpleGrid>
          <TextInput
            label="Question"
            withAsterisk
            maxLength={200}
            value={label}
            onChange={(event) => setLabel(event.currentTarget.value)}
            error={errors.label}
          />
          <TextInput
            label="Help under the question"
            maxLength={300}
            value={help}
            onChange={(event) => setHelp(event.currentTarget.value)}
          />
          {type === 'choice' && (
            <Textarea
              label="Options, one per line"
              description="Two to 10 options."
              withAsterisk
              autosize
              minRows={3}
              value={choices}
              onChange={(event) => setChoices(event.currentTarget.value)}
              error={errors.choices}
            />
          )}
          <Checkbox
            label="Must be answered before the organizer is sent"
            checked={isRequired}
            onChange={(event) => setIsRequired(event.currentTarget.checked)}
          />
          {errors.form && (
            <Text c="red.8" fz="sm" role="alert">
              {errors.form}
            </Text>
          )}
          <Group>
            <Button type="submit" variant="default">
              Add the question
            </Button>
          </Group>
          <Text fz="xs" c="gray.8">
            Added questions are kept once you save a new version.
          </Text>
        </Stack>
      </Fieldset>
    </form>
  );
}

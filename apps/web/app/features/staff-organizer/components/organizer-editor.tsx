import { Button, Fieldset, Group, Stack, Text, Textarea } from '@mantine/core';
import { visibleSections, type AnswerValue, type Answers, type Organizer } from '@taxfirm/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import {
  answersToSend,
  defaultCurrencyOf,
  withoutPath,
  type Problems,
} from '../../../components/ui/organizer-fields/answers-draft.ts';
import { QuestionInput } from '../../../components/ui/organizer-fields/question-input.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { SuccessAlert, useSubmitMessage } from '../../../components/ui/success-alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSaveOrganizerAnswers } from '../api/organizer.ts';

/** The longest reason the server keeps (`staffOrganizerSaveBodySchema`). */
const REASON_MAX = 300;
/** The reason's field, as the server names it in a refusal's `details`. */
const REASON = 'reason';

const HEADING_ID = 'organizer-edit-heading';
const TITLE = 'Change the client’s answers';

type Props = { clientId: string; taxYear: number; organizer: Organizer };

/**
 * Staff fill in or correct the client's organizer (a client who phoned, a wrong amount): "Edit answers" opens
 * the editor in place; saved with a reason, which the audit log keeps with the staff member's name.
 */
export function OrganizerEdit({ clientId, taxYear, organizer }: Props) {
  const [isEditing, setIsEditing] = useState(false);
  const success = useSubmitMessage();
  const editRef = useRef<HTMLButtonElement>(null);
  // After the editor closes, the keyboard goes back to the button that opened it.
  const shouldRefocus = useRef(false);
  useEffect(() => {
    if (isEditing || !shouldRefocus.current) return;
    shouldRefocus.current = false;
    editRef.current?.focus();
  }, [isEditing]);

  const close = () => {
    shouldRefocus.current = true;
    setIsEditing(false);
  };

  if (isEditing) {
    return (
      <OrganizerEditor
        clientId={clientId}
        taxYear={taxYear}
        organizer={organizer}
        onSaved={(message) => {
          success.show(message);
          close();
        }}
        onCancel={close}
      />
    );
  }
  return (
    <SectionCard headingId={HEADING_ID} title={TITLE} gap="sm">
      <Text fz="sm">
        Fill in or correct the organizer for the client, for example after a phone call. Each change is kept
        in the audit log with its reason and your name.
      </Text>
      <SuccessAlert message={success.message} />
      <Group>
        <Button
          ref={editRef}
          onClick={() => {
            success.clear();
            setIsEditing(true);
          }}
        >
          Edit answers
        </Button>
      </Group>
    </SectionCard>
  );
}

/**
 * Every section that shows as a fieldset of its questions, drawn by the client's own widgets against a draft
 * of the answers (a question shows or goes as the answers it depends on change, by the contract's rule), then
 * the reason. A refusal shows its message by the buttons and each of its details by its question or the reason.
 */
function OrganizerEditor({
  clientId,
  taxYear,
  organizer,
  onSaved,
  onCancel,
}: Props & { onSaved: (message: string) => void; onCancel: () => void }) {
  const { definition } = organizer;
  const [draft, setDraft] = useState<Answers>(organizer.answers);
  const [problems, setProblems] = useState<Problems>({});
  const [error, setError] = useState<unknown>(null);
  const [refusals, setRefusals] = useState(0);
  const save = useSaveOrganizerAnswers();
  const fieldsRef = useRef<HTMLDivElement>(null);

  const steps = visibleSections(definition, draft).filter(({ questions }) => questions.length > 0);

  // After a refusal the keyboard goes to the first question (or the reason) with a problem.
  useEffect(() => {
    if (refusals === 0) return;
    const first = fieldsRef.current?.querySelector<HTMLElement>('[data-problem]');
    const target =
      first?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      first?.querySelector<HTMLElement>('input:checked') ??
      first?.querySelector<HTMLElement>('input, select, textarea');
    target?.focus();
  }, [refusals]);

  const update = (id: string, value: AnswerValue | undefined, path = id) => {
    setDraft(({ [id]: _old, ...rest }) => (value === undefined ? rest : { ...rest, [id]: value }));
    setProblems((known) => withoutPath(known, path));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    // The reason is read as sent: typing it redraws nothing else.
    const reason = new FormData(event.currentTarget).get(REASON);
    try {
      const answer = await save.mutateAsync({
        clientId,
        taxYear,
        answers: answersToSend(draft),
        reason: typeof reason === 'string' ? reason : '',
      });
      onSaved(answer.status_smessage);
    } catch (failure) {
      setError(failure);
      setProblems(failure instanceof ApiError ? problemsOf(failure.details) : {});
      setRefusals((count) => count + 1);
    }
  };

  const hasProblem = (id: string) =>
    Object.keys(problems).some((path) => path === id || path.startsWith(`${id}.`));
  return (
    <SectionCard
      as="form"
      onSubmit={(event) => void onSubmit(event)}
      headingId={HEADING_ID}
      title={TITLE}
      focusOnOpen
      gap="lg"
    >
      <Text fz="sm">
        Questions show and go as the answers change, as they do for the client. Leaving an answer blank
        removes it.
      </Text>
      <Stack gap="lg" ref={fieldsRef}>
        {steps.map(({ section, questions }) => (
          <Fieldset key={section.id} legend={section.title} radius="md">
            <Stack gap="md">
              {questions.map((question) => (
                <div key={question.id} data-problem={hasProblem(question.id) || undefined}>
                  <QuestionInput
                    question={question}
                    value={draft[question.id]}
                    kept={organizer.answers[question.id]}
                    problems={problems}
                    defaultCurrency={defaultCurrencyOf(section.id)}
                    voice="staff"
                    onChange={update}
                  />
                </div>
              ))}
            </Stack>
          </Fieldset>
        ))}
        <div data-problem={problems[REASON] ? true : undefined}>
          <Textarea
            label="Reason for the change"
            description="Kept in the audit log with your name."
            required
            autosize
            minRows={2}
            maxLength={REASON_MAX}
            name={REASON}
            error={problems[REASON]}
            onChange={() => {
              if (problems[REASON]) setProblems((known) => withoutPath(known, REASON));
            }}
          />
        </div>
      </Stack>
      <ApiErrorAlert error={error} />
      <Group gap="sm">
        <SubmitButton pending={save.isPending} busyLabel="Saving">
          Save changes
        </SubmitButton>
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
      </Group>
    </SectionCard>
  );
}

/** A refusal's details by question path: a request-level one names the answers' path (`answers.pan`). */
function problemsOf(details: Readonly<Record<string, string>>): Problems {
  return Object.fromEntries(
    Object.entries(details).map(([path, message]) => [path.replace(/^answers\./, ''), message]),
  );
}

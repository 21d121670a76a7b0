import { Alert, Anchor, Button, Group, Loader, Progress, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import {
  substantialPresence,
  visibleSections,
  type AnswerValue,
  type Answers,
  type Organizer,
} from '@taxfirm/contract';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
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
import { SuccessAlert } from '../../../components/ui/success-alert.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/dates.ts';
import { useOrganizer, useSaveOrganizer, useSubmitOrganizer } from '../api/organizer.ts';
import { LastYearPanel } from './last-year-panel.tsx';
import { carryOffer, firstProblemStep, resumeStep } from './organizer-draft.ts';
import { OrganizerReview } from './organizer-review.tsx';

/** The section whose screen explains the Substantial Presence Test. */
const PRESENCE_SECTION = 'residency';

/** What sending answered, shown on the sent organizer. */
type SentResult = { message: string; itemsAdded: number; answers: Answers };

/** The organizer of the year: asked a section at a time until sent, then read-only. */
export function OrganizerPage() {
  const query = useOrganizer();
  const [sent, setSent] = useState<SentResult | null>(null);
  if (query.error) return <ApiErrorAlert error={query.error} />;
  if (!query.data) return <Loader role="status" aria-label="Loading your organizer" />;
  const { organizer } = query.data;
  if (organizer.state === 'sent') return <SentOrganizer organizer={organizer} result={sent} />;
  if (sent) {
    // Sent a moment ago; until the organizer reads again, it shows as sent with the answers just sent.
    const justSent = { ...organizer, answers: sent.answers, sent_at: new Date().toISOString() };
    return <SentOrganizer organizer={justSent} result={sent} />;
  }
  return <OrganizerSteps key={organizer.tax_year} organizer={organizer} onSent={setSent} />;
}

/** The sent organizer: when it went, how to change an answer, and every answer. */
function SentOrganizer({ organizer, result }: { organizer: Organizer; result: SentResult | null }) {
  return (
    <Stack gap="md">
      <Text fw={600}>Tax year {organizer.tax_year}</Text>
      <SuccessAlert
        ref={focusOnMount}
        tabIndex={-1}
        icon={<IconCircleCheck aria-hidden />}
        message={
          result && (
            <Stack gap={4}>
              <Text fz="sm">{result.message}</Text>
              <Text fz="sm">
                {result.itemsAdded === 0
                  ? 'Your checklist already asks for the documents your answers call for.'
                  : `We added ${result.itemsAdded} ${result.itemsAdded === 1 ? 'document' : 'documents'} to your checklist.`}{' '}
                <Anchor component={Link} to={paths.user.checklist.getHref()} fz="sm" underline="always">
                  Open your checklist
                </Anchor>
              </Text>
            </Stack>
          )
        }
      />
      <Alert color="gray" variant="light" role="note" title={sentOn(organizer.sent_at)}>
        Your answers went to your preparer. To change anything,{' '}
        <Anchor component={Link} to={paths.user.messages.getHref()} underline="always">
          message your preparer
        </Anchor>
        .
      </Alert>
      <Title order={2} fz="lg">
        Your answers
      </Title>
      <OrganizerReview definition={organizer.definition} answers={organizer.answers} />
    </Stack>
  );
}

/** The answer to Send takes the focus from the button that went away. */
const focusOnMount = (element: HTMLElement | null) => element?.focus();

const sentOn = (at: string | null) => (at ? `Sent on ${formatDate(at)}` : 'Sent');

/**
 * The organizer a section at a time: Next saves the answers so far and moves on, Back moves back; the last
 * step reviews every answer and sends them. The answers decide which questions show, by the contract's rule
 * (`visibleSections`), the one the server keeps.
 */
function OrganizerSteps({
  organizer,
  onSent,
}: {
  organizer: Organizer;
  onSent: (result: SentResult) => void;
}) {
  const { definition, tax_year: taxYear, last_year: lastYear } = organizer;
  const [draft, setDraft] = useState<Answers>(organizer.answers);
  const [step, setStep] = useState(() => resumeStep(definition, organizer.answers, organizer.state));
  // The first screen keeps the page's focus; later ones take it, so the keyboard starts at the new section.
  const [hasMoved, setHasMoved] = useState(false);
  const [problems, setProblems] = useState<Problems>({});
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [declined, setDeclined] = useState<ReadonlySet<string>>(new Set());
  const save = useSaveOrganizer();
  const submit = useSubmitOrganizer();

  const steps = visibleSections(definition, draft);
  const current = steps[step];
  const isReview = current === undefined;

  const goTo = (next: number) => {
    setHasMoved(true);
    setStep(Math.max(0, Math.min(next, steps.length)));
  };
  const update = (id: string, value: AnswerValue | undefined, path = id) => {
    setDraft(({ [id]: _old, ...rest }) => (value === undefined ? rest : { ...rest, [id]: value }));
    setProblems((known) => withoutPath(known, path));
    setSaved(null);
  };
  /** A refusal: its message on this screen, its problems on their fields, and the first such section shown. */
  const refused = (failure: unknown) => {
    setError(failure);
    if (!(failure instanceof ApiError) || Object.keys(failure.details).length === 0) return;
    setProblems(failure.details);
    const first = firstProblemStep(steps, failure.details);
    if (first !== null && first !== step) goTo(first);
  };

  const onNext = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setSaved(null);
    try {
      const answer = await save.mutateAsync({ answers: answersToSend(draft) });
      setProblems({});
      setSaved(answer.status_smessage);
      goTo(step + 1);
    } catch (failure) {
      refused(failure);
    }
  };
  const onSend = async () => {
    setError(null);
    setSaved(null);
    const answers = answersToSend(draft);
    try {
      const answer = await submit.mutateAsync({ answers });
      onSent({ message: answer.status_smessage, itemsAdded: answer.items_added, answers });
    } catch (failure) {
      refused(failure);
    }
  };

  const position = isReview ? 'Review' : `Section ${step + 1} of ${steps.length}`;
  const percent = Math.round((step / Math.max(steps.length, 1)) * 100);
  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text fw={600}>
            Tax year {taxYear} · {position}
          </Text>
          {/* Always in the page, so "saved" is announced when it appears. */}
          <Text role="status" fz="sm" fw={600}>
            {saved}
          </Text>
        </Group>
        <Progress.Root size="md" radius="xl">
          <Progress.Section
            value={percent}
            withAria={false}
            role="progressbar"
            aria-label="Your progress through the organizer"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={position}
          />
        </Progress.Root>
      </Stack>
      {isReview ? (
        <SectionCard
          key="review"
          headingId="organizer-review"
          title="Check your answers"
          focusOnOpen={hasMoved}
          gap="md"
        >
          <Text>
            Check each section, then send your organizer to your preparer. We then add the documents your
            answers call for to your checklist. Once it is sent, message your preparer to change an answer.
          </Text>
          <ApiErrorAlert error={error} />
          <OrganizerReview definition={definition} answers={draft} onEdit={goTo} />
          <Group justify="space-between" gap="sm">
            <Button variant="default" onClick={() => goTo(step - 1)}>
              Back
            </Button>
            <Button loading={submit.isPending} loaderProps={{ 'aria-label': 'Sending' }} onClick={onSend}>
              Send to my preparer
            </Button>
          </Group>
        </SectionCard>
      ) : (
        <SectionCard
          key={current.section.id}
          as="form"
          onSubmit={(event) => void onNext(event)}
          headingId={`organizer-${current.section.id}`}
          id={`organizer-section-${current.section.id}`}
          title={current.section.title}
          focusOnOpen={hasMoved}
          gap="lg"
        >
          {current.section.intro && <Text>{current.section.intro}</Text>}
          <SameAsLastYear
            sectionId={current.section.id}
            offer={declined.has(current.section.id) ? null : carryOffer(current.section, draft, lastYear)}
            lastYear={lastYear}
            onSame={(values) => {
              setDraft((answers) => ({ ...answers, ...values }));
              setSaved(null);
            }}
            onAnswer={() => setDeclined((ids) => new Set(ids).add(current.section.id))}
          />
          {current.questions.map((question) => (
            <QuestionInput
              key={question.id}
              question={question}
              value={draft[question.id]}
              kept={organizer.answers[question.id]}
              problems={problems}
              defaultCurrency={defaultCurrencyOf(current.section.id)}
              onChange={update}
            />
          ))}
          {current.section.id === PRESENCE_SECTION && <PresenceAlert answers={draft} taxYear={taxYear} />}
          <ApiErrorAlert error={error} />
          <Group justify="space-between" gap="sm">
            {step > 0 ? (
              <Button variant="default" onClick={() => goTo(step - 1)}>
                Back
              </Button>
            ) : (
              <span />
            )}
            <SubmitButton pending={save.isPending} busyLabel="Saving">
              Next
            </SubmitButton>
          </Group>
        </SectionCard>
      )}
    </Stack>
  );
}

/** "Same as last year?" while the section has carried questions not answered yet; the focus stays in it. */
function SameAsLastYear({
  sectionId,
  offer,
  lastYear,
  onSame,
  onAnswer,
}: {
  sectionId: string;
  offer: ReturnType<typeof carryOffer>;
  lastYear: Answers | null;
  onSame: (values: Answers) => void;
  onAnswer: () => void;
}) {
  if (!offer || !lastYear) return null;
  // The panel goes once answered: the section (focusable) keeps the keyboard where it was.
  const refocus = () => document.getElementById(`organizer-section-${sectionId}`)?.focus();
  return (
    <LastYearPanel
      questions={offer.questions}
      lastYear={lastYear}
      withheld={offer.withheld}
      onSame={() => {
        onSame(offer.values);
        refocus();
      }}
      onAnswer={() => {
        onAnswer();
        refocus();
      }}
    />
  );
}

/** The Substantial Presence Test for the days given, explained, while it decides the client's residency. */
function PresenceAlert({ answers, taxYear }: { answers: Answers; taxYear: number }) {
  const presence = substantialPresence(answers, taxYear);
  // Nothing to explain before this year's days are given.
  if (!presence.applies || typeof answers.days_us !== 'number') return null;
  return (
    <Alert
      role="status"
      color={presence.meets ? 'blue' : 'gray'}
      variant="light"
      title="The Substantial Presence Test"
    >
      {presence.explanation}
    </Alert>
  );
}

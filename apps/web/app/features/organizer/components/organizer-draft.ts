import {
  cleanAnswers,
  conditionHolds,
  isMaskedPan,
  isMoney,
  maskPan,
  visibleSections,
  type Answers,
  type FieldQuestion,
  type GroupQuestion,
  type GroupRow,
  type OrganizerDefinition,
  type OrganizerState,
  type Question,
  type Section,
} from '@taxfirm/contract';
import {
  answersToSend,
  isBlank,
  type Problems,
} from '../../../components/ui/organizer-fields/answers-draft.ts';
import { formatDay } from '../../../lib/dates.ts';

/** The sections on screen, each with the questions its answers call for (the server's own rule). */
export type Step = ReturnType<typeof visibleSections>[number];

/**
 * Every required question of the section that shows is answered and every answer reads (as `progressOf` counts
 * on the server). A kept identity number comes masked and stands for itself.
 */
export function isSectionComplete(definition: OrganizerDefinition, section: Section, draft: Answers) {
  const answers = answersToSend(draft);
  const { problems } = cleanAnswers({ ...definition, sections: [section] }, answers, { sending: true });
  return problems.every((problem) => isMaskedPan(answers[problem.question]));
}

/**
 * Where the client picks up: the first section not complete (the review when all are), so answers given on one
 * device continue on another; the first section when nothing is answered yet.
 */
export function resumeStep(definition: OrganizerDefinition, answers: Answers, state: OrganizerState) {
  const steps = visibleSections(definition, answers);
  if (state === 'not_started') return 0;
  const index = steps.findIndex(({ section }) => !isSectionComplete(definition, section, answers));
  return index === -1 ? steps.length : index;
}

/** The first step holding a question with a problem (`accounts.2.bank` is the `accounts` question's). */
export function firstProblemStep(steps: readonly Step[], problems: Problems): number | null {
  const ids = new Set(Object.keys(problems).map((path) => path.split('.')[0]));
  const index = steps.findIndex(({ section }) => section.questions.some((q) => ids.has(q.id)));
  return index === -1 ? null : index;
}

/** One field's answer in words: Yes, the choice's label, "INR 9,00,000", 03-15-2025, a PAN masked. */
export function fieldInWords(question: FieldQuestion, value: unknown): string {
  switch (question.type) {
    case 'yesno':
      return value === true ? 'Yes' : value === false ? 'No' : '';
    case 'choice':
      return question.choices.find((choice) => choice.value === value)?.label ?? String(value ?? '');
    case 'money':
      return isMoney(value) ? `${question.currency === 'USD' ? 'USD' : value.currency} ${value.amount}` : '';
    case 'date':
      return typeof value === 'string' ? formatDay(value) : '';
    case 'text':
      if (question.identity === 'pan' && typeof value === 'string' && !isMaskedPan(value)) {
        return maskPan(value.trim().toUpperCase());
      }
      return String(value ?? '');
    case 'number':
      return String(value ?? '');
  }
}

/** A group row's answered fields that show, each with its label and its answer in words. */
export function rowInWords(question: GroupQuestion, row: GroupRow): { label: string; value: string }[] {
  return question.fields
    .filter((field) => !field.off && conditionHolds(field.showIf, row) && !isBlank(row[field.id]))
    .map((field) => ({ label: field.label, value: fieldInWords(field, row[field.id]) }));
}

/** A row in a few words, its names and kinds without amounts: "HDFC Bank, India, NRE savings". */
export function rowInBrief(question: GroupQuestion, row: GroupRow): string {
  return question.fields
    .filter(
      (field) =>
        (field.type === 'text' || field.type === 'choice') &&
        !field.off &&
        conditionHolds(field.showIf, row) &&
        !isBlank(row[field.id]),
    )
    .map((field) => fieldInWords(field, row[field.id]))
    .join(', ');
}

/** The answered questions of a step, for the review. */
export function answeredQuestions(step: Step, answers: Answers): Question[] {
  return step.questions.filter((question) => !isBlank(answers[question.id]));
}

/**
 * What "Same as last year?" offers on a section: last year's answers to its carried questions that are not
 * answered yet and would show with them. A PAN comes masked and cannot be copied (the server keeps this year's
 * own), so it is only named (`withheld`).
 */
export function carryOffer(
  section: Section,
  draft: Answers,
  lastYear: Answers | null,
): { questions: Question[]; values: Answers; withheld: string | null } | null {
  if (!lastYear) return null;
  const values: Answers = {};
  let withheld: string | null = null;
  for (const question of section.questions) {
    const last = lastYear[question.id];
    if (question.off || !question.carry || last === undefined || isBlank(last)) continue;
    if (!isBlank(draft[question.id])) continue;
    if (isMaskedPan(last)) withheld = String(last);
    else values[question.id] = last;
  }
  const merged = { ...draft, ...values };
  const questions = section.questions.filter(
    (question) => question.id in values && conditionHolds(question.showIf, merged),
  );
  if (questions.length === 0) return null;
  return {
    questions,
    values: Object.fromEntries(questions.map((question) => [question.id, values[question.id]])) as Answers,
    withheld,
  };
}

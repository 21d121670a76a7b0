/**
 * Answers to an organizer, checked against its definition: the one rule the portal shows and the server keeps.
 * A question that does not show (its condition unmet, turned off, or unknown to the definition) has its
 * answer dropped, never kept and never required. Values are checked by type always; "required" only when the
 * organizer is sent.
 */
import { ORGANIZER_MESSAGES as M } from './organizer.messages.ts';
import {
  ORGANIZER_CURRENCIES,
  type Condition,
  type FieldQuestion,
  type OrganizerDefinition,
  type Question,
  type Section,
} from './organizer.definition.ts';

export type Money = { amount: string; currency: string };
export type FieldValue = boolean | string | number | Money;
export type GroupRow = { row_id: string } & { [field: string]: FieldValue };
export type AnswerValue = FieldValue | GroupRow[];
export type Answers = Record<string, AnswerValue>;

export type AnswerProblem = { question: string; message: string };

const AMOUNT = /^\d{1,13}(\.\d{1,2})?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const PAN = /^[A-Z]{5}\d{4}[A-Z]$/;
const ROW_ID = /^[A-Za-z0-9_-]{1,40}$/;

/** An amount as people write it ("9,00,000", "1 250.50"), as digits with up to two decimals. */
export function normaliseAmount(text: string): string {
  return text.replace(/[\s,_]/g, '');
}

/** An amount in hundredths (cents, paise), for sums without floating-point error. */
export function hundredthsOf(amount: string): number {
  const [whole = '0', part = ''] = amount.split('.');
  return Number(whole) * 100 + Number(part.padEnd(2, '0'));
}

export function isMoney(value: unknown): value is Money {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Money).amount === 'string' &&
    typeof (value as Money).currency === 'string'
  );
}

/** Whether a condition holds for the answers it looks at (a question's, or a group row's fields). */
export function conditionHolds(condition: Condition | undefined, answers: Readonly<Record<string, unknown>>) {
  if (!condition) return true;
  const value = answers[condition.question];
  return condition.equals.some((expected) => expected === value);
}

/** The sections that show (not turned off), each with the questions that show for these answers. */
export function visibleSections(
  definition: OrganizerDefinition,
  answers: Readonly<Record<string, unknown>>,
): { section: Section; questions: Question[] }[] {
  return definition.sections
    .filter((section) => !section.off)
    .map((section) => ({
      section,
      questions: section.questions.filter((q) => !q.off && conditionHolds(q.showIf, answers)),
    }));
}

function isAnswered(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/** One field's value checked by its type: the value to keep, or the problem's message. */
function checkField(question: FieldQuestion, raw: unknown): { value: FieldValue } | { message: string } {
  switch (question.type) {
    case 'yesno':
      return typeof raw === 'boolean' ? { value: raw } : { message: M.ORGANIZER_CHOOSE_YES_NO };
    case 'choice':
      return typeof raw === 'string' && question.choices.some((c) => c.value === raw)
        ? { value: raw }
        : { message: M.ORGANIZER_CHOOSE_OPTION };
    case 'number': {
      const n = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
      return typeof n === 'number' && Number.isInteger(n) && n >= question.min && n <= question.max
        ? { value: n }
        : { message: `Enter a whole number from ${question.min} to ${question.max}.` };
    }
    case 'money': {
      if (!isMoney(raw)) return { message: M.ORGANIZER_AMOUNT_INVALID };
      const amount = normaliseAmount(raw.amount);
      if (!AMOUNT.test(amount)) return { message: M.ORGANIZER_AMOUNT_INVALID };
      const currency = question.currency === 'USD' ? 'USD' : raw.currency;
      if (!(ORGANIZER_CURRENCIES as readonly string[]).includes(currency)) {
        return { message: M.ORGANIZER_CURRENCY_INVALID };
      }
      return { value: { amount: amount.replace(/^0+(?=\d)/, ''), currency } };
    }
    case 'date': {
      if (typeof raw !== 'string' || !DAY.test(raw)) return { message: M.ORGANIZER_DATE_INVALID };
      const day = new Date(`${raw}T00:00:00Z`);
      return Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== raw
        ? { message: M.ORGANIZER_DATE_INVALID }
        : { value: raw };
    }
    case 'text': {
      if (typeof raw !== 'string' || raw.includes('\u0000')) return { message: M.ORGANIZER_TEXT_INVALID };
      const text = raw.trim();
      if (question.identity === 'pan') {
        const pan = text.toUpperCase();
        return PAN.test(pan) ? { value: pan } : { message: M.ORGANIZER_PAN_INVALID };
      }
      return text.length <= question.max
        ? { value: text }
        : { message: `Must be at most ${question.max} characters` };
    }
  }
}

/**
 * The answers as kept: only those of questions that show, each checked by its type; with `sending`, every
 * required question that shows must be answered. Problems name the question (`accounts.2.bank` in a group).
 */
export function cleanAnswers(
  definition: OrganizerDefinition,
  raw: Readonly<Record<string, unknown>>,
  { sending = false }: { sending?: boolean } = {},
): { answers: Answers; problems: AnswerProblem[] } {
  const answers: Answers = {};
  const problems: AnswerProblem[] = [];
  // Conditions look at earlier answers as kept, so an answer hidden by a hidden one is dropped too.
  for (const section of definition.sections) {
    if (section.off) continue;
    for (const question of section.questions) {
      if (question.off || !conditionHolds(question.showIf, answers)) continue;
      const value = raw[question.id];
      if (!isAnswered(value)) {
        if (sending && question.required)
          problems.push({ question: question.id, message: M.ORGANIZER_REQUIRED });
        continue;
      }
      if (question.type !== 'group') {
        const checked = checkField(question, value);
        if ('message' in checked) problems.push({ question: question.id, message: checked.message });
        else answers[question.id] = checked.value;
        continue;
      }
      if (!Array.isArray(value) || value.length > question.max) {
        problems.push({ question: question.id, message: `Add at most ${question.max}.` });
        continue;
      }
      const rows: GroupRow[] = [];
      const seen = new Set<string>();
      value.forEach((rawRow: unknown, index) => {
        const row = (typeof rawRow === 'object' && rawRow !== null ? rawRow : {}) as Record<string, unknown>;
        const rowId = row.row_id;
        if (typeof rowId !== 'string' || !ROW_ID.test(rowId) || seen.has(rowId)) {
          problems.push({ question: `${question.id}.${index}`, message: M.ORGANIZER_ROW_INVALID });
          return;
        }
        seen.add(rowId);
        const kept: GroupRow = { row_id: rowId };
        for (const field of question.fields) {
          if (field.off || !conditionHolds(field.showIf, kept)) continue;
          const fieldValue = row[field.id];
          const path = `${question.id}.${index}.${field.id}`;
          if (!isAnswered(fieldValue)) {
            if (sending && field.required) problems.push({ question: path, message: M.ORGANIZER_REQUIRED });
            continue;
          }
          const checked = checkField(field, fieldValue);
          if ('message' in checked) problems.push({ question: path, message: checked.message });
          else kept[field.id] = checked.value;
        }
        rows.push(kept);
      });
      answers[question.id] = rows;
    }
  }
  return { answers, problems };
}

/** How far the client is: sections that show, and those whose required questions are all answered. */
export function progressOf(
  definition: OrganizerDefinition,
  answers: Answers,
): { done: number; total: number } {
  const sections = visibleSections(definition, answers);
  const done = sections.filter(({ section }) => {
    const one: OrganizerDefinition = { ...definition, sections: [section] };
    return cleanAnswers(one, answers, { sending: true }).problems.length === 0;
  }).length;
  return { done, total: sections.length };
}

/** The answers that differ from last year's, by question id (a question new this year counts as changed). */
export function changedFromLastYear(answers: Answers, lastYear: Answers | null): string[] {
  if (!lastYear) return [];
  const comparable = (value: AnswerValue | undefined) =>
    JSON.stringify(
      Array.isArray(value) ? value.map(({ row_id: _row, ...fields }) => fields) : (value ?? null),
    );
  return Object.keys(answers).filter((id) => comparable(answers[id]) !== comparable(lastYear[id]));
}

/** Last year's answers to the questions that carry over, for the client to confirm or change. */
export function carriedAnswers(definition: OrganizerDefinition, lastYear: Answers): Answers {
  const out: Answers = {};
  for (const { question } of definition.sections.flatMap((s) =>
    s.questions.map((question) => ({ question })),
  )) {
    const value = lastYear[question.id];
    if (question.carry && value !== undefined) out[question.id] = value;
  }
  return out;
}

/** How a kept identity number shows (like an SSN's last four): the PAN's last four characters. */
export const PAN_MASK_PREFIX = '••••••';
export function maskPan(pan: string): string {
  return `${PAN_MASK_PREFIX}${pan.slice(-4)}`;
}
export function isMaskedPan(value: unknown): boolean {
  return typeof value === 'string' && value.startsWith(PAN_MASK_PREFIX);
}

/** The identity questions of a definition (answers kept sealed and shown masked). */
export function identityQuestionIds(definition: OrganizerDefinition): string[] {
  return definition.sections.flatMap((s) =>
    s.questions.filter((q) => q.type === 'text' && q.identity).map((q) => q.id),
  );
}

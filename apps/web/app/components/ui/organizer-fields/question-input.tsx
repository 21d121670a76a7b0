import { isMaskedPan, type AnswerValue, type OrganizerCurrency, type Question } from '@taxfirm/contract';
import { rowsOf, type Problems } from './answers-draft.ts';
import { GroupQuestionField } from './group-question.tsx';
import { QuestionField, type Voice } from './question-field.tsx';

/**
 * One question of a section: a field, or a group of rows. `onChange` gets the question's new answer and the
 * path whose problems it settles (`accounts.0.bank`, or the question's id).
 */
export function QuestionInput({
  question,
  value,
  kept,
  problems,
  defaultCurrency,
  voice,
  onChange,
}: {
  question: Question;
  value: AnswerValue | undefined;
  /** The answer as the server holds it (a PAN masked), so a blank identity field keeps it. */
  kept: AnswerValue | undefined;
  problems: Problems;
  defaultCurrency: OrganizerCurrency;
  voice?: Voice;
  onChange: (id: string, value: AnswerValue | undefined, path?: string) => void;
}) {
  if (question.type === 'group') {
    return (
      <GroupQuestionField
        question={question}
        rows={rowsOf(value)}
        problems={problems}
        defaultCurrency={defaultCurrency}
        onChange={(rows, path) => onChange(question.id, rows, path)}
      />
    );
  }
  return (
    <QuestionField
      question={question}
      value={value}
      error={problems[question.id]}
      defaultCurrency={defaultCurrency}
      kept={isMaskedPan(kept) ? String(kept) : undefined}
      voice={voice}
      onChange={(next) => onChange(question.id, next)}
    />
  );
}

import { isMoney, type AnswerValue, type FieldQuestion, type Money, type Question } from '@taxfirm/contract';
import { formatDay } from '../../../lib/dates.ts';

/** Whole US dollars as the worksheets show them: $10,013. */
export function formatUsd(dollars: number): string {
  return `$${dollars.toLocaleString('en-US')}`;
}

/**
 * An amount in its own currency with two decimals, grouped as that currency's readers group it: INR in lakhs
 * and crores (INR 9,00,000.00), the others in thousands (EUR 12,500.00). Anything that is not a plain amount
 * is shown as given.
 */
export function formatAmount(amount: string, currency: string): string {
  const n = Number(amount);
  if (amount.trim() === '' || !Number.isFinite(n)) return `${currency} ${amount}`.trim();
  const words = n.toLocaleString(currency === 'INR' ? 'en-IN' : 'en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return `${currency} ${words}`;
}

export function formatMoney(money: Money): string {
  return formatAmount(money.amount, money.currency);
}

/** A findings line (amount, currency, US dollars), any part of which may be missing. */
export type MoneyLine = { amount: string | null; currency: string | null; usd: number | null };

export function moneyLineWords(line: MoneyLine): string {
  return line.amount !== null && line.currency !== null ? formatAmount(line.amount, line.currency) : '—';
}

export function moneyLineUsd(line: MoneyLine): string {
  if (line.usd !== null) return formatUsd(line.usd);
  return line.amount === null ? '—' : 'No rate yet';
}

/** One field's answer in words: Yes/No, a choice by its label, money with its currency, a date as MM-DD-YYYY. */
export function fieldWords(question: FieldQuestion, value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  switch (question.type) {
    case 'yesno':
      return value === true ? 'Yes' : value === false ? 'No' : String(value);
    case 'choice':
      return question.choices.find((choice) => choice.value === value)?.label ?? String(value);
    case 'money':
      return isMoney(value) ? formatMoney(value) : String(value);
    case 'date':
      return formatDay(String(value));
    case 'number':
    case 'text':
      return String(value);
  }
}

/** Whether a question has an answer worth listing (a group with at least one row). */
export function isAnswered(value: AnswerValue | undefined): value is AnswerValue {
  if (value === undefined || value === '') return false;
  return !Array.isArray(value) || value.length > 0;
}

/** A non-group answer in words; a group's answers are a table (see the summary). */
export function answerWords(question: Question, value: AnswerValue): string {
  if (question.type === 'group') {
    const rows = Array.isArray(value) ? value.length : 0;
    return `${rows} ${rows === 1 ? question.itemLabel.toLowerCase() : `${question.itemLabel.toLowerCase()}s`}`;
  }
  return fieldWords(question, value);
}

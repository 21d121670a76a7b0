import type { Answers, GroupRow, OrganizerCurrency } from '@taxfirm/contract';
import { isMoney } from '@taxfirm/contract';

/** The server's problems with the answers, by question path (`pan`, `accounts.2.bank`). */
export type Problems = Readonly<Record<string, string>>;

/** The section whose amounts are usually in rupees; elsewhere they start in US dollars. */
const FOREIGN_SECTION = 'foreign';

/** The currency a new amount starts in on a section: rupees on the foreign section, US dollars elsewhere. */
export function defaultCurrencyOf(sectionId: string): OrganizerCurrency {
  return sectionId === FOREIGN_SECTION ? 'INR' : 'USD';
}

/** A value not given: nothing, blank text, an amount not typed (its currency alone is no answer), no rows. */
export function isBlank(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (isMoney(value)) return value.amount.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** The draft as sent: blank values left out, in group rows too. */
export function answersToSend(draft: Answers): Answers {
  const out: Answers = {};
  for (const [id, value] of Object.entries(draft)) {
    if (Array.isArray(value)) {
      out[id] = value.map(
        (row) =>
          Object.fromEntries(
            Object.entries(row).filter(([field, fieldValue]) => field === 'row_id' || !isBlank(fieldValue)),
          ) as GroupRow,
      );
    } else if (!isBlank(value)) {
      out[id] = value;
    }
  }
  return out;
}

/** The problems left once the answer at `path` (and anything under it) changes. */
export function withoutPath(problems: Problems, path: string): Problems {
  return Object.fromEntries(
    Object.entries(problems).filter(([key]) => key !== path && !key.startsWith(`${path}.`)),
  );
}

/** A group question's rows (none when it is not answered). */
export function rowsOf(value: unknown): GroupRow[] {
  return Array.isArray(value) ? (value as GroupRow[]) : [];
}

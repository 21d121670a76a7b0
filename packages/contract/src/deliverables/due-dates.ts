/**
 * A deliverable's due date from its kind and the tax year (issue 35), the same in the browser and on the server.
 *
 * - Federal and state returns: April 15 of the next year; October 15 once an extension is recorded.
 * - The extension (Form 4868): April 15, the return's own date, by which it must be filed.
 * - FBAR (FinCEN 114): April 15, with the automatic extension to October 15 once recorded.
 * - The Indian return (ITR): July 31 of the next year (the fiscal year April-March that ends in it); staff edit
 *   it for audit cases. It does not roll: India's dates are India's, moved only by the CBDT.
 * - Amended and other: no rule; staff give the date.
 *
 * A US date that falls on a Saturday, a Sunday or a legal holiday moves to the next business day (IRC §7503):
 * the federal holidays of 5 U.S.C. 6103 as observed (Saturday's on the Friday before, Sunday's on the Monday
 * after) and Emancipation Day, a legal holiday in the District of Columbia (April 16, observed the same way),
 * which is why the 2022 deadline was April 18.
 */
import type { DeliverableKind } from './deliverables.constants.ts';

/** A calendar day as YYYY-MM-DD. */
export type IsoDay = string;

const day = (year: number, month: number, date: number) => new Date(Date.UTC(year, month - 1, date));
const isoOf = (d: Date): IsoDay => d.toISOString().slice(0, 10);
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);

/** The nth (1-based) given weekday (0 = Sunday) of a month, or the last one with n = -1. */
function nthWeekday(year: number, month: number, weekday: number, n: number): Date {
  if (n === -1) {
    const last = day(year, month + 1, 0);
    return addDays(last, -((last.getUTCDay() - weekday + 7) % 7));
  }
  const first = day(year, month, 1);
  return addDays(first, ((weekday - first.getUTCDay() + 7) % 7) + (n - 1) * 7);
}

/** A fixed-date holiday on a weekend is observed on the Friday before or the Monday after. */
function observed(d: Date): Date {
  const weekday = d.getUTCDay();
  return weekday === 6 ? addDays(d, -1) : weekday === 0 ? addDays(d, 1) : d;
}

/** The legal holidays of a year that move a US tax deadline, as observed. */
export function legalHolidays(year: number): Set<IsoDay> {
  return new Set(
    [
      observed(day(year, 1, 1)), // New Year's Day
      nthWeekday(year, 1, 1, 3), // Birthday of Martin Luther King, Jr.
      nthWeekday(year, 2, 1, 3), // Washington's Birthday
      observed(day(year, 4, 16)), // Emancipation Day (District of Columbia)
      nthWeekday(year, 5, 1, -1), // Memorial Day
      observed(day(year, 6, 19)), // Juneteenth National Independence Day
      observed(day(year, 7, 4)), // Independence Day
      nthWeekday(year, 9, 1, 1), // Labor Day
      nthWeekday(year, 10, 1, 2), // Columbus Day
      observed(day(year, 11, 11)), // Veterans Day
      nthWeekday(year, 11, 4, 4), // Thanksgiving Day
      observed(day(year, 12, 25)), // Christmas Day
    ].map(isoOf),
  );
}

/**
 * The day itself if it is a business day, else the next one. A year's holidays are read with the next year's:
 * New Year's Day on a Saturday is observed on December 31 of the year before.
 */
export function nextBusinessDay(value: IsoDay): IsoDay {
  let d = new Date(`${value}T00:00:00Z`);
  const isHoliday = (day: Date) =>
    legalHolidays(day.getUTCFullYear()).has(isoOf(day)) ||
    legalHolidays(day.getUTCFullYear() + 1).has(isoOf(day));
  for (;;) {
    const weekday = d.getUTCDay();
    if (weekday !== 0 && weekday !== 6 && !isHoliday(d)) return isoOf(d);
    d = addDays(d, 1);
  }
}

/** The due date a deliverable of `kind` has for `taxYear`, or null where staff give it. */
export function dueDateOf(
  kind: DeliverableKind,
  taxYear: number,
  { extended = false }: { extended?: boolean } = {},
): IsoDay | null {
  const next = taxYear + 1;
  switch (kind) {
    case 'federal':
    case 'state':
    case 'fbar':
      return nextBusinessDay(isoOf(extended ? day(next, 10, 15) : day(next, 4, 15)));
    case 'extension':
      return nextBusinessDay(isoOf(day(next, 4, 15)));
    case 'itr':
      return isoOf(day(next, 7, 31));
    case 'amended':
    case 'other':
      return null;
  }
}

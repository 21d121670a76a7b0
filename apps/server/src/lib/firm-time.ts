/**
 * The firm's calendar: days and hours are the firm's (`FIRM_TIME_ZONE`), whatever the server's or the
 * client's zone. Each rule has a JavaScript form and an SQL twin that gives the same answer in the database,
 * so a list filtered in SQL and a check made in code agree on which day it is.
 */
import { FIRM_TIME_ZONE } from '@taxfirm/contract';
import { sql, type SQL } from '@taxfirm/db';

const ymdFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: FIRM_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date in the firm's time zone at `now`, YYYY-MM-DD. */
export function firmToday(now: Date = new Date()): string {
  return ymdFormat.format(now);
}

/**
 * SQL twin of `firmToday`: the firm's calendar day (a `date`) at `now`, or at the database's `now()` when
 * it is absent.
 */
export function firmTodaySql(now?: Date): SQL {
  return now === undefined
    ? sql`(now() at time zone ${FIRM_TIME_ZONE})::date`
    : sql`(${now.toISOString()}::timestamptz at time zone ${FIRM_TIME_ZONE})::date`;
}

/** The calendar year at `now` in the firm's time zone. */
export function firmYear(now: Date = new Date()): number {
  return Number(firmToday(now).slice(0, 4));
}

/** SQL twin of `firmYear`: the firm's calendar year (an integer) at `now` (the database's `now()` when absent). */
export function firmYearSql(now?: Date): SQL {
  return sql`extract(year from ${firmTodaySql(now)})::int`;
}

/** A formatter of instants as the firm's calendar shows them (e.g. `{ month: 'short', day: 'numeric' }`). */
export function firmDateFormat(
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>,
  locale = 'en-US',
): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(locale, { ...options, timeZone: FIRM_TIME_ZONE });
}

/** Minutes the firm's wall clock is ahead of UTC at `at` (negative west of Greenwich). */
function offsetMinutes(at: number): number {
  const parts: Record<string, number> = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: FIRM_TIME_ZONE,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(new Date(at))
      .map((part) => [part.type, Number(part.value)]),
  );
  const wall = Date.UTC(
    parts['year'] ?? 0,
    (parts['month'] ?? 1) - 1,
    parts['day'] ?? 1,
    parts['hour'],
    parts['minute'],
    parts['second'],
  );
  return Math.round((wall - Math.floor(at / 1000) * 1000) / 60_000);
}

/**
 * The instant at which the firm's wall clock shows `hours` o'clock on `day` (YYYY-MM-DD), `days` later. A
 * wall time the clock shows twice or skips is read as PostgreSQL reads it (the offset after a fall back, the
 * one before a spring forward).
 */
export function firmInstant(
  day: string,
  { days = 0, hours = 0 }: { days?: number; hours?: number } = {},
): Date {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  const wall = Date.UTC(y, m - 1, d + days, hours);
  const before = offsetMinutes(wall - 24 * 60 * 60_000);
  const after = offsetMinutes(wall + 24 * 60 * 60_000);
  // Ambiguous (fall back): the offset after the change; skipped (spring forward): the one before, as
  // PostgreSQL reads such a wall time.
  const byAfter = wall - after * 60_000;
  if (offsetMinutes(byAfter) === after) return new Date(byAfter);
  return new Date(wall - before * 60_000);
}

/**
 * SQL twin of `firmInstant`: the instant (a `timestamptz`) at which the firm's wall clock shows `hours`
 * o'clock on the date `day` (an SQL `date`), `days` later.
 */
export function firmInstantSql(day: SQL, { days, hours }: { days?: number; hours?: number } = {}): SQL {
  const shifted = days === undefined ? day : sql`(${day} + ${days}::int)`;
  const wall =
    hours === undefined
      ? sql`${shifted}::timestamp`
      : sql`(${shifted} + make_interval(hours => ${hours}::int))`;
  return sql`(${wall} at time zone ${FIRM_TIME_ZONE})`;
}

/** The calendar day `days` after (or before, when negative) a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

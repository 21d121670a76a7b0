const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

type CalendarDate = { year: number; month: number; day: number };

/** A 'YYYY-MM-DD' string as its parts, or null when it is not a real calendar date. */
export function parseIsoDate(value: string): CalendarDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Day 0 of the next month is the last day of this one; computed in UTC, so no time zone is involved.
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth) return null;
  return { year, month, day };
}

/**
 * A 'YYYY-MM-DD' date as "January 31, 2027". The string is read as a calendar date, never as an instant, so
 * the day shown is the day stored whatever the visitor's time zone.
 */
export function formatLongDate(value: string): string | null {
  const date = parseIsoDate(value);
  return date ? `${MONTHS[date.month - 1]} ${date.day}, ${date.year}` : null;
}

/** Today's date in the visitor's own time zone, as 'YYYY-MM-DD'. */
export function localIsoDate(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The offer's last day, formatted, while the offer runs (through the whole of its last day); null when there
 * is no end date, it is not a real date, or it has passed.
 */
export function runningOfferEndDate(offerEndDate: string, today: string): string | null {
  const formatted = formatLongDate(offerEndDate);
  if (!formatted) return null;
  return offerEndDate.trim() >= today ? formatted : null;
}

import { FIRM_TIME_ZONE } from '@taxfirm/contract';

const pad = (n: number) => String(n).padStart(2, '0');

/** MM-dd-yyyy, the specification's date display, in the reader's own time zone. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return `${pad(date.getMonth() + 1)}-${pad(date.getDate())}-${date.getFullYear()}`;
}

/** h:mm AM, in the reader's own time zone. */
export function formatTime(iso: string): string {
  return new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
}

/** MM-dd-yyyy h:mm AM. */
export function formatDateTime(iso: string): string {
  return `${formatDate(iso)} ${formatTime(iso)}`;
}

/** A date input's yyyy-mm-dd as the API's day filter, MM-DD-YYYY; blank (or anything else) stays blank. */
export function toDayFilter(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[2]}-${match[3]}-${match[1]}` : '';
}

/** A calendar day without a time (yyyy-mm-dd, a due date) as MM-dd-yyyy, whatever the reader's time zone. */
export function formatDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[2]}-${match[3]}-${match[1]}` : day;
}

const firmDayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: FIRM_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** An instant's day in the firm's calendar (yyyy-mm-dd), as the server counts days. */
export function firmDayOf(instant: string | Date): string {
  const parts = firmDayFormat.formatToParts(typeof instant === 'string' ? new Date(instant) : instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Whole calendar days from one yyyy-mm-dd day to another (negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

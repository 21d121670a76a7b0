import type { RequestProgress } from '@taxfirm/contract';

/**
 * The checklist's one-line state, on the page and the dashboard card: what is still needed, or that the firm
 * is checking what came in, or that everything is in.
 */
export function checklistHeadline(progress: RequestProgress, taxYear: number): string {
  if (progress.open > 0) {
    return `We need ${progress.open} ${progress.open === 1 ? 'thing' : 'things'} for ${taxYear}`;
  }
  if (progress.complete) return 'Everything is in. Thank you.';
  if (progress.to_review > 0) return `We have everything we asked for; we're checking ${progress.to_review}`;
  return `Nothing to send for ${taxYear} yet`;
}

/** "Feb 3" (the reminders log), in the reader's time zone. */
export function shortDay(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
}

/** Tomorrow as yyyy-mm-dd in the reader's time zone: the earliest "I'll send it by" date. */
export function tomorrowDay(now: Date = new Date()): string {
  const next = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${next.getFullYear()}-${pad(next.getMonth() + 1)}-${pad(next.getDate())}`;
}

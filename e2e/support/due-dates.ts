/**
 * The deliverables' rule dates as the console shows them (MM-DD-YYYY): the server tests' hand-written table
 * (apps/server/test/due-rules.ts), so a spec reads them instead of recomputing the rule it checks.
 */
import { dueRulesOf } from '@taxfirm/server/test/due-rules.ts';

const shown = (iso: string) => `${iso.slice(5, 7)}-${iso.slice(8, 10)}-${iso.slice(0, 4)}`;

/** The rule's dates for `taxYear` (a spec fails plainly when the table needs a new year). */
export function ruleDatesOf(taxYear: number) {
  const dates = dueRulesOf(taxYear);
  return { april: shown(dates.april), october: shown(dates.october), july: shown(dates.july) };
}

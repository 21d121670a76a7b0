/**
 * The deliverables' rule dates as the console shows them (MM-DD-YYYY), written out by hand for the tax years
 * the specs may run in (the current one is last calendar year), so a spec reads them instead of recomputing
 * the rule it checks.
 */
type RuleDates = { april: string; october: string; july: string };

export const RULE_DATES: Record<number, RuleDates> = {
  2025: { april: '04-15-2026', october: '10-15-2026', july: '07-31-2026' },
  2026: { april: '04-15-2027', october: '10-15-2027', july: '07-31-2027' },
  // April 15, 2028 is a Saturday and Monday the 17th is Emancipation Day observed; October 15 is a Sunday.
  2027: { april: '04-18-2028', october: '10-16-2028', july: '07-31-2028' },
  // April 15, 2029 is a Sunday and Monday the 16th is Emancipation Day.
  2028: { april: '04-17-2029', october: '10-15-2029', july: '07-31-2029' },
  2029: { april: '04-15-2030', october: '10-15-2030', july: '07-31-2030' },
};

/** The rule's dates for `taxYear` (a spec fails plainly when the table needs a new year). */
export function ruleDatesOf(taxYear: number) {
  const dates = RULE_DATES[taxYear];
  if (!dates) throw new Error(`write the rule's dates for tax year ${taxYear} into e2e/support/due-dates.ts`);
  return dates;
}

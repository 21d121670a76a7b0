/**
 * The deliverables' rule dates (ADR 025) for the tax years the suites may run in, written out by hand from the
 * calendar (the current tax year is last calendar year): April 15 or the next business day after a weekend and
 * Emancipation Day, October 15 likewise, the ITR's July 31 unmoved. A test reads them instead of recomputing
 * the rule it checks.
 */
const DUE_RULES: Record<number, { april: string; october: string; july: string }> = {
  2025: { april: '2026-04-15', october: '2026-10-15', july: '2026-07-31' },
  2026: { april: '2027-04-15', october: '2027-10-15', july: '2027-07-31' },
  // April 15, 2028 is a Saturday and Monday the 17th is Emancipation Day observed; October 15 is a Sunday.
  2027: { april: '2028-04-18', october: '2028-10-16', july: '2028-07-31' },
  // April 15, 2029 is a Sunday and Monday the 16th is Emancipation Day.
  2028: { april: '2029-04-17', october: '2029-10-15', july: '2029-07-31' },
  2029: { april: '2030-04-15', october: '2030-10-15', july: '2030-07-31' },
};

export function dueRulesOf(taxYear: number) {
  const dates = DUE_RULES[taxYear];
  if (!dates) throw new Error(`write the rule's dates for tax year ${taxYear} into test/due-rules.ts`);
  return dates;
}

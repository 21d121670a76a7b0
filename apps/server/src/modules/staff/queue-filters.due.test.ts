/**
 * The queue's due windows (queue-filters.ts, `narrowing`) on both engines, dated by a chosen day: overdue, within
 * 7 days and within 30 days, read from each file's stored next due date (migration 0047). Asha and Ravi each
 * have one open filing; the days are around the tax year's rule dates, so the dates are the rule's (decided by
 * `dueDateOf`), staff's, or a deliverable's.
 */
import { dueDateOf, QUEUE_DUE_WINDOWS, type QueueDueWindow } from '@taxfirm/contract';
import { and, deliverables, eq, filings, inArray } from '@taxfirm/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedFirm, type Firm } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/helpers.ts';
import { addDays } from '../../lib/firm-time.ts';
import { narrowing } from './queue-filters.ts';

const t = useTestApp();
let firm: Firm;
const files: Record<'asha' | 'ravi', string> = { asha: '', ravi: '' };

beforeAll(async () => {
  firm = await seedFirm(t, { tag: 'duewin' });
  for (const who of ['asha', 'ravi'] as const) {
    const [row] = await t.database.db
      .select({ id: filings.id })
      .from(filings)
      .where(and(eq(filings.clientId, firm[who].clientId), eq(filings.taxYear, firm.taxYear)));
    files[who] = row?.id ?? '';
  }
});

/** The narrowest window each file is in on `today`, or none (overdue is apart; within 7 days is within 30 too). */
async function windowsOn(today: string): Promise<Record<'asha' | 'ravi', QueueDueWindow | 'none'>> {
  const found = { asha: [] as QueueDueWindow[], ravi: [] as QueueDueWindow[] };
  for (const due of QUEUE_DUE_WINDOWS) {
    const rows = await t.database.db
      .select({ id: filings.id })
      .from(filings)
      .where(and(inArray(filings.id, Object.values(files)), narrowing({ due }, today)));
    for (const who of ['asha', 'ravi'] as const)
      if (rows.some((r) => r.id === files[who])) found[who].push(due);
  }
  // A file due this week is in both day windows; an overdue file, or one due in 8-30 days, in one only.
  const one = (w: QueueDueWindow[]) => (w.includes('week') ? 'week' : (w[0] ?? 'none'));
  for (const w of Object.values(found)) {
    if (w.includes('week')) expect(w).toEqual(['week', 'month']);
    else expect(w.length).toBeLessThanOrEqual(1);
  }
  return { asha: one(found.asha), ravi: one(found.ravi) };
}

const setFiling = (who: 'asha' | 'ravi', change: Partial<typeof filings.$inferInsert>) =>
  t.database.db.update(filings).set(change).where(eq(filings.id, files[who]));
const setDeliverable = (id: string | undefined, change: Partial<typeof deliverables.$inferInsert>) =>
  t.database.db
    .update(deliverables)
    .set(change)
    .where(eq(deliverables.id, id ?? ''));

describe('due windows', () => {
  it("dates the federal return by its rule, October 15 once extended, or staff's date, each end included", async () => {
    const april = dueDateOf('federal', firm.taxYear) ?? '';
    const october = dueDateOf('federal', firm.taxYear, { extended: true }) ?? '';
    await setFiling('ravi', { extended: true });
    expect(await windowsOn(april)).toEqual({ asha: 'week', ravi: 'none' });
    expect(await windowsOn(addDays(april, -7))).toEqual({ asha: 'week', ravi: 'none' });
    expect(await windowsOn(addDays(april, -8))).toEqual({ asha: 'month', ravi: 'none' });
    expect(await windowsOn(addDays(april, -30))).toEqual({ asha: 'month', ravi: 'none' });
    expect(await windowsOn(addDays(april, -31))).toEqual({ asha: 'none', ravi: 'none' });
    expect(await windowsOn(addDays(april, 1))).toEqual({ asha: 'overdue', ravi: 'none' });
    expect(await windowsOn(addDays(october, -3))).toEqual({ asha: 'overdue', ravi: 'week' });
    expect(await windowsOn(addDays(october, 1))).toEqual({ asha: 'overdue', ravi: 'overdue' });

    // Staff's date wins over the rule's.
    const may = addDays(april, 20);
    await setFiling('ravi', { dueOn: may, dueReason: 'Test' });
    expect(await windowsOn(addDays(may, -3))).toEqual({ asha: 'overdue', ravi: 'week' });
    expect(await windowsOn(addDays(october, -3))).toEqual({ asha: 'overdue', ravi: 'overdue' });

    // Filed, nothing is due any more.
    await setFiling('asha', { status: 'E-Filing Complete' });
    expect(await windowsOn(addDays(october, 1))).toEqual({ asha: 'none', ravi: 'overdue' });
    await setFiling('asha', { status: 'To Be Assigned' });
    await setFiling('ravi', { extended: false, dueOn: null, dueReason: null });
  });

  it('dates a deliverable by its kind or staff, overdue before due this week, and none once filed', async () => {
    await setFiling('asha', { status: 'E-Filing Complete' });
    const july = dueDateOf('itr', firm.taxYear) ?? '';
    const [itr] = await t.database.db
      .insert(deliverables)
      .values({ filingId: files.asha, kind: 'itr' })
      .returning({ id: deliverables.id });
    expect((await windowsOn(addDays(july, -5))).asha).toBe('week');
    // The extended FBAR: October 15, not April 15.
    const [fbar] = await t.database.db
      .insert(deliverables)
      .values({ filingId: files.asha, kind: 'fbar', extended: true })
      .returning({ id: deliverables.id });
    // On the unextended FBAR's day the file's next date is still the ITR's, months away.
    expect((await windowsOn(dueDateOf('fbar', firm.taxYear) ?? '')).asha).toBe('none');

    // An "other" deliverable has no rule: only staff's date gives it one. Dated before the ITR, an overdue
    // thing makes the file overdue, though the ITR is due this week.
    const [other] = await t.database.db
      .insert(deliverables)
      .values({ filingId: files.asha, kind: 'other', label: 'FATCA letter' })
      .returning({ id: deliverables.id });
    expect((await windowsOn(addDays(july, -5))).asha).toBe('week');
    await setDeliverable(other?.id, { dueOn: addDays(july, -10), dueReason: 'Test' });
    expect((await windowsOn(addDays(july, -5))).asha).toBe('overdue');
    expect((await windowsOn(addDays(july, -12))).asha).toBe('week');

    // Staff's date replaces the ITR's rule date, later as well as earlier.
    await setDeliverable(other?.id, { status: 'filed' });
    await setDeliverable(itr?.id, { dueOn: addDays(july, 10), dueReason: 'Audit case' });
    expect((await windowsOn(addDays(july, 5))).asha).toBe('week');
    expect((await windowsOn(addDays(july, 11))).asha).toBe('overdue');
    await setDeliverable(itr?.id, { dueOn: null, dueReason: null });

    // Filed, the letter counts no more: the ITR's date again, then the FBAR's once the ITR is filed too.
    expect((await windowsOn(addDays(july, -5))).asha).toBe('week');
    await setDeliverable(itr?.id, { status: 'accepted' });
    const fbarOctober = dueDateOf('fbar', firm.taxYear, { extended: true }) ?? '';
    expect((await windowsOn(addDays(july, -5))).asha).toBe('none');
    expect((await windowsOn(addDays(fbarOctober, -20))).asha).toBe('month');
    await setDeliverable(fbar?.id, { status: 'filed' });
    expect((await windowsOn(addDays(fbarOctober, 1))).asha).toBe('none');
    await t.database.db.delete(deliverables).where(eq(deliverables.filingId, files.asha));
    await setFiling('asha', { status: 'To Be Assigned' });
  });
});

/**
 * The due windows' SQL (due-sql.ts) on both engines: which files have something still to file due in a
 * window, whether the date is the rule's (decided in JavaScript for the tax year) or one staff gave, and the
 * complement. Asha and Ravi each have one open filing; the windows are around the tax year's rule dates.
 */
import { dueDateOf } from '@taxfirm/contract';
import { and, deliverables, eq, filings, inArray } from '@taxfirm/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedFirm, type Firm } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/helpers.ts';
import { addDays } from '../../lib/firm-time.ts';
import { dueBetweenSql, notDueBetweenSql } from './due-sql.ts';

const t = useTestApp();
let firm: Firm;
const files: Record<'asha' | 'ravi', string> = { asha: '', ravi: '' };

beforeAll(async () => {
  firm = await seedFirm(t, { tag: 'duesql' });
  for (const who of ['asha', 'ravi'] as const) {
    const [row] = await t.database.db
      .select({ id: filings.id })
      .from(filings)
      .where(and(eq(filings.clientId, firm[who].clientId), eq(filings.taxYear, firm.taxYear)));
    files[who] = row?.id ?? '';
  }
});

/** Who has something due in [from, through], and who has nothing due there: the two must split the files. */
async function dueIn(from: string | null, through: string | null) {
  const names = async (where: ReturnType<typeof dueBetweenSql>) => {
    const rows = await t.database.db
      .select({ id: filings.id })
      .from(filings)
      .where(and(inArray(filings.id, Object.values(files)), where));
    return (['asha', 'ravi'] as const).filter((who) => rows.some((r) => r.id === files[who]));
  };
  const due = await names(dueBetweenSql(firm.taxYear, from, through));
  const notDue = await names(notDueBetweenSql(firm.taxYear, from, through));
  expect([...due, ...notDue].sort()).toEqual(['asha', 'ravi']);
  return due;
}

const setFiling = (who: 'asha' | 'ravi', change: Partial<typeof filings.$inferInsert>) =>
  t.database.db.update(filings).set(change).where(eq(filings.id, files[who]));

describe('due windows', () => {
  it("finds the federal return by its rule's date, October 15 once extended, or by the date staff gave", async () => {
    const april = dueDateOf('federal', firm.taxYear) ?? '';
    const october = dueDateOf('federal', firm.taxYear, { extended: true }) ?? '';
    await setFiling('ravi', { extended: true });
    expect(await dueIn(april, april)).toEqual(['asha']);
    expect(await dueIn(october, october)).toEqual(['ravi']);
    expect(await dueIn(null, addDays(april, -1))).toEqual([]);
    expect(await dueIn(null, october)).toEqual(['asha', 'ravi']);

    // Staff's date wins over the rule's, in a window no rule date falls in.
    const may = addDays(april, 20);
    await setFiling('ravi', { dueOn: may, dueReason: 'Test' });
    expect(await dueIn(addDays(may, -3), addDays(may, 3))).toEqual(['ravi']);
    expect(await dueIn(october, october)).toEqual([]);

    // Filed, nothing is due any more.
    await setFiling('asha', { status: 'E-Filing Complete' });
    expect(await dueIn(null, null)).toEqual(['ravi']);
    await setFiling('asha', { status: 'To Be Assigned' });
    await setFiling('ravi', { extended: false, dueOn: null, dueReason: null });
  });

  it("finds a deliverable by its kind's rule or staff's date, until it is filed", async () => {
    await setFiling('asha', { status: 'E-Filing Complete' });
    const july = dueDateOf('itr', firm.taxYear) ?? '';
    const [itr] = await t.database.db
      .insert(deliverables)
      .values({ filingId: files.asha, kind: 'itr' })
      .returning({ id: deliverables.id });
    const [fbar] = await t.database.db
      .insert(deliverables)
      .values({ filingId: files.asha, kind: 'fbar', extended: true })
      .returning({ id: deliverables.id });
    expect(await dueIn(july, july)).toEqual(['asha']);
    // The extended FBAR: October 15, not April 15 (where only Ravi's federal return is due).
    const april = dueDateOf('fbar', firm.taxYear) ?? '';
    expect(await dueIn(april, april)).toEqual(['ravi']);
    expect(await dueIn(dueDateOf('fbar', firm.taxYear, { extended: true }), null)).toEqual(['asha']);

    // An "other" deliverable has no rule: only staff's date puts it in a window.
    const [other] = await t.database.db
      .insert(deliverables)
      .values({ filingId: files.asha, kind: 'other', label: 'FATCA letter' })
      .returning({ id: deliverables.id });
    const quiet = addDays(july, 20);
    expect(await dueIn(quiet, quiet)).toEqual([]);
    await t.database.db
      .update(deliverables)
      .set({ dueOn: quiet, dueReason: 'Test' })
      .where(eq(deliverables.id, other?.id ?? ''));
    expect(await dueIn(quiet, quiet)).toEqual(['asha']);
    // Each end of the window is in it.
    expect(await dueIn(quiet, addDays(quiet, 5))).toEqual(['asha']);
    expect(await dueIn(addDays(quiet, -5), quiet)).toEqual(['asha']);
    expect(await dueIn(addDays(quiet, 1), addDays(quiet, 5))).toEqual([]);

    // Staff's date takes the ITR off its rule's day.
    await t.database.db
      .update(deliverables)
      .set({ dueOn: addDays(july, 10), dueReason: 'Audit case' })
      .where(eq(deliverables.id, itr?.id ?? ''));
    expect(await dueIn(july, july)).toEqual([]);
    expect(await dueIn(addDays(july, 10), addDays(july, 10))).toEqual(['asha']);

    await t.database.db
      .update(deliverables)
      .set({ status: 'filed' })
      .where(inArray(deliverables.id, [itr?.id ?? '', fbar?.id ?? '', other?.id ?? '']));
    expect(await dueIn(null, null)).toEqual(['ravi']);
    await t.database.db.delete(deliverables).where(eq(deliverables.filingId, files.asha));
    await setFiling('asha', { status: 'To Be Assigned' });
  });
});

/**
 * A filing's next due date, kept by the database (`filings.next_due_on`, migration 0047): the rule's rows it
 * reads (`due_rules`) are the contract's `dueDateOf`, and after every kind of write (a deliverable added,
 * changed, removed; the federal return extended, dated, filed) the stored date is the earliest date in force of
 * what is still to file, as the file's deliverables list shows it. Saves and bulk or automation runners
 * that add deliverables to one file at once each lock the filing for update first (on PostgreSQL, a share lock
 * deadlocks them).
 */
import {
  DELIVERABLE_KINDS,
  DELIVERABLE_STATUSES,
  dueDateOf,
  FILE_STATUSES,
  MESSAGES,
  type FileStatus,
} from '@taxfirm/contract';
import { deliverables, dueRules, eq, filings } from '@taxfirm/db';
import { describe, expect, it } from 'vitest';
import { dueRulesOf } from '../../../test/due-rules.ts';
import { admin, analyst, asha, filingOf, t, taxYear, useSeededFirm } from '../../../test/seeded-firm-kit.ts';
import { testStaffActor } from '../../../test/helpers.ts';
import { addDays } from '../../lib/firm-time.ts';
import { performFileAction } from '../bulk/file-actions.ts';
import { keyring } from '../bulk/testing/bulk-kit.ts';
import { createSettingsCache } from '../settings/settings.cache.ts';
import { DONE_FILE_STATUSES } from './due-sql.ts';

useSeededFirm({ tag: 'nextdue', status: 'Docs Upload Pending' });

const save = (body: Record<string, unknown>) =>
  t.postAs(admin.sid, '/api/staff/deliverables/save', { client_id: asha.clientId, ...body });

type Listed = {
  deliverable_id: string | null;
  status: string | null;
  file_status: string;
  due_on: string | null;
};

/** The file's next due date as its deliverables list shows it: the earliest date among what is still to file. */
async function listedNextDue(): Promise<string | null> {
  const res = await t.postAs(analyst.sid, '/api/staff/deliverables/list', { client_id: asha.clientId });
  expect(res.statusCode, res.body).toBe(200);
  const open = (res.json().deliverables as Listed[]).filter((d) =>
    d.deliverable_id === null
      ? !DONE_FILE_STATUSES.includes(d.file_status as FileStatus)
      : !['filed', 'accepted'].includes(d.status ?? ''),
  );
  const dates = open.flatMap((d) => (d.due_on ? [d.due_on] : [])).sort();
  return dates[0] ?? null;
}

async function storedNextDue(): Promise<string | null> {
  const { id } = await filingOf(asha);
  const [row] = await t.database.db
    .select({ nextDue: filings.nextDueOn })
    .from(filings)
    .where(eq(filings.id, id));
  return row?.nextDue ?? null;
}

/** The stored date is `expected`, and the list agrees with it. */
async function expectNextDue(expected: string | null) {
  expect(await storedNextDue()).toBe(expected);
  expect(await listedNextDue()).toBe(expected);
}

/** The test file's deliverables removed (Asha's: the only file that has any). */
const clearDeliverables = async () => {
  const { id } = await filingOf(asha);
  await t.database.db.delete(deliverables).where(eq(deliverables.filingId, id));
};

const setFiling = async (change: Partial<typeof filings.$inferInsert>) => {
  const { id } = await filingOf(asha);
  await t.database.db.update(filings).set(change).where(eq(filings.id, id));
};

describe('due_rules', () => {
  it("holds the contract's rule for every kind with one, every tax year 2000-2100, extended or not", async () => {
    const stored = await t.database.db.select().from(dueRules);
    const expected = DELIVERABLE_KINDS.flatMap((kind) =>
      Array.from({ length: 101 }, (_, i) => 2000 + i).flatMap((year) =>
        [false, true].flatMap((extended) => {
          const dueOn = dueDateOf(kind, year, { extended });
          return dueOn ? [{ kind, taxYear: year, extended, dueOn }] : [];
        }),
      ),
    );
    const key = (r: { kind: string; taxYear: number; extended: boolean }) =>
      `${r.kind}/${r.taxYear}/${r.extended}`;
    const byKey = (a: { kind: string; taxYear: number; extended: boolean }, b: typeof a) =>
      key(a).localeCompare(key(b));
    expect(stored.sort(byKey)).toEqual(expected.sort(byKey));
  });
});

describe('filings.next_due_on', () => {
  it('follows every write of the file and its deliverables', async () => {
    const rule = dueRulesOf(taxYear);
    // A new file: the federal return's rule.
    await expectNextDue(rule.april);

    // An ITR (July 31) is later; an FBAR extended (October) too.
    const itr = (await save({ kind: 'itr' })).json().deliverable_id as string;
    const fbar = (await save({ kind: 'fbar', extended: true })).json().deliverable_id as string;
    await expectNextDue(rule.april);

    // The federal return extended: October 15, so the ITR's July 31 comes first.
    expect((await save({ kind: 'federal', extended: true })).statusCode).toBe(200);
    await expectNextDue(rule.july);

    // Staff's date on the FBAR, before everything else.
    const early = addDays(rule.april, -30);
    await save({ kind: 'fbar', deliverable_id: fbar, due_on: early, due_reason: 'Bank letter' });
    await expectNextDue(early);

    // The FBAR filed: the ITR again; the ITR accepted: the federal return's October date.
    await save({ kind: 'fbar', deliverable_id: fbar, status: 'filed' });
    await expectNextDue(rule.july);
    await save({ kind: 'itr', deliverable_id: itr, status: 'accepted' });
    await expectNextDue(rule.october);

    // The federal return filed with nothing else open: no date. An undated "other" adds none.
    await setFiling({ status: 'E-Filing Complete' });
    await save({ kind: 'other', label: 'Gift letter' });
    await expectNextDue(null);

    // The ITR reopened, then removed; a date staff gave the federal return counts once it is open again.
    await save({ kind: 'itr', deliverable_id: itr, status: 'in_progress' });
    await expectNextDue(rule.july);
    expect(
      (
        await t.postAs(admin.sid, '/api/staff/deliverables/remove', {
          client_id: asha.clientId,
          deliverable_id: itr,
        })
      ).statusCode,
    ).toBe(200);
    await expectNextDue(null);
    await setFiling({ status: 'Preparation Pending', dueOn: addDays(rule.april, 5), dueReason: 'Test' });
    await expectNextDue(addDays(rule.april, 5));

    // A date written straight into the column is replaced by the kept one.
    await setFiling({ nextDueOn: '2001-01-01' });
    expect(await storedNextDue()).toBe(addDays(rule.april, 5));
  });

  it('takes saves of several deliverables of one file at once: each answers, and the date is the earliest', async () => {
    const rule = dueRulesOf(taxYear);
    await setFiling({ status: 'Preparation Pending', dueOn: null, dueReason: null, extended: false });
    const dates = [10, 3, 7, 5, 12, 8].map((days) => addDays(rule.april, -days));
    const answers = await Promise.all(
      dates.map((due_on, i) => save({ kind: 'other', label: `Letter ${i}`, due_on, due_reason: 'Test' })),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(dates.map(() => 200));
    await expectNextDue(addDays(rule.april, -12));
  });
  it("follows every status of the file and of a deliverable, as the file's list shows what is still to file", async () => {
    const rule = dueRulesOf(taxYear);
    await clearDeliverables();
    await setFiling({ status: 'Preparation Pending', dueOn: null, dueReason: null, extended: false });
    const itr = (await save({ kind: 'itr' })).json().deliverable_id as string;
    for (const status of FILE_STATUSES) {
      await setFiling({ status });
      await expectNextDue(DONE_FILE_STATUSES.includes(status) ? rule.july : rule.april);
    }
    await setFiling({ status: 'Cancel Filing' });
    for (const status of DELIVERABLE_STATUSES) {
      await save({ kind: 'itr', deliverable_id: itr, status });
      await expectNextDue(['filed', 'accepted'].includes(status) ? null : rule.july);
    }
  });

  it('takes two bulk or automation runners adding deliverables to one file at once: no deadlock, no double', async () => {
    await clearDeliverables();
    const voice = {
      firm: await (await createSettingsCache(t.database)).firm(),
      appUrl: 'http://localhost:3000',
    };
    const add = (label: string) =>
      t.database.db.transaction((tx) =>
        performFileAction(
          tx,
          { voice, keyring, storage: t.storage },
          testStaffActor(admin.userId),
          { clientId: asha.clientId, taxYear, turn: 0 },
          { kind: 'deliverable', deliverable_kind: 'state', label },
        ),
      );
    const outcomes = await Promise.allSettled([add('NJ'), add('NY'), add('NJ'), add('CA')]);
    // The same state twice: the second runner waits for the first and finds its row (a conflict, not a deadlock).
    const answers = outcomes.map((o) => (o.status === 'fulfilled' ? 'added' : String(o.reason.message)));
    expect(answers.sort()).toEqual(
      ['added', 'added', 'added', MESSAGES.FILE_ACTION_DELIVERABLE_EXISTS].sort(),
    );
    const { id } = await filingOf(asha);
    const rows = await t.database.db
      .select({ label: deliverables.label })
      .from(deliverables)
      .where(eq(deliverables.filingId, id));
    expect(rows.map((r) => r.label).sort()).toEqual(['CA', 'NJ', 'NY']);
  });
});

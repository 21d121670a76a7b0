/**
 * My work counts as the client queue does (ADR 034): each kind, the snoozed items and the list's total up to
 * QUEUE_COUNT_LIMIT, with "more" above it, so that a person with twenty thousand items costs what one with a
 * thousand does. Under the bound every count is exact.
 */
import { QUEUE_COUNT_LIMIT, WORK_KINDS } from '@taxfirm/contract';
import { sql } from '@taxfirm/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { currentTaxYear, makeClientFiles } from '../../../test/factories.ts';
import { staffSession, useTestApp } from '../../../test/helpers.ts';

const t = useTestApp();
/** New files nobody is assigned: each one an unassigned item ("New files to assign"). */
const FILES = QUEUE_COUNT_LIMIT + 50;
/** Of them, snoozed until tomorrow and later. */
const SNOOZED = 4;
let admin: { sid: string };

beforeAll(async () => {
  admin = await staffSession(t, 'work-counts-admin@firm.example', 'admin');
  const taxYear = await currentTaxYear(t);
  await makeClientFiles(t.database.db, {
    count: FILES,
    emailPrefix: 'unassigned.',
    status: 'Preparation Pending',
  });
  // The first list builds the candidates; then a few of them are snoozed, by the call a person makes.
  const first = await t.postAs(admin.sid, '/api/staff/work/list', { who: 'unassigned' });
  expect(first.statusCode, first.body).toBe(200);
  const keys = (first.json() as { items: { key: string }[] }).items.slice(0, SNOOZED).map((item) => item.key);
  const tomorrow = (await t.database.db.execute(sql`select (current_date + 2)::text as day`)) as unknown as {
    rows: { day: string }[];
  };
  for (const key of keys) {
    const res = await t.postAs(admin.sid, '/api/staff/work/snooze', {
      taxy: taxYear,
      key,
      until: tomorrow.rows[0]?.day,
      note: 'Later',
    });
    expect(res.statusCode, res.body).toBe(200);
  }
});

describe('My work counts up to a thousand', () => {
  it('stops a kind, the total and the list at the bound and says more; the rest are exact', async () => {
    const res = await t.postAs(admin.sid, '/api/staff/work/counts', { who: 'unassigned' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as {
      counts: { kind: string; count: number; more: boolean }[];
      total: number;
      total_more: boolean;
      snoozed: number;
      snoozed_more: boolean;
    };
    const of = (kind: string) => body.counts.find((c) => c.kind === kind);
    expect(body.counts.map((c) => c.kind)).toEqual([...WORK_KINDS]);
    expect(of('file_unassigned')).toEqual({ kind: 'file_unassigned', count: QUEUE_COUNT_LIMIT, more: true });
    // Every file's return is also due (an item of its own, depending on the day): bounded, or exact below it.
    const due = of('deliverable_due');
    expect(due?.more ? due.count : Math.min(due?.count ?? 0, QUEUE_COUNT_LIMIT)).toBe(due?.count);
    for (const kind of WORK_KINDS.filter((k) => k !== 'file_unassigned' && k !== 'deliverable_due')) {
      expect(of(kind)).toEqual({ kind, count: 0, more: false });
    }
    expect(body).toMatchObject({
      total: QUEUE_COUNT_LIMIT + (due?.count ?? 0),
      total_more: true,
      snoozed: SNOOZED,
      snoozed_more: false,
    });

    const list = await t.postAs(admin.sid, '/api/staff/work/list', {
      who: 'unassigned',
      kind: 'file_unassigned',
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({ total: QUEUE_COUNT_LIMIT, total_more: true, limit: 100 });
    const snoozed = await t.postAs(admin.sid, '/api/staff/work/list', { who: 'unassigned', snoozed: true });
    expect(snoozed.json()).toMatchObject({ total: SNOOZED, total_more: false });
  });
});

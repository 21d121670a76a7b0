/**
 * An inbox list counts its matches as the client queue does (ADR 034): to the first thousand past its page,
 * then "more", so that a tab's cost does not grow with the firm. A search under the bound is exact.
 */
import { QUEUE_COUNT_LIMIT } from '@taxfirm/contract';
import { sql } from '@taxfirm/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { staffSession, useTestApp } from '../../../test/helpers.ts';

const t = useTestApp();
const MESSAGES = QUEUE_COUNT_LIMIT + 50;
let admin: { sid: string };

beforeAll(async () => {
  admin = await staffSession(t, 'inbox-counts-admin@firm.example', 'admin');
  // 1,050 contact messages; 7 of them from someone named Kavya.
  await t.database.db.execute(sql`
    insert into contact_messages (name, email, phone, phone_ext, message)
    select case when g <= 7 then 'Kavya ' || g else 'Visitor ' || g end, 'visitor' || g || '@example.com',
      '4695550100', 'US', 'Hello'
    from generate_series(1, ${MESSAGES}) g`);
});

type Page = { recordsTotal: number; recordsFiltered: number; more: boolean; data: unknown[] };
const list = async (start: number, search?: string) => {
  const res = await t.postAs(admin.sid, '/api/staff/inbox/contact/list', {
    dataTablesParameters: { draw: 1, start, length: 25, ...(search ? { search: { value: search } } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  const { recordsTotal, recordsFiltered, more, data } = res.json() as Page;
  return { recordsTotal, recordsFiltered, more, rows: data.length };
};

describe('an inbox list counts up to a thousand', () => {
  it('stops at the bound and says more, counts on past it from its last page, and counts a search exactly', async () => {
    const bound = QUEUE_COUNT_LIMIT;
    expect(await list(0)).toEqual({ recordsTotal: bound, recordsFiltered: bound, more: true, rows: 25 });
    // Page 40 ends at the bound: it counts on to the next thousand, which holds them all.
    expect(await list(bound - 25)).toEqual({
      recordsTotal: MESSAGES,
      recordsFiltered: MESSAGES,
      more: false,
      rows: 25,
    });
    expect(await list(0, 'kavya')).toEqual({ recordsTotal: bound, recordsFiltered: 7, more: false, rows: 7 });
  });
});

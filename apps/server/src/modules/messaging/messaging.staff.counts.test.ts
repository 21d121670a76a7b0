/**
 * The messages inbox counts as the client queue does (ADR 034): its list to the first thousand past the page,
 * the console's unread badge to a thousand, each with "more" above its bound; an analyst's counts only among
 * the threads of their own files.
 */
import { QUEUE_COUNT_LIMIT, type StaffInbox } from '@taxfirm/contract';
import { sql } from '@taxfirm/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { currentTaxYear, makeClientFiles } from '../../../test/factories.ts';
import { staffSession, useTestApp } from '../../../test/helpers.ts';

const t = useTestApp();
const THREADS = QUEUE_COUNT_LIMIT + 50;
/** The first this many threads have unread client messages. */
const UNREAD = QUEUE_COUNT_LIMIT + 10;
let admin: { sid: string };
let analyst: { sid: string; userId: string };

beforeAll(async () => {
  admin = await staffSession(t, 'inbox-counts-admin@firm.example', 'admin');
  analyst = await staffSession(t, 'inbox-counts-analyst@firm.example', 'analyst');
  const taxYear = await currentTaxYear(t);
  const db = t.database.db;
  await makeClientFiles(db, { count: THREADS, emailPrefix: 'thread.', status: 'Preparation Pending' });
  await db.execute(sql`
    insert into message_threads (client_id, unread_count, last_message_at)
    select id, case when row_number() over (order by id) <= ${UNREAD} then 1 else 0 end,
      now() - (row_number() over (order by id)) * interval '1 minute'
    from clients`);
  // Three of the files are the analyst's, two of them with unread messages.
  await db.execute(sql`update filings set assigned_to = ${analyst.userId} where tax_year = ${taxYear}
    and client_id in ((select client_id from message_threads where unread_count > 0 order by client_id limit 2)
      union all (select client_id from message_threads where unread_count = 0 order by client_id limit 1))`);
});

const inbox = async (sid: string, body: Record<string, unknown> = {}) => {
  const res = await t.postAs(sid, '/api/staff/messages/inbox', body);
  expect(res.statusCode, res.body).toBe(200);
  const box = res.json() as StaffInbox;
  return {
    total: box.total,
    total_more: box.total_more,
    unread_threads: box.unread_threads,
    unread_more: box.unread_more,
    shown: box.threads.length,
  };
};

describe('the messages inbox counts up to a thousand', () => {
  it('stops the list and the badge at the bound and says more; page 40 counts on to every thread', async () => {
    const bound = QUEUE_COUNT_LIMIT;
    const badge = { unread_threads: bound, unread_more: true };
    expect(await inbox(admin.sid)).toEqual({ total: bound, total_more: true, ...badge, shown: 25 });
    expect(await inbox(admin.sid, { page: bound / 25 })).toEqual({
      total: THREADS,
      total_more: false,
      ...badge,
      shown: 25,
    });
    // Unread only: 1,010, so the list's count stops too.
    expect(await inbox(admin.sid, { unread_only: true })).toEqual({
      total: bound,
      total_more: true,
      ...badge,
      shown: 25,
    });
  });

  it('counts an analyst’s threads exactly, among their own files only', async () => {
    expect(await inbox(analyst.sid)).toEqual({
      total: 3,
      total_more: false,
      unread_threads: 2,
      unread_more: false,
      shown: 3,
    });
  });
});

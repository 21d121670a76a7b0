/**
 * Saved views (issue 36): a queue's filters under a name, one's own or shared by an admin, each listed with how
 * many files it holds now for its reader.
 */
import { MESSAGES, SAVED_VIEWS_MAX } from '@taxfirm/contract';
import { auditLog, eq, savedViews } from '@taxfirm/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { assignFiling, seedFirm, type Firm } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/helpers.ts';

const t = useTestApp();
let firm: Firm;

beforeAll(async () => {
  firm = await seedFirm(t, { tag: 'views' });
  await assignFiling(t, firm.asha, firm.analyst, 'Review Pending');
  await assignFiling(t, firm.ravi, firm.otherAnalyst, 'Review Pending');
});

const save = (sid: string, body: Record<string, unknown>) => t.postAs(sid, '/api/staff/views/save', body);
const list = async (sid: string) =>
  (await t.postAs(sid, '/api/staff/views/list', {})).json().views as {
    view_id: string;
    name: string;
    shared: boolean;
    editable: boolean;
    count: number;
    query: Record<string, unknown>;
  }[];

describe('staff/views', () => {
  it('an analyst saves a private view, listed with its count of their own files; nobody else sees it', async () => {
    const res = await save(firm.analyst.sid, {
      name: 'My reviews',
      query: {
        status: 'Review Pending',
        sort: { column: 'name', dir: 'asc' },
        columns: ['name', 'status', 'next_due'],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().status_smessage).toBe(MESSAGES.VIEW_SAVED);
    const mine = await list(firm.analyst.sid);
    expect(mine).toEqual([
      {
        view_id: res.json().view_id,
        name: 'My reviews',
        shared: false,
        editable: true,
        // Two files are in Review Pending; the analyst may work one of them.
        count: 1,
        more: false,
        query: {
          status: 'Review Pending',
          sort: { column: 'name', dir: 'asc' },
          columns: ['name', 'status', 'next_due'],
        },
      },
    ]);
    expect(await list(firm.otherAnalyst.sid)).toEqual([]);
    expect((await list(firm.admin.sid)).map((v) => v.name)).not.toContain('My reviews');
    // Another's view cannot be changed or removed: it is not found for them.
    const theirs = await t.postAs(firm.otherAnalyst.sid, '/api/staff/views/remove', {
      view_id: res.json().view_id,
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().status_smessage).toBe(MESSAGES.VIEW_NOT_FOUND);
  });

  it('an admin shares a view with the firm: each reader sees it with their own count; only admins change it', async () => {
    const res = await save(firm.admin.sid, {
      name: 'Reviews',
      shared: true,
      query: { status: 'Review Pending' },
    });
    expect(res.statusCode).toBe(200);
    const forAdmin = (await list(firm.admin.sid)).find((v) => v.name === 'Reviews');
    const forAnalyst = (await list(firm.analyst.sid)).find((v) => v.name === 'Reviews');
    expect(forAdmin).toMatchObject({ shared: true, editable: true, count: 2 });
    expect(forAnalyst).toMatchObject({ shared: true, editable: false, count: 1 });

    const change = await save(firm.analyst.sid, {
      view_id: res.json().view_id,
      name: 'Mine now',
      query: {},
    });
    expect(change.statusCode).toBe(403);
    expect(change.json().status_smessage).toBe(MESSAGES.VIEW_SHARE_ADMIN_ONLY);
    const remove = await t.postAs(firm.analyst.sid, '/api/staff/views/remove', {
      view_id: res.json().view_id,
    });
    expect(remove.statusCode).toBe(403);
    const [row] = await t.database.db.select().from(savedViews).where(eq(savedViews.id, res.json().view_id));
    expect(row?.name).toBe('Reviews');

    const removed = await t.postAs(firm.admin.sid, '/api/staff/views/remove', {
      view_id: res.json().view_id,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().status_smessage).toBe(MESSAGES.VIEW_REMOVED);
    expect((await list(firm.analyst.sid)).map((v) => v.name)).not.toContain('Reviews');
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'staff.views.remove'));
    expect(audits.map((a) => a.subject)).toContain(res.json().view_id);
  });

  it('refuses what an analyst may not save, a name taken, and bad input, storing nothing', async () => {
    const before = await t.database.db.select().from(savedViews);
    const cases: [string, Record<string, unknown>, number, string][] = [
      [firm.analyst.sid, { name: 'Shared', shared: true, query: {} }, 403, MESSAGES.VIEW_SHARE_ADMIN_ONLY],
      [
        firm.analyst.sid,
        { name: 'Theirs', query: { owner: firm.otherAnalyst.userId } },
        403,
        MESSAGES.QUEUE_OWNER_ADMIN_ONLY,
      ],
      [firm.analyst.sid, { name: '', query: {} }, 400, MESSAGES.VIEW_NAME_REQUIRED],
      [firm.analyst.sid, { name: 'x'.repeat(61), query: {} }, 400, 'Must be at most 60 characters'],
      [firm.analyst.sid, { name: 'Bad', query: { due: 'yesterday' } }, 400, MESSAGES.QUEUE_DUE_INVALID],
      [firm.analyst.sid, { name: 'Cols', query: { columns: ['ssn'] } }, 400, MESSAGES.VIEW_COLUMNS_INVALID],
      [firm.analyst.sid, { name: 'None', query: { columns: [] } }, 400, MESSAGES.VIEW_COLUMNS_INVALID],
      [firm.analyst.sid, { name: 'my REVIEWS', query: {} }, 409, MESSAGES.VIEW_NAME_TAKEN],
    ];
    for (const [sid, body, code, message] of cases) {
      const res = await save(sid, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(code);
      expect(res.json().status_smessage).toBe(message);
    }
    expect(await t.database.db.select().from(savedViews)).toHaveLength(before.length);
    expect((await t.postAs(firm.asha.sid, '/api/staff/views/list', {})).statusCode).toBe(403);
  });

  it('keeps at most 30 views a person: the next is refused with the message', async () => {
    const mine = async () => (await list(firm.otherAnalyst.sid)).filter((v) => !v.shared).length;
    for (let i = await mine(); i < SAVED_VIEWS_MAX; i += 1) {
      expect((await save(firm.otherAnalyst.sid, { name: `View ${i}`, query: {} })).statusCode).toBe(200);
    }
    const over = await save(firm.otherAnalyst.sid, { name: 'One too many', query: {} });
    expect(over.statusCode).toBe(409);
    expect(over.json().status_smessage).toBe(MESSAGES.VIEW_LIMIT);
    expect(await mine()).toBe(SAVED_VIEWS_MAX);
  });
});

/**
 * The staff console's queues and client list (staff/clients/queues, staff/clients/list): counts by status, an
 * analyst's own files and triage only, search, sort, paging, audit. A client's file is in client-file.staff.test.ts,
 * the client page's notes, contact details, payments and referrals in client-page.staff.test.ts.
 */
import { MESSAGES } from '@taxfirm/contract';
import { and, auditLog, deliverables, eq, filings, requestItems } from '@taxfirm/db';
import { dueRulesOf } from '../../../test/due-rules.ts';
import { addDays, firmToday } from '../../lib/firm-time.ts';
import { sendAsClient, sendAsStaff } from '../messaging/testing/message-forms.ts';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers.ts';
import { admin, analyst, otherAnalyst, taxYear, useQueues } from './testing/queues-kit.ts';

const t = useTestApp();
const { made } = useQueues(t);

const countsOf = (body: { counts: { status: string; count: number }[] }) =>
  Object.fromEntries(body.counts.filter((c) => c.count > 0).map((c) => [c.status, c.count]));

describe('staff/clients/queues', () => {
  it('counts every filing of the tax year for an admin, by status, with the total', async () => {
    const res = await t.postAs(admin.sid, '/api/staff/clients/queues', {});
    expect(res.statusCode).toBe(200);
    expect(res.json().tax_year).toBe(taxYear);
    expect(res.json().counts).toHaveLength(17);
    expect(countsOf(res.json())).toEqual({
      'To Be Assigned': 2,
      'Docs Upload Pending': 2,
      'Payment Pending': 1,
    });
    expect(res.json().total).toBe(5);
  });

  it("counts an analyst's own filings and To Be Assigned only", async () => {
    const res = await t.postAs(analyst.sid, '/api/staff/clients/queues', {});
    expect(countsOf(res.json())).toEqual({
      'To Be Assigned': 2,
      'Docs Upload Pending': 1,
      'Payment Pending': 1,
    });
    expect(res.json().total).toBe(4);
  });

  it('counts another tax year on its own (none here)', async () => {
    const res = await t.postAs(admin.sid, '/api/staff/clients/queues', { taxy: taxYear - 1 });
    expect(res.json()).toMatchObject({ tax_year: taxYear - 1, total: 0 });
  });

  it("counts among the files the queue's other filters keep, with the list's refusals", async () => {
    const counted = async (sid: string, body: Record<string, unknown>) => {
      const res = await t.postAs(sid, '/api/staff/clients/queues', body);
      expect(res.statusCode, res.body).toBe(200);
      return { ...countsOf(res.json()), total: res.json().total };
    };
    // Docs Upload Pending and Payment Pending wait on the client.
    expect(await counted(admin.sid, { waiting: 'client' })).toEqual({
      'Docs Upload Pending': 2,
      'Payment Pending': 1,
      total: 3,
    });
    expect(await counted(admin.sid, { owner: 'unassigned' })).toEqual({ 'To Be Assigned': 2, total: 2 });
    // Nothing is due this week, and nobody's file has waited a day.
    expect(await counted(admin.sid, { due: 'week' })).toEqual({ total: 0 });
    expect(await counted(admin.sid, { unattended_days: 1 })).toEqual({ total: 0 });
    expect(await counted(analyst.sid, { waiting: 'client' })).toEqual({
      'Docs Upload Pending': 1,
      'Payment Pending': 1,
      total: 2,
    });
    const refused = await t.postAs(analyst.sid, '/api/staff/clients/queues', { owner: otherAnalyst.userId });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().status_smessage).toBe(MESSAGES.QUEUE_OWNER_ADMIN_ONLY);
    const bad = await t.postAs(admin.sid, '/api/staff/clients/queues', { due: 'someday' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().status_smessage).toBe(MESSAGES.QUEUE_DUE_INVALID);
  });
});

describe('staff/clients/list', () => {
  const list = (sid: string, body: Record<string, unknown>) => t.postAs(sid, '/api/staff/clients/list', body);

  it('lists a queue with file number, name, e-mail, phone in its format, status and analyst', async () => {
    const res = await list(admin.sid, {
      status: 'Docs Upload Pending',
      sort: { column: 'name', dir: 'asc' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ draw: 1, recordsTotal: 2, recordsFiltered: 2 });
    expect(res.json().data).toEqual([
      {
        client_id: made['mine1']?.clientId,
        file_number: 'TF-2026-0007',
        name: 'Chetan Iyer',
        email: 'mine1@example.com',
        phone: '+1 (469)-555-0100',
        status: 'Docs Upload Pending',
        assigned_to: 'Ravi Shah',
        referred_by: null,
        documents: { accepted: 0, required: 0, complete: false },
        organizer: 'not_started',
        offshore_state: 'unanswered',
        status_since: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        // No deliverable but the federal return, on the rule's date.
        next_due: dueRulesOf(taxYear).april,
        last_client_activity: null,
      },
      expect.objectContaining({ name: 'Esha Kapoor', file_number: 'TF-2026-0009' }),
    ]);
  });

  it('searches by name, e-mail or file number, sorts, and pages on the server', async () => {
    const byNumber = await list(admin.sid, { dataTablesParameters: { search: { value: '0003' } } });
    expect(byNumber.json()).toMatchObject({ recordsTotal: 5, recordsFiltered: 1 });
    expect(byNumber.json().data[0].name).toBe('Divya Menon');
    const byMail = await list(admin.sid, { dataTablesParameters: { search: { value: 'NEW2@' } } });
    expect(byMail.json().data.map((r: { name: string }) => r.name)).toEqual(['Bina Das']);
    const wildcard = await list(admin.sid, { dataTablesParameters: { search: { value: '%' } } });
    expect(wildcard.json().recordsFiltered).toBe(0);

    const sorted = await list(admin.sid, { sort: { column: 'file_number', dir: 'asc' } });
    const numbers = sorted.json().data.map((r: { file_number: string | null }) => r.file_number);
    expect(numbers.slice(0, 3)).toEqual(['TF-2026-0003', 'TF-2026-0007', 'TF-2026-0009']);
    // The login e-mail's order (the page's ids are found with the owner joined for this sort only): a page in
    // the middle holds the e-mails that come third and fourth.
    const emailsOf = (res: Awaited<ReturnType<typeof list>>) =>
      res.json().data.map((r: { email: string }) => r.email) as string[];
    const allEmails = emailsOf(await list(admin.sid, { sort: { column: 'email', dir: 'desc' } }));
    expect(allEmails).toHaveLength(5);
    const byEmail = await list(admin.sid, {
      sort: { column: 'email', dir: 'desc' },
      dataTablesParameters: { draw: 5, start: 2, length: 2 },
    });
    expect(emailsOf(byEmail)).toEqual([...allEmails].sort().reverse().slice(2, 4));
    const page2 = await list(admin.sid, {
      sort: { column: 'name', dir: 'asc' },
      dataTablesParameters: { draw: 4, start: 2, length: 2 },
    });
    expect(page2.json()).toMatchObject({ draw: 4, recordsTotal: 5, recordsFiltered: 5 });
    expect(page2.json().data.map((r: { name: string }) => r.name)).toEqual(['Chetan Iyer', 'Divya Menon']);
  });

  it("never shows an analyst another analyst's client, however asked", async () => {
    const all = await list(analyst.sid, {});
    const names = all
      .json()
      .data.map((r: { name: string }) => r.name)
      .sort();
    expect(names).toEqual(['Asha Rao', 'Bina Das', 'Chetan Iyer', 'Divya Menon']);
    const searched = await list(analyst.sid, { dataTablesParameters: { search: { value: 'Kapoor' } } });
    expect(searched.json()).toMatchObject({ recordsFiltered: 0, data: [] });
    const queue = await list(analyst.sid, { status: 'Docs Upload Pending' });
    expect(queue.json().data.map((r: { name: string }) => r.name)).toEqual(['Chetan Iyer']);
  });

  it('writes each listing to the audit log: who, which queue, from where', async () => {
    await list(otherAnalyst.sid, { status: 'Payment Pending' });
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, otherAnalyst.userId), eq(auditLog.action, 'staff.clients.list')));
    expect(rows.at(-1)).toMatchObject({ subject: `${taxYear}/Payment Pending`, ip: '127.0.0.1' });
  });

  it('shows each row\'s "documents complete": required items accepted, of those not removed or not applying', async () => {
    const db = t.database.db;
    const itemsFor = async (key: string, items: Partial<typeof requestItems.$inferInsert>[]) => {
      const clientId = made[key]?.clientId ?? '';
      const [filing] = await db.select().from(filings).where(eq(filings.clientId, clientId));
      await db.insert(requestItems).values(
        items.map((item, position) => ({
          filingId: filing?.id ?? '',
          clientId,
          position,
          type: 'w2' as const,
          title: `Item ${position}`,
          source: 'staff' as const,
          ...item,
        })),
      );
    };
    await itemsFor('mine1', [
      { status: 'accepted' },
      { status: 'accepted' },
      { status: 'uploaded' },
      { status: 'not_applicable' },
      { status: 'requested', removedAt: new Date() },
      { status: 'requested', required: false },
    ]);
    await itemsFor('mine2', [{ status: 'accepted' }, { status: 'accepted' }, { status: 'not_applicable' }]);
    await itemsFor('theirs', [{ status: 'not_applicable' }]);

    const res = await list(admin.sid, { sort: { column: 'name', dir: 'asc' } });
    const byName = Object.fromEntries(
      res.json().data.map((r: { name: string; documents: unknown }) => [r.name, r.documents]),
    );
    expect(byName).toEqual({
      'Asha Rao': { accepted: 0, required: 0, complete: false },
      'Bina Das': { accepted: 0, required: 0, complete: false },
      'Chetan Iyer': { accepted: 2, required: 3, complete: false },
      'Divya Menon': { accepted: 2, required: 2, complete: true },
      'Esha Kapoor': { accepted: 0, required: 0, complete: false },
    });
  });

  it('refuses bad input with a 400', async () => {
    for (const body of [
      { status: 'Bogus' },
      { taxy: 'abc' },
      { sort: { column: 'password_hash' } },
      { dataTablesParameters: { length: 10_000 } },
      { dataTablesParameters: { search: { value: 'a\u0000' } } },
    ]) {
      const res = await list(admin.sid, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('is refused to a client session (403) and without a session (401)', async () => {
    const asClient = await list(made['new1']?.sid ?? '', {});
    expect(asClient.statusCode).toBe(403);
    expect((await t.postAs(made['new1']?.sid ?? '', '/api/staff/clients/queues', {})).statusCode).toBe(403);
    expect((await t.post('/api/staff/clients/list', {})).statusCode).toBe(401);
  });
});

describe('staff/clients/list: the workbench filters and columns (issue 35)', () => {
  const list = (sid: string, body: Record<string, unknown>) => t.postAs(sid, '/api/staff/clients/list', body);
  const namesOf = async (sid: string, body: Record<string, unknown>) => {
    const res = await list(sid, { sort: { column: 'name', dir: 'asc' }, ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.map((r: { name: string }) => r.name) as string[];
  };
  const filingOf = async (key: string) => {
    const [row] = await t.database.db
      .select()
      .from(filings)
      .where(eq(filings.clientId, made[key]?.clientId ?? ''));
    if (!row) throw new Error('no filing');
    return row;
  };
  const setFiling = async (key: string, values: Partial<typeof filings.$inferInsert>) =>
    t.database.db
      .update(filings)
      .set(values)
      .where(eq(filings.id, (await filingOf(key)).id));

  it("filters by owner for admins (a staff member's files, or nobody's) and refuses it to analysts", async () => {
    expect(await namesOf(admin.sid, { owner: analyst.userId })).toEqual(['Chetan Iyer', 'Divya Menon']);
    expect(await namesOf(admin.sid, { owner: 'unassigned' })).toEqual(['Asha Rao', 'Bina Das']);
    const refused = await list(analyst.sid, { owner: otherAnalyst.userId });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().status_smessage).toBe(MESSAGES.QUEUE_OWNER_ADMIN_ONLY);
    const bad = await list(admin.sid, { owner: 'somebody' });
    expect(bad.statusCode).toBe(400);
  });

  it('filters by whom the file waits on: the client, or the firm', async () => {
    // Docs Upload Pending and Payment Pending wait on the client; To Be Assigned waits on nobody yet.
    expect(await namesOf(admin.sid, { waiting: 'client' })).toEqual([
      'Chetan Iyer',
      'Divya Menon',
      'Esha Kapoor',
    ]);
    expect(await namesOf(admin.sid, { waiting: 'us' })).toEqual([]);
    await setFiling('mine1', { status: 'Review Pending' });
    expect(await namesOf(admin.sid, { waiting: 'us' })).toEqual(['Chetan Iyer']);
    expect(await namesOf(analyst.sid, { waiting: 'client' })).toEqual(['Divya Menon']);
    await setFiling('mine1', { status: 'Docs Upload Pending' });
  });

  it('filters by deliverable kind and due window, and shows and sorts by the next due date', async () => {
    const today = firmToday();
    await setFiling('mine1', { dueOn: addDays(today, 20), dueReason: 'Test' });
    await setFiling('mine2', { dueOn: addDays(today, 3), dueReason: 'Test' });
    await setFiling('theirs', { dueOn: addDays(today, 60), dueReason: 'Test' });
    const theirs = await filingOf('theirs');
    // Esha's ITR, due yesterday: her next due date, and the only overdue file of the three.
    const [itr] = await t.database.db
      .insert(deliverables)
      .values({ filingId: theirs.id, kind: 'itr', dueOn: addDays(today, -1), dueReason: 'Test' })
      .returning();
    const rows = (await list(admin.sid, { sort: { column: 'next_due', dir: 'asc' } })).json().data as {
      name: string;
      next_due: string | null;
    }[];
    expect(rows.filter((r) => ['Chetan Iyer', 'Divya Menon', 'Esha Kapoor'].includes(r.name))).toEqual([
      expect.objectContaining({ name: 'Esha Kapoor', next_due: addDays(today, -1) }),
      expect.objectContaining({ name: 'Divya Menon', next_due: addDays(today, 3) }),
      expect.objectContaining({ name: 'Chetan Iyer', next_due: addDays(today, 20) }),
    ]);
    expect(await namesOf(admin.sid, { deliverable_kind: 'itr' })).toEqual(['Esha Kapoor']);
    expect(await namesOf(admin.sid, { due: 'week', owner: analyst.userId })).toEqual(['Divya Menon']);
    expect(await namesOf(admin.sid, { due: 'month', owner: analyst.userId })).toEqual([
      'Chetan Iyer',
      'Divya Menon',
    ]);
    expect(await namesOf(admin.sid, { due: 'overdue', status: 'Docs Upload Pending' })).toEqual([
      'Esha Kapoor',
    ]);
    // Overdue and due this week too: an overdue file is in "Overdue", not in "Due within 7 days".
    await setFiling('theirs', { dueOn: addDays(today, 2) });
    expect(await namesOf(admin.sid, { due: 'week' })).toEqual(['Divya Menon']);
    await setFiling('theirs', { dueOn: addDays(today, 60) });

    // Filed, the ITR no longer counts: her next due date is the federal return's again.
    await t.database.db
      .update(deliverables)
      .set({ status: 'filed' })
      .where(eq(deliverables.id, itr?.id ?? ''));
    expect(await namesOf(admin.sid, { deliverable_kind: 'itr' })).toEqual([]);
    expect(await namesOf(admin.sid, { due: 'overdue', status: 'Docs Upload Pending' })).toEqual([]);
    await t.database.db.delete(deliverables).where(eq(deliverables.id, itr?.id ?? ''));
    for (const key of ['mine1', 'mine2', 'theirs']) await setFiling(key, { dueOn: null, dueReason: null });
  });

  it('lists unattended files (no status change or message to the client for N days), with days in status', async () => {
    await setFiling('mine1', { statusSince: new Date(Date.now() - 10 * 86_400_000) });
    await setFiling('mine2', { statusSince: new Date(Date.now() - 3 * 86_400_000) });
    const unattended = { owner: analyst.userId, unattended_days: 7 };
    expect(await namesOf(admin.sid, unattended)).toEqual(['Chetan Iyer']);
    const sorted = await list(admin.sid, {
      owner: analyst.userId,
      sort: { column: 'status_since', dir: 'asc' },
    });
    expect(sorted.json().data.map((r: { name: string }) => r.name)).toEqual(['Chetan Iyer', 'Divya Menon']);

    // A client's message is no staff action; the analyst's answer is.
    const chetan = { sid: made['mine1']?.sid ?? '', clientId: made['mine1']?.clientId ?? '', userId: '' };
    expect((await sendAsClient(t, chetan, { body: 'Any news?' })).statusCode).toBe(200);
    expect(await namesOf(admin.sid, unattended)).toEqual(['Chetan Iyer']);
    // Nor is an internal note, or a message about another tax year.
    const note = await sendAsStaff(t, analyst, {
      client_id: chetan.clientId,
      body: 'Called, no answer.',
      internal: 'true',
    });
    expect(note.statusCode, note.body).toBe(200);
    const [lastYear] = await t.database.db
      .insert(filings)
      .values({
        clientId: chetan.clientId,
        taxYear: taxYear - 1,
        status: 'E-Filing Complete',
        assignedTo: analyst.userId,
      })
      .returning({ id: filings.id });
    const otherYear = await sendAsStaff(t, analyst, {
      client_id: chetan.clientId,
      body: 'About last year: all done.',
      taxy: String(taxYear - 1),
    });
    expect(otherYear.statusCode, otherYear.body).toBe(200);
    expect(await namesOf(admin.sid, unattended)).toEqual(['Chetan Iyer']);
    await t.database.db.delete(filings).where(eq(filings.id, lastYear?.id ?? ''));
    const withActivity = await list(admin.sid, {
      owner: analyst.userId,
      sort: { column: 'name', dir: 'asc' },
    });
    expect(withActivity.json().data[0].last_client_activity).toEqual(expect.stringMatching(/^\d{4}-/));
    const answer = await sendAsStaff(t, analyst, { client_id: chetan.clientId, body: 'Working on it.' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await namesOf(admin.sid, unattended)).toEqual([]);

    // The firm's work on the checklist is attention too: Divya's file, 3 days in its status (one that takes
    // documents), gets an item.
    const twoDays = { owner: analyst.userId, unattended_days: 2 };
    await setFiling('mine2', { status: 'Docs Upload Pending' });
    expect(await namesOf(admin.sid, twoDays)).toEqual(['Divya Menon']);
    const added = await t.postAs(analyst.sid, '/api/staff/requests/items/add', {
      client_id: made['mine2']?.clientId,
      item: { type: 'w2', title: 'W-2 from Acme', required: true },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(await namesOf(admin.sid, twoDays)).toEqual([]);
    await setFiling('mine2', { status: 'Payment Pending' });

    const bad = await list(admin.sid, { unattended_days: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().status_smessage).toBe(MESSAGES.QUEUE_UNATTENDED_INVALID);
  });

  it.each([
    ['due', 'someday', MESSAGES.QUEUE_DUE_INVALID],
    ['waiting', 'everyone', MESSAGES.QUEUE_WAITING_INVALID],
    ['deliverable_kind', 'coffee', MESSAGES.DELIVERABLE_KIND_INVALID],
    ['owner', 'somebody', MESSAGES.ANALYST_INVALID],
    ['unattended_days', 'a while', MESSAGES.QUEUE_UNATTENDED_INVALID],
  ])('refuses %s = %j with its message (400), listing nothing', async (field, value, message) => {
    const res = await list(admin.sid, { [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json().status_smessage).toBe(message);
    expect(res.json().data).toBeUndefined();
  });
});

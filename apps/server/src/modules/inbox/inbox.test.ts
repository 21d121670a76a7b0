import { and, contactMessages, eq } from '@taxfirm/db';
import { describe, expect, it } from 'vitest';
import {
  admin,
  analyst,
  auditsOf,
  client,
  ids,
  names,
  resumePdf,
  t,
  useInboxApp,
} from './testing/inbox-kit.ts';

useInboxApp();

describe('staff/inbox/contact/list', () => {
  const list = (body: Record<string, unknown>, sid = admin.sid) =>
    t.postAs(sid, '/api/staff/inbox/contact/list', body);

  it('lists the newest first, a page at a time, with the totals', async () => {
    const first = await list({ dataTablesParameters: { draw: 3, start: 0, length: 2 } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ draw: 3, recordsTotal: 7, recordsFiltered: 7 });
    expect(names(first)).toEqual(['@SUM(A1)', '-2']);
    const last = await list({ dataTablesParameters: { start: 5, length: 2 } });
    expect(names(last)).toEqual(['Bina Das', 'Asha Rao']);
    expect(last.json().data[1]).toEqual({
      message_id: ids['asha'],
      name: 'Asha Rao',
      email: 'asha@example.com',
      phone: '+1 (469)-555-0100',
      message: 'Please call me back.',
      status: 'new',
      received_at: '2026-01-01T10:00:00.000Z',
    });
  });

  it('filters by status, searches name, e-mail and message, and sorts', async () => {
    const fresh = await list({ status: 'new', sort: { column: 'name', dir: 'asc' } });
    expect(fresh.json()).toMatchObject({ recordsTotal: 2, recordsFiltered: 2 });
    expect(names(fresh)).toEqual(['Asha Rao', 'Chetan, Iyer']);
    const byMail = await list({ dataTablesParameters: { search: { value: 'BINA@' } } });
    expect(byMail.json()).toMatchObject({ recordsTotal: 7, recordsFiltered: 1 });
    expect(names(byMail)).toEqual(['Bina Das']);
    const byMessage = await list({
      status: 'new',
      dataTablesParameters: { search: { value: 'line "two"' } },
    });
    expect(names(byMessage)).toEqual(['Chetan, Iyer']);
    // A wildcard in the search is taken literally.
    expect((await list({ dataTablesParameters: { search: { value: '%' } } })).json().recordsFiltered).toBe(0);
    const byName = await list({ sort: { column: 'name', dir: 'desc' }, dataTablesParameters: { length: 1 } });
    expect(names(byName)).toEqual(['Chetan, Iyer']);
  });

  it('is open to an analyst too, and refuses an unknown status filter with 400', async () => {
    expect((await list({}, analyst.sid)).json().recordsTotal).toBe(7);
    const bad = await list({ status: 'spam' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.status).toBe('Choose new, follow up, registered or no response.');
  });
});

describe('staff/inbox/contact/status', () => {
  const change = (body: Record<string, unknown>, sid = admin.sid) =>
    t.postAs(sid, '/api/staff/inbox/contact/status', body);
  const statusOf = async (key: string) =>
    (
      await t.database.db
        .select()
        .from(contactMessages)
        .where(eq(contactMessages.id, ids[key] ?? ''))
    )[0]?.status;

  it("changes a message's status, audited with the message's id", async () => {
    const res = await change({ message_id: ids['bina'], status: 'registered' }, analyst.sid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ http_code: 200, status_smessage: 'The message status was changed.' });
    expect(await statusOf('bina')).toBe('registered');
    const audits = await auditsOf('staff.contact.status');
    expect(audits).toEqual([
      expect.objectContaining({ actorUserId: analyst.userId, clientId: null, subject: ids['bina'] }),
    ]);
    await change({ message_id: ids['bina'], status: 'follow up' });
    expect(await statusOf('bina')).toBe('follow up');
  });

  it('refuses a status that is not one of the four with 400 and changes nothing', async () => {
    for (const status of ['spam', '', 'NEW', null]) {
      const res = await change({ message_id: ids['asha'], status });
      expect(res.statusCode, String(status)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect(await statusOf('asha')).toBe('new');
  });

  it('answers 404 for a message that does not exist, and 400 for an id that is not one', async () => {
    const before = (await auditsOf('staff.contact.status')).length;
    const missing = await change({
      message_id: '00000000-0000-4000-8000-000000000000',
      status: 'registered',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().status_smessage).toBe('This contact message was not found.');
    expect((await change({ message_id: 'nope', status: 'registered' })).statusCode).toBe(400);
    expect((await auditsOf('staff.contact.status')).length).toBe(before);
  });
});

describe('staff/inbox/careers/list and the résumé', () => {
  const list = (body: Record<string, unknown>) => t.postAs(admin.sid, '/api/staff/inbox/careers/list', body);

  it('lists applications with their résumés, searched and sorted', async () => {
    const res = await list({});
    expect(res.json()).toMatchObject({ recordsTotal: 2, recordsFiltered: 2 });
    expect(res.json().data).toEqual([
      expect.objectContaining({
        application_id: ids['priya'],
        name: 'Priya Sharma',
        phone: '+91 98765-43210',
        status: 'new',
        resume_name: 'Priya "CV" résumé.pdf',
        resume_size: resumePdf.length,
      }),
      expect.objectContaining({ name: 'Ravi Kumar', resume_name: null, resume_size: null }),
    ]);
    const asc = await list({ sort: { column: 'received', dir: 'asc' } });
    expect(names(asc)).toEqual(['Ravi Kumar', 'Priya Sharma']);
    const search = await list({ dataTablesParameters: { search: { value: 'ravi kumar' } } });
    expect(search.json()).toMatchObject({ recordsTotal: 2, recordsFiltered: 1 });
  });

  it('downloads the résumé as stored: the same bytes, its type, as an attachment with a safe name', async () => {
    const res = await t.getAs(analyst.sid, `/api/staff/inbox/careers/resume?id=${ids['priya']}`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(resumePdf)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-length']).toBe(String(resumePdf.length));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Priya _CV_ r_sum_.pdf"; filename*=UTF-8''Priya%20%22CV%22%20r%C3%A9sum%C3%A9.pdf`,
    );
    expect(await auditsOf('staff.career.resume')).toEqual([
      expect.objectContaining({ actorUserId: analyst.userId, subject: ids['priya'] }),
    ]);
  });

  it('answers 404 for an unknown application or one without a résumé, 400 for a malformed id', async () => {
    const unknown = await t.getAs(
      admin.sid,
      '/api/staff/inbox/careers/resume?id=00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().status_smessage).toBe('This application was not found.');
    const none = await t.getAs(admin.sid, `/api/staff/inbox/careers/resume?id=${ids['ravi']}`);
    expect(none.statusCode).toBe(404);
    expect(none.json().status_smessage).toBe('This application has no résumé.');
    expect((await t.getAs(admin.sid, '/api/staff/inbox/careers/resume?id=../etc')).statusCode).toBe(400);
    expect((await t.getAs(admin.sid, '/api/staff/inbox/careers/resume')).statusCode).toBe(400);
  });
});

describe('who may use the inbox', () => {
  const calls = [
    'staff/inbox/contact/list',
    'staff/inbox/contact/status',
    'staff/inbox/careers/list',
    'staff/inbox/referrals/list',
    'staff/inbox/payments/list',
  ];
  const downloads = [
    'export/contact-messages',
    'export/career-applications',
    'export/referrals',
    'export/payments',
    'careers/resume?id=00000000-0000-4000-8000-000000000000',
  ];

  it('answers 401 without a session and 403 to a client, changing nothing', async () => {
    for (const call of calls) {
      const anonymous = await t.post(`/api/${call}`, { message_id: ids['asha'], status: 'registered' });
      expect(anonymous.statusCode, call).toBe(401);
      const asClient = await t.postAs(client.sid, `/api/${call}`, {
        message_id: ids['asha'],
        status: 'registered',
      });
      expect(asClient.statusCode, call).toBe(403);
    }
    for (const download of downloads) {
      const url = `/api/staff/inbox/${download}`;
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
      expect((await t.getAs(client.sid, url)).statusCode, url).toBe(403);
    }
    const [asha] = await t.database.db
      .select()
      .from(contactMessages)
      .where(and(eq(contactMessages.id, ids['asha'] ?? ''), eq(contactMessages.status, 'new')));
    expect(asha).toBeDefined();
  });
});

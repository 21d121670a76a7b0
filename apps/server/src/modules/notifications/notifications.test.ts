import { DEFAULT_STATUS_EMAILS } from '@taxfirm/contract';
import { auditLog, emailOutbox, eq, notifications, statusEmailTemplates } from '@taxfirm/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { currentTaxYear } from '../../../test/factories.ts';
import { signUpAndLogIn, staffSession, useTestApp } from '../../../test/helpers.ts';

const t = useTestApp();
let admin: { sid: string; userId: string };
let analyst: { sid: string; userId: string };
let taxYear: number;

beforeAll(async () => {
  admin = await staffSession(t, 'admin@firm.example', 'admin');
  analyst = await staffSession(t, 'analyst@firm.example', 'analyst');
  taxYear = await currentTaxYear(t);
});

const bell = async (sid: string) => (await t.postAs(sid, '/api/account/notifications/list', {})).json();
const moveTo = (clientId: string, status: string, comment = 'Checked with the client by phone') =>
  t.postAs(admin.sid, '/api/staff/clients/status', { client_id: clientId, status, comment });
const mailsTo = (email: string) => t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));

describe('status e-mails and the portal bell', () => {
  it('a status change e-mails the built-in wording (never the comment) and rings the bell', async () => {
    const client = await signUpAndLogIn(t, 'asha@example.com', { first: 'Asha', last: 'Rao' });
    expect((await bell(client.sid)).unread).toBe(0);
    expect((await moveTo(client.clientId, 'Docs Upload Pending', 'Internal: W-2 missing')).statusCode).toBe(
      200,
    );
    const [mail] = (await mailsTo('asha@example.com')).filter((m) => m.subject.includes('Docs Upload'));
    expect(mail?.subject).toBe(`Your ${taxYear} tax file: Docs Upload Pending`);
    expect(mail?.text).toContain('Hello Asha,');
    expect(mail?.text).toContain(DEFAULT_STATUS_EMAILS['Docs Upload Pending'].body);
    expect(mail?.text).not.toContain('Internal: W-2 missing');
    const list = await bell(client.sid);
    expect(list.unread).toBe(1);
    expect(list.notifications).toEqual([
      expect.objectContaining({
        kind: 'status',
        title: `Your ${taxYear} tax file: Docs Upload Pending`,
        body: DEFAULT_STATUS_EMAILS['Docs Upload Pending'].body,
        read: false,
      }),
    ]);
  });

  it('an admin edits a status e-mail: the next change uses it with the placeholders filled; reset restores it', async () => {
    const save = await t.postAs(admin.sid, '/api/staff/templates/save', {
      status: 'Synopsys Pending',
      subject: '{firm_name}: your {tax_year} summary is coming',
      body: 'Dear {first_name}, your file is now {status}.\n\nWe will write again soon.',
    });
    expect(save.statusCode).toBe(200);
    const templates = (await t.postAs(admin.sid, '/api/staff/templates/list', {})).json();
    expect(templates.placeholders).toEqual(['{first_name}', '{tax_year}', '{status}', '{firm_name}']);
    expect(templates.templates).toHaveLength(17);
    expect(
      templates.templates.find((x: { status: string }) => x.status === 'Synopsys Pending'),
    ).toMatchObject({
      customised: true,
      subject: '{firm_name}: your {tax_year} summary is coming',
    });
    const firmName = (await t.post('/api/settings/getsettings')).json().data[0].firm_name;

    const client = await signUpAndLogIn(t, 'bina@example.com', { first: 'Bina', last: 'Das' });
    await moveTo(client.clientId, 'Synopsys Pending');
    const [mail] = (await mailsTo('bina@example.com')).filter((m) => m.subject.includes('summary is coming'));
    expect(mail?.subject).toBe(`${firmName}: your ${taxYear} summary is coming`);
    expect(mail?.text).toContain('Dear Bina, your file is now Synopsys Pending.');
    expect(mail?.html).toMatch(/<p style="[^"]*font-size:16px[^"]*">We will write again soon.<\/p>/);
    expect((await bell(client.sid)).notifications[0]).toMatchObject({
      title: `${firmName}: your ${taxYear} summary is coming`,
    });

    expect(
      (await t.postAs(admin.sid, '/api/staff/templates/reset', { status: 'Synopsys Pending' })).statusCode,
    ).toBe(200);
    await moveTo(client.clientId, 'Basic Info Pending');
    await moveTo(client.clientId, 'Synopsys Pending');
    const latest = (await bell(client.sid)).notifications[0];
    expect(latest).toMatchObject({ title: `Your ${taxYear} tax file: Synopsys Pending` });
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.actorUserId, admin.userId));
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(['staff.templates.save', 'staff.templates.reset']),
    );
  });

  it('refuses unknown placeholders, blanks and statuses, storing nothing', async () => {
    for (const body of [
      { status: 'Payment Pending', subject: 'Pay {amount}', body: 'Please pay.' },
      { status: 'Payment Pending', subject: 'Pay', body: 'Hello {client.ssn}' },
      { status: 'Payment Pending', subject: '', body: 'Please pay.' },
      { status: 'Payment Pending', subject: 'Pay', body: '   ' },
      { status: 'Paid', subject: 'Pay', body: 'Please pay.' },
      { status: 'Payment Pending', subject: 'x'.repeat(151), body: 'Please pay.' },
    ]) {
      const res = await t.postAs(admin.sid, '/api/staff/templates/save', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const unknown = await t.postAs(admin.sid, '/api/staff/templates/save', {
      status: 'Payment Pending',
      subject: 'Pay {amount}',
      body: 'x',
    });
    expect(unknown.json().details.subject).toBe(
      'Use only the placeholders {first_name}, {tax_year}, {status}, {firm_name}.',
    );
    expect(
      await t.database.db
        .select()
        .from(statusEmailTemplates)
        .where(eq(statusEmailTemplates.status, 'Payment Pending')),
    ).toHaveLength(0);
  });

  it('templates are for admins only: an analyst and a client get 403, nobody 401, nothing changes', async () => {
    const client = await signUpAndLogIn(t, 'chetan@example.com');
    const body = { status: 'Cancel Filing', subject: 'Bye', body: 'Bye' };
    for (const path of ['list', 'save', 'reset']) {
      expect((await t.postAs(analyst.sid, `/api/staff/templates/${path}`, body)).statusCode).toBe(403);
      expect((await t.postAs(client.sid, `/api/staff/templates/${path}`, body)).statusCode).toBe(403);
      expect((await t.post(`/api/staff/templates/${path}`, body)).statusCode).toBe(401);
    }
    expect(await t.database.db.select().from(statusEmailTemplates)).toHaveLength(0);
    // The bell is the client's own: staff and visitors cannot read it.
    expect((await t.postAs(admin.sid, '/api/account/notifications/list', {})).statusCode).toBe(401);
    expect((await t.post('/api/account/notifications/list', {})).statusCode).toBe(401);
  });

  it('marks one or all read, only the session client’s own; another client’s id is 404 and stays unread', async () => {
    const divya = await signUpAndLogIn(t, 'divya@example.com');
    const esha = await signUpAndLogIn(t, 'esha@example.com');
    await moveTo(divya.clientId, 'Basic Info Pending');
    await moveTo(divya.clientId, 'Interview Pending');
    await moveTo(esha.clientId, 'Basic Info Pending');
    const [newest, older] = (await bell(divya.sid)).notifications;
    const eshaNote = (await bell(esha.sid)).notifications[0];

    const cross = await t.postAs(divya.sid, '/api/account/notifications/read', { id: eshaNote.id });
    expect(cross.statusCode).toBe(404);
    expect((await bell(esha.sid)).unread).toBe(1);

    expect((await t.postAs(divya.sid, '/api/account/notifications/read', { id: older.id })).statusCode).toBe(
      200,
    );
    let list = await bell(divya.sid);
    expect(list.unread).toBe(1);
    expect(list.notifications.map((n: { id: string; read: boolean }) => [n.id, n.read])).toEqual([
      [newest.id, false],
      [older.id, true],
    ]);
    expect((await t.postAs(divya.sid, '/api/account/notifications/read', {})).statusCode).toBe(200);
    list = await bell(divya.sid);
    expect(list.unread).toBe(0);
    expect((await bell(esha.sid)).unread).toBe(1);
    expect((await t.postAs(divya.sid, '/api/account/notifications/read', { id: 'nope' })).statusCode).toBe(
      400,
    );
    expect(
      await t.database.db.select().from(notifications).where(eq(notifications.clientId, divya.clientId)),
    ).toHaveLength(2);
  });
});

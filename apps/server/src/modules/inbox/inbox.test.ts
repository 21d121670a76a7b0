import {
  and,
  auditLog,
  careerApplications,
  clients,
  contactMessages,
  eq,
  filings,
  payments,
  referrals,
} from '@taxfirm/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { currentTaxYear } from '../../../test/factories.ts';
import { samplePdf } from '../../../test/files.ts';
import { signUpAndLogIn, staffSession, useTestApp } from '../../../test/helpers.ts';
import { parseCsv } from '../../../test/parse-csv.ts';
import { CAREER_APPLICATION } from '../../../test/samples.ts';

const t = useTestApp();
let admin: { sid: string; userId: string };
let analyst: { sid: string; userId: string };
let client: { sid: string; userId: string; clientId: string };
let taxYear: number;
let currentFiling: string;
let previousFiling: string;
const ids: Record<string, string> = {};
const resumePdf = samplePdf(8192);

const at = (iso: string) => new Date(iso);
const today = () => new Date().toISOString().slice(0, 10);

async function addContact(
  key: string,
  name: string,
  status: 'new' | 'follow up' | 'no response',
  day: string,
  message = 'Please call me back.',
) {
  const [row] = await t.database.db
    .insert(contactMessages)
    .values({
      name,
      email: `${key}@example.com`,
      phone: '4695550100',
      phoneExt: 'US',
      message,
      status,
      createdAt: at(`${day}T10:00:00Z`),
    })
    .returning({ id: contactMessages.id });
  ids[key] = row?.id ?? '';
}

beforeAll(async () => {
  const db = t.database.db;
  admin = await staffSession(t, 'admin@firm.example', 'admin');
  analyst = await staffSession(t, 'analyst@firm.example', 'analyst');
  client = await signUpAndLogIn(t, 'kiran@example.com', { first: 'Kiran', last: 'Patel' });
  await db.update(clients).set({ fileNumber: 'TF-0042' }).where(eq(clients.id, client.clientId));
  taxYear = await currentTaxYear(t);
  const [filing] = await db.select().from(filings).where(eq(filings.clientId, client.clientId));
  currentFiling = filing?.id ?? '';
  const [previous] = await db
    .insert(filings)
    .values({ clientId: client.clientId, taxYear: taxYear - 1, status: 'E-Filing Complete' })
    .returning({ id: filings.id });
  previousFiling = previous?.id ?? '';

  await addContact('asha', 'Asha Rao', 'new', '2026-01-01');
  await addContact('bina', 'Bina Das', 'follow up', '2026-01-02');
  await addContact('chetan', 'Chetan, Iyer', 'new', '2026-01-03', 'line one\nline "two", and more');
  await addContact('f1', '=HYPERLINK("http://x")', 'no response', '2026-01-04');
  await addContact('f2', '+1', 'no response', '2026-01-05');
  await addContact('f3', '-2', 'no response', '2026-01-06');
  await addContact('f4', '@SUM(A1)', 'no response', '2026-01-07');

  // One application through the public form, with its résumé stored as the form stores it.
  const form = new FormData();
  for (const [name, value] of Object.entries(CAREER_APPLICATION)) {
    form.append(name, value);
  }
  form.append(
    'resume',
    new Blob([new Uint8Array(resumePdf)], { type: 'application/pdf' }),
    'Priya "CV" résumé.pdf',
  );
  const submitted = await t.postForm('/api/settings/careerssubmit', form);
  if (submitted.statusCode !== 200) throw new Error(submitted.body);
  const [priya] = await db.select().from(careerApplications);
  ids['priya'] = priya?.id ?? '';
  const [ravi] = await db
    .insert(careerApplications)
    .values({
      firstName: 'Ravi',
      lastName: 'Kumar',
      email: 'ravi@example.com',
      phone: '4695550111',
      phoneExt: 'US',
      message: 'No résumé attached.',
      createdAt: at('2020-01-01T00:00:00Z'),
    })
    .returning({ id: careerApplications.id });
  ids['ravi'] = ravi?.id ?? '';

  const referral = {
    referrerPhone: '4695550100',
    referrerPhoneExt: 'US',
    friendPhone: '9876543210',
    friendPhoneExt: 'INDIA',
    comment: '',
  };
  await db.insert(referrals).values([
    {
      ...referral,
      clientId: null,
      taxYear,
      referrerName: 'Visitor Vik',
      referrerEmail: 'vik@example.com',
      friendName: 'Friend Farah',
      friendEmail: 'farah@example.com',
      createdAt: at('2026-02-01T00:00:00Z'),
    },
    {
      ...referral,
      clientId: client.clientId,
      taxYear: taxYear - 1,
      referrerName: 'Kiran Patel',
      referrerEmail: 'kiran@example.com',
      friendName: 'Amit Gupta',
      friendEmail: 'amit@example.com',
      comment: 'Met at work',
      createdAt: at('2026-02-02T00:00:00Z'),
    },
  ]);

  const payment = { clientId: client.clientId, provider: 'sandbox' as const, currency: 'USD' };
  await db.insert(payments).values([
    {
      ...payment,
      filingId: currentFiling,
      orderId: 'order_paid',
      amountCents: 12345,
      status: 'paid',
      providerPaymentId: 'pay_paid',
      paidAt: at('2026-03-10T12:00:00Z'),
      createdAt: at('2026-03-10T11:59:00Z'),
    },
    {
      ...payment,
      filingId: currentFiling,
      orderId: 'order_open',
      amountCents: 5000,
      status: 'created',
      createdAt: at('2026-03-01T08:00:00Z'),
    },
    {
      ...payment,
      filingId: previousFiling,
      orderId: 'order_failed',
      amountCents: 999,
      status: 'failed',
      createdAt: at('2025-05-05T08:00:00Z'),
    },
  ]);
});

const names = (res: { json: () => { data: { name?: string }[] } }) => res.json().data.map((r) => r.name);
const auditsOf = (action: string) => t.database.db.select().from(auditLog).where(eq(auditLog.action, action));

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

describe('staff/inbox/referrals/list', () => {
  const list = (body: Record<string, unknown>) =>
    t.postAs(admin.sid, '/api/staff/inbox/referrals/list', body);

  it('lists who referred whom, with the referring client when there is one', async () => {
    const res = await list({});
    expect(res.json()).toMatchObject({ recordsTotal: 2, recordsFiltered: 2 });
    expect(res.json().data).toEqual([
      expect.objectContaining({
        tax_year: taxYear - 1,
        referrer_name: 'Kiran Patel',
        friend_name: 'Amit Gupta',
        friend_phone: '+91 98765-43210',
        comment: 'Met at work',
        client_id: client.clientId,
        client_name: 'Kiran Patel',
        client_file_number: 'TF-0042',
      }),
      expect.objectContaining({ referrer_name: 'Visitor Vik', client_id: null, client_name: null }),
    ]);
  });

  it('filters by tax year, searches (the client’s file number too) and sorts', async () => {
    const year = await list({ taxy: taxYear });
    expect(year.json()).toMatchObject({ recordsTotal: 1, recordsFiltered: 1 });
    expect(year.json().data[0].referrer_name).toBe('Visitor Vik');
    const byFile = await list({ dataTablesParameters: { search: { value: 'tf-0042' } } });
    expect(byFile.json().data.map((r: { friend_name: string }) => r.friend_name)).toEqual(['Amit Gupta']);
    const byFriend = await list({ sort: { column: 'friend', dir: 'desc' } });
    expect(byFriend.json().data.map((r: { friend_name: string }) => r.friend_name)).toEqual([
      'Friend Farah',
      'Amit Gupta',
    ]);
  });
});

describe('staff/inbox/payments/list', () => {
  const list = (body: Record<string, unknown>, sid = admin.sid) =>
    t.postAs(sid, '/api/staff/inbox/payments/list', body);
  const orders = (res: { json: () => { data: { order_id: string }[] } }) =>
    res.json().data.map((r) => r.order_id);

  it('lists every payment with its client, file number, amount in cents, status and ids', async () => {
    const res = await list({});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ recordsTotal: 3, recordsFiltered: 3 });
    expect(res.json().data[0]).toEqual({
      id: expect.any(String),
      client_id: client.clientId,
      client_name: 'Kiran Patel',
      file_number: 'TF-0042',
      tax_year: taxYear,
      amount_cents: 12345,
      currency: 'USD',
      status: 'paid',
      order_id: 'order_paid',
      payment_id: 'pay_paid',
      paid_at: '2026-03-10T12:00:00.000Z',
      created_at: '2026-03-10T11:59:00.000Z',
    });
    expect(orders(res)).toEqual(['order_paid', 'order_open', 'order_failed']);
  });

  it('filters by status, by tax year (through the filing) and by a date range, and sorts by amount', async () => {
    expect(orders(await list({ status: 'paid' }))).toEqual(['order_paid']);
    const previous = await list({ taxy: taxYear - 1 });
    expect(previous.json()).toMatchObject({ recordsTotal: 1, recordsFiltered: 1 });
    expect(orders(previous)).toEqual(['order_failed']);
    // The day a payment was paid, else the day its order was made; both ends included.
    expect(orders(await list({ from: '03-01-2026', to: '03-09-2026' }))).toEqual(['order_open']);
    expect(orders(await list({ from: '03-10-2026', to: '03-10-2026' }))).toEqual(['order_paid']);
    expect(orders(await list({ to: '12-31-2025' }))).toEqual(['order_failed']);
    expect(orders(await list({ sort: { column: 'amount', dir: 'asc' } }))).toEqual([
      'order_failed',
      'order_open',
      'order_paid',
    ]);
    expect(orders(await list({ dataTablesParameters: { search: { value: 'pay_paid' } } }))).toEqual([
      'order_paid',
    ]);
  });

  it("searches the client's name and file number and the ids, counting the matches within the filters", async () => {
    const search = (value: string, more: Record<string, unknown> = {}) =>
      list({ ...more, dataTablesParameters: { search: { value } } });
    const byName = await search('kiran pat');
    expect(byName.json()).toMatchObject({ recordsTotal: 3, recordsFiltered: 3 });
    expect(orders(byName)).toEqual(['order_paid', 'order_open', 'order_failed']);
    expect(orders(await search('tf-004'))).toEqual(['order_paid', 'order_open', 'order_failed']);
    expect((await search('order_open')).json()).toMatchObject({ recordsTotal: 3, recordsFiltered: 1 });
    const inYear = await search('kiran', { taxy: taxYear });
    expect(inYear.json()).toMatchObject({ recordsTotal: 2, recordsFiltered: 2 });
    expect(orders(inYear)).toEqual(['order_paid', 'order_open']);
    expect((await search('nobody', { status: 'paid' })).json()).toMatchObject({
      recordsTotal: 1,
      recordsFiltered: 0,
      data: [],
    });
  });

  it('refuses a start after the end, a bad date and a bad status with 400', async () => {
    const reversed = await list({ from: '03-10-2026', to: '03-01-2026' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().details.to).toBe('The start date must not be after the end date.');
    expect((await list({ from: '2026-03-01' })).statusCode).toBe(400);
    expect((await list({ status: 'refunded' })).statusCode).toBe(400);
  });

  it('is for admins only (DESIGN.md: payments are an admin concern)', async () => {
    expect((await list({}, analyst.sid)).statusCode).toBe(403);
    expect((await t.getAs(analyst.sid, '/api/staff/inbox/export/payments')).statusCode).toBe(403);
  });

  it('referrals too: they name clients an analyst may not work', async () => {
    const res = await t.postAs(analyst.sid, '/api/staff/inbox/referrals/list', {});
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toMatch(/referr/i);
    expect((await t.getAs(analyst.sid, '/api/staff/inbox/export/referrals')).statusCode).toBe(403);
  });
});

describe('CSV exports', () => {
  const exportOf = (path: string, sid = admin.sid) => t.getAs(sid, `/api/staff/inbox/export/${path}`);

  it('exports the contact messages as a CSV download, formulas neutralised, audited', async () => {
    const res = await exportOf('contact-messages?sort=received&dir=asc', analyst.sid);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="contact-messages-${today()}.csv"; filename*=UTF-8''contact-messages-${today()}.csv`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(res.body).toContain(`\r\n2026-01-05T10:00:00.000Z,'+1,`);
    expect(res.body).toContain(`,'-2,`);
    expect(res.body).toContain(`,'@SUM(A1),`);
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual(['Received', 'Name', 'E-mail', 'Phone', 'Message', 'Status']);
    expect(rows.slice(1).map((r) => r[1])).toEqual([
      'Asha Rao',
      'Bina Das',
      'Chetan, Iyer',
      '\'=HYPERLINK("http://x")',
      "'+1",
      "'-2",
      "'@SUM(A1)",
    ]);
    // Commas, quotes and line breaks come back exactly.
    expect(rows[3]).toEqual([
      '2026-01-03T10:00:00.000Z',
      'Chetan, Iyer',
      'chetan@example.com',
      "'+1 (469)-555-0100",
      'line one\nline "two", and more',
      'new',
    ]);
    expect(await auditsOf('staff.export.contact-messages')).toEqual([
      expect.objectContaining({ actorUserId: analyst.userId, subject: '?sort=received&dir=asc' }),
    ]);
  });

  it("exports with the list's filters and search", async () => {
    const fresh = parseCsv((await exportOf('contact-messages?status=new&sort=name&dir=desc')).body);
    expect(fresh.slice(1).map((r) => r[1])).toEqual(['Chetan, Iyer', 'Asha Rao']);
    const search = parseCsv((await exportOf('contact-messages?search=bina')).body);
    expect(search.slice(1).map((r) => r[1])).toEqual(['Bina Das']);
  });

  it('exports career applications, referrals and payments (amounts in dollars)', async () => {
    const careers = parseCsv((await exportOf('career-applications')).body);
    expect(careers.slice(1).map((r) => [r[1], r[6]])).toEqual([
      ['Priya Sharma', 'Priya "CV" résumé.pdf'],
      ['Ravi Kumar', ''],
    ]);
    const refs = parseCsv((await exportOf(`referrals?taxy=${taxYear - 1}`)).body);
    expect(refs).toHaveLength(2);
    expect(refs[1]).toEqual([
      '2026-02-02T00:00:00.000Z',
      String(taxYear - 1),
      'Kiran Patel',
      'kiran@example.com',
      "'+1 (469)-555-0100",
      'Amit Gupta',
      'amit@example.com',
      "'+91 98765-43210",
      'Met at work',
      'Kiran Patel',
      'TF-0042',
    ]);
    const res = await exportOf('payments?sort=amount&dir=desc');
    expect(res.headers['content-disposition']).toContain(`filename="payments-${today()}.csv"`);
    const pays = parseCsv(res.body);
    expect(pays[0]).toEqual([
      'Created',
      'Client',
      'File number',
      'Tax year',
      'Amount',
      'Currency',
      'Status',
      'Order id',
      'Payment id',
      'Paid at',
    ]);
    expect(pays.slice(1).map((r) => [r[4], r[6], r[7], r[8]])).toEqual([
      ['123.45', 'paid', 'order_paid', 'pay_paid'],
      ['50.00', 'created', 'order_open', ''],
      ['9.99', 'failed', 'order_failed', ''],
    ]);
    const ranged = parseCsv((await exportOf('payments?status=created&from=03-01-2026&to=03-31-2026')).body);
    expect(ranged.slice(1).map((r) => r[7])).toEqual(['order_open']);
  });

  it('refuses bad filters with 400 and writes no export', async () => {
    const before = (await auditsOf('staff.export.payments')).length;
    expect((await exportOf('contact-messages?status=spam')).statusCode).toBe(400);
    expect((await exportOf('payments?from=03-10-2026&to=03-01-2026')).statusCode).toBe(400);
    expect((await exportOf('payments?sort=nope')).statusCode).toBe(400);
    expect((await auditsOf('staff.export.payments')).length).toBe(before);
  });

  it('holds every matching row, not one page (read in batches)', async () => {
    await t.database.db.insert(contactMessages).values(
      Array.from({ length: 1203 }, (_, i) => ({
        name: `Bulk sender ${String(i).padStart(4, '0')}`,
        email: `bulk${i}@example.com`,
        phone: '4695550100',
        phoneExt: 'US',
        message: 'bulk',
        status: 'registered' as const,
      })),
    );
    const rows = parseCsv((await exportOf('contact-messages?status=registered&sort=name&dir=asc')).body);
    expect(rows).toHaveLength(1204);
    expect(new Set(rows.slice(1).map((r) => r[1])).size).toBe(1203);
    expect(rows[1]?.[1]).toBe('Bulk sender 0000');
    expect(rows[1203]?.[1]).toBe('Bulk sender 1202');
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

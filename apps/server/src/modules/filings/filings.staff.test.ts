import type { FileStatus } from '@taxfirm/contract';
import {
  and,
  auditLog,
  authTokens,
  clients,
  emailOutbox,
  eq,
  filings,
  isNull,
  payments,
  requestItems,
  users,
  type Database,
} from '@taxfirm/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { currentTaxYear } from '../../../test/factories.ts';
import { sentText, signUpAndLogIn, staffSession, stepUpSession, useTestApp } from '../../../test/helpers.ts';
import { registrationBody } from '../../../test/samples.ts';

const t = useTestApp();
let admin: { sid: string; userId: string };
let analyst: { sid: string; userId: string };
let otherAnalyst: { sid: string; userId: string };
let taxYear: number;
const made: Record<string, { clientId: string; sid: string }> = {};

async function clientWith(
  db: Database,
  key: string,
  name: { first: string; last: string },
  status: FileStatus,
  options: { assignedTo?: string; fileNumber?: string } = {},
) {
  const account = await signUpAndLogIn(t, `${key}@example.com`, name);
  await db
    .update(filings)
    .set({ status, assignedTo: options.assignedTo ?? null })
    .where(eq(filings.clientId, account.clientId));
  if (options.fileNumber) {
    await db.update(clients).set({ fileNumber: options.fileNumber }).where(eq(clients.id, account.clientId));
  }
  made[key] = { clientId: account.clientId, sid: account.sid };
}

beforeAll(async () => {
  const db = t.database.db;
  admin = await staffSession(t, 'admin@firm.example', 'admin');
  analyst = await staffSession(t, 'analyst@firm.example', 'analyst');
  otherAnalyst = await staffSession(t, 'other.analyst@firm.example', 'analyst');
  taxYear = await currentTaxYear(t);
  await clientWith(db, 'new1', { first: 'Asha', last: 'Rao' }, 'To Be Assigned');
  await clientWith(db, 'new2', { first: 'Bina', last: 'Das' }, 'To Be Assigned');
  await clientWith(db, 'mine1', { first: 'Chetan', last: 'Iyer' }, 'Docs Upload Pending', {
    assignedTo: analyst.userId,
    fileNumber: 'TF-2026-0007',
  });
  await clientWith(db, 'mine2', { first: 'Divya', last: 'Menon' }, 'Payment Pending', {
    assignedTo: analyst.userId,
    fileNumber: 'TF-2026-0003',
  });
  await clientWith(db, 'theirs', { first: 'Esha', last: 'Kapoor' }, 'Docs Upload Pending', {
    assignedTo: otherAnalyst.userId,
    fileNumber: 'TF-2026-0009',
  });
});

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
        offshore_state: 'unanswered',
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

describe("a client's file", () => {
  const get = (sid: string, clientId: string | undefined) =>
    t.postAs(sid, '/api/staff/clients/get', { client_id: clientId });

  it('shows the account, the filing and its history, and audits the read', async () => {
    const res = await get(analyst.sid, made['mine1']?.clientId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      client: {
        first_name: 'Chetan',
        last_name: 'Iyer',
        email: 'mine1@example.com',
        phone: '4695550100',
        phone_ext: 'US',
        file_number: 'TF-2026-0007',
        verified: true,
      },
      filing: { tax_year: taxYear, status: 'Docs Upload Pending', assigned_to: { name: 'Ravi Shah' } },
    });
    expect(res.json().history[0]).toMatchObject({ from_status: null, to_status: 'To Be Assigned', by: null });
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, analyst.userId), eq(auditLog.action, 'staff.client.view')));
    expect(row).toMatchObject({ clientId: made['mine1']?.clientId, ip: '127.0.0.1' });
  });

  it('is closed to an analyst when another analyst has the file, and to clients', async () => {
    const res = await get(analyst.sid, made['theirs']?.clientId);
    expect(res.statusCode).toBe(403);
    expect(res.json().status_smessage).toBe('This client is assigned to another analyst.');
    for (const [path, body] of [
      ['staff/clients/status', { status: 'Review Pending', comment: 'x' }],
      ['staff/clients/filenumber', { file_number: 'TF-9' }],
    ] as const) {
      const refused = await t.postAs(analyst.sid, `/api/${path}`, {
        client_id: made['theirs']?.clientId,
        ...body,
      });
      expect(refused.statusCode, path).toBe(403);
    }
    // Taking a file another analyst has is refused (F-04): 409, it stays theirs.
    const take = await t.postAs(analyst.sid, '/api/staff/clients/assign', {
      client_id: made['theirs']?.clientId,
      analyst_id: analyst.userId,
    });
    expect(take.statusCode).toBe(409);
    expect(take.json().status_smessage).toBe('Another analyst has already taken this file.');
    expect((await get(admin.sid, made['theirs']?.clientId)).statusCode).toBe(200);
    expect((await get(made['new1']?.sid ?? '', made['new1']?.clientId)).statusCode).toBe(403);
    expect((await get(admin.sid, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get(admin.sid, 'not-a-uuid')).statusCode).toBe(400);
  });

  it('moves the status with a required comment, keeps the history, e-mails the client', async () => {
    const clientId = made['mine2']?.clientId;
    const missing = await t.postAs(analyst.sid, '/api/staff/clients/status', {
      client_id: clientId,
      status: 'Review Pending',
      comment: '  ',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual({ comment: 'A comment is required' });
    const same = await t.postAs(analyst.sid, '/api/staff/clients/status', {
      client_id: clientId,
      status: 'Payment Pending',
      comment: 'again',
    });
    expect(same.statusCode).toBe(422);

    const res = await t.postAs(analyst.sid, '/api/staff/clients/status', {
      client_id: clientId,
      status: 'Review Pending',
      comment: 'Paid by cheque at the office',
    });
    expect(res.statusCode, res.body).toBe(200);
    const detail = (await get(analyst.sid, clientId)).json();
    expect(detail.filing.status).toBe('Review Pending');
    expect(detail.history.at(-1)).toMatchObject({
      from_status: 'Payment Pending',
      to_status: 'Review Pending',
      comment: 'Paid by cheque at the office',
      by: 'Ravi Shah',
    });
    const mails = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, 'mine2@example.com'));
    const mail = mails.find((m) => m.subject === `Your ${taxYear} tax file: Review Pending`);
    expect(mail?.text).toContain('Please review your tax summary in the client portal');
    // The comment is the firm's note, not the client's e-mail.
    expect(mail?.text).not.toContain('cheque');
    // The client's portal reads the new status.
    const portal = await t.postAs(made['mine2']?.sid ?? '', '/api/user/taxpayerinfo', {});
    expect(portal.json().filestatus).toBe('Review Pending');
  });

  it('gives a unique file number', async () => {
    const ok = await t.postAs(admin.sid, '/api/staff/clients/filenumber', {
      client_id: made['new1']?.clientId,
      file_number: 'TF-2026-0010',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const taken = await t.postAs(admin.sid, '/api/staff/clients/filenumber', {
      client_id: made['new2']?.clientId,
      file_number: 'TF-2026-0010',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().status_smessage).toBe('This file number is already in use.');
    const bad = await t.postAs(admin.sid, '/api/staff/clients/filenumber', {
      client_id: made['new2']?.clientId,
      file_number: 'TF 10; drop',
    });
    expect(bad.json().details).toEqual({
      file_number: 'Use letters, digits, dashes, underscores and slashes (up to 30 characters).',
    });
  });

  it('lets an admin assign anyone on staff, and an analyst take an unassigned file only for themselves', async () => {
    const clientId = made['new2']?.clientId;
    const forOther = await t.postAs(analyst.sid, '/api/staff/clients/assign', {
      client_id: clientId,
      analyst_id: otherAnalyst.userId,
    });
    expect(forOther.statusCode).toBe(403);
    const take = await t.postAs(analyst.sid, '/api/staff/clients/assign', {
      client_id: clientId,
      analyst_id: analyst.userId,
    });
    expect(take.statusCode, take.body).toBe(200);
    const toClient = await t.postAs(admin.sid, '/api/staff/clients/assign', {
      client_id: clientId,
      analyst_id: made['new1']?.clientId,
    });
    expect(toClient.statusCode).toBe(400);
    const moved = await t.postAs(admin.sid, '/api/staff/clients/assign', {
      client_id: clientId,
      analyst_id: otherAnalyst.userId,
    });
    expect(moved.statusCode).toBe(200);
    // Now the other analyst's: still To Be Assigned, yet closed to the analyst (F-04), and so it stays.
    expect((await get(analyst.sid, clientId)).statusCode).toBe(403);
    await t.postAs(admin.sid, '/api/staff/clients/status', {
      client_id: clientId,
      status: 'Basic Info Pending',
      comment: 'Interview booked',
    });
    expect((await get(analyst.sid, clientId)).statusCode).toBe(403);
    expect((await get(otherAnalyst.sid, clientId)).json().filing.assigned_to.name).toBe('Ravi Shah');
    const actions = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.clientId, clientId ?? ''));
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['staff.client.assign', 'staff.client.status']),
    );
  });
});

describe("the client's account", () => {
  it('e-mails the client a one-time reset link that staff never see, and it works', async () => {
    const res = await t.postAs(analyst.sid, '/api/staff/clients/resetlink', {
      client_id: made['mine1']?.clientId,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status_smessage).toBe('A password-reset link was e-mailed to the client.');
    expect(res.body).not.toContain('resetpasswordlink');
    const mails = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, 'mine1@example.com'));
    const link = /resetpasswordlink\/([A-Za-z0-9_-]+)/.exec(sentText(mails.at(-1)))?.[1];
    expect(link).toBeTruthy();
    const check = await t.post('/api/settings/checkresetpwdlink', { tokenid: link });
    expect(check.json().status_smessage).toBe('Activate');
    const refused = await t.postAs(analyst.sid, '/api/staff/clients/resetlink', {
      client_id: made['theirs']?.clientId,
    });
    expect(refused.statusCode).toBe(403);
  });

  it("marks an unverified client's e-mail verified, so they can log in", async () => {
    const email = 'unverified.client@example.com';
    const password = 'a long test password';
    await t.post('/api/login/register', registrationBody({ email, password, first: 'Gita', last: 'Bose' }));
    const before = await t.post('/api/login/check', { email, password });
    expect(before.json().status_smessage).toBe(
      'Please verify your email address first. We can send you a new verification link.',
    );
    const [row] = await t.database.db
      .select({ id: clients.id })
      .from(clients)
      .where(eq(clients.firstName, 'Gita'));
    const res = await t.postAs(admin.sid, '/api/staff/clients/verify', { client_id: row?.id });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.post('/api/login/check', { email, password })).statusCode).toBe(200);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.clientId, row?.id ?? ''));
    expect(audits.map((a) => a.action)).toContain('staff.client.verify');
  });
});

describe('F-18: mark verified', () => {
  it('F-18: only the analyst who has the file, or an admin, marks it verified (never from triage), audited', async () => {
    const email = 'f18.verify@example.com';
    await t.post(
      '/api/login/register',
      registrationBody({ email, password: 'a long test password', first: 'Hema', last: 'Pai' }),
    );
    const [row] = await t.database.db
      .select({ id: clients.id, userId: clients.userId })
      .from(clients)
      .where(eq(clients.firstName, 'Hema'));
    const clientId = row?.id ?? '';
    const verifiedAt = async () =>
      (
        await t.database.db
          .select()
          .from(users)
          .where(eq(users.id, row?.userId ?? ''))
      )[0]?.verifiedAt;
    const verifies = async () =>
      (await t.database.db.select().from(auditLog).where(eq(auditLog.clientId, clientId))).filter(
        (a) => a.action === 'staff.client.verify',
      );
    // Unassigned in To Be Assigned: the triage view only.
    const triage = await t.postAs(analyst.sid, '/api/staff/clients/verify', { client_id: clientId });
    expect(triage.statusCode).toBe(403);
    expect(triage.json().status_smessage).toBe(
      'This file is waiting to be assigned. Take it (Take this file) before you open its profile, documents or status.',
    );
    expect(await verifiedAt()).toBeNull();
    expect(await verifies()).toEqual([]);
    // Taken by the other analyst: still refused to this one.
    await t.postAs(otherAnalyst.sid, '/api/staff/clients/assign', {
      client_id: clientId,
      analyst_id: otherAnalyst.userId,
    });
    expect(
      (await t.postAs(analyst.sid, '/api/staff/clients/verify', { client_id: clientId })).statusCode,
    ).toBe(403);
    expect(await verifiedAt()).toBeNull();
    const res = await t.postAs(otherAnalyst.sid, '/api/staff/clients/verify', { client_id: clientId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status_smessage).toBe("The client's e-mail address is marked as verified.");
    expect(await verifiedAt()).toBeInstanceOf(Date);
    expect(await verifies()).toEqual([expect.objectContaining({ actorUserId: otherAnalyst.userId })]);
  });
});

describe('notes, contact details, payments and referrals on the client page', () => {
  it('staff add internal notes; they show newest first with the author, audited, never to the client', async () => {
    const id = made['mine1']?.clientId ?? '';
    for (const body of ['Called about the W-2', 'Spouse ITIN pending']) {
      const res = await t.postAs(analyst.sid, '/api/staff/clients/notes/add', { client_id: id, body });
      expect(res.statusCode, res.body).toBe(200);
    }
    const file = (await t.postAs(admin.sid, '/api/staff/clients/get', { client_id: id })).json();
    expect(file.notes.map((n: { body: string; by: string }) => [n.body, n.by])).toEqual([
      ['Spouse ITIN pending', 'Ravi Shah'],
      ['Called about the W-2', 'Ravi Shah'],
    ]);
    const portal = await t.postAs(made['mine1']?.sid ?? '', '/api/user/taxpayerinfo', {});
    expect(portal.body).not.toContain('Spouse ITIN pending');
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'staff.client.note'));
    expect(audits).toHaveLength(2);
    // Blank, too long, NUL: 400. Another analyst's client: 403. Nothing stored.
    for (const body of ['   ', 'x'.repeat(4001), 'a\u0000b']) {
      expect(
        (await t.postAs(analyst.sid, '/api/staff/clients/notes/add', { client_id: id, body })).statusCode,
      ).toBe(400);
    }
    const theirs = await t.postAs(analyst.sid, '/api/staff/clients/notes/add', {
      client_id: made['theirs']?.clientId,
      body: 'Sneaky',
    });
    expect(theirs.statusCode).toBe(403);
    const theirFile = (
      await t.postAs(admin.sid, '/api/staff/clients/get', { client_id: made['theirs']?.clientId })
    ).json();
    expect(theirFile.notes).toEqual([]);
  });

  it("changes the client's e-mail and phone: the client signs in with the new address; the old one is told", async () => {
    await clientWith(t.database.db, 'moving', { first: 'Hema', last: 'Kaur' }, 'Basic Info Pending', {
      assignedTo: analyst.userId,
    });
    const id = made['moving']?.clientId ?? '';
    const body = { client_id: id, email: 'hema.new@example.com', phone_ext: 'INDIA', phone: '98765-43210' };
    // The sign-in address decides who holds the account: an analyst, even on their own file, may not.
    expect((await t.postAs(analyst.sid, '/api/staff/clients/contact', body)).statusCode).toBe(403);
    // A reset link the client asked for before the change dies with the old address.
    await t.post('/api/login/forgot', { email: 'moving@example.com' });
    const liveTokens = () =>
      t.database.db
        .select()
        .from(authTokens)
        .innerJoin(clients, eq(clients.userId, authTokens.userId))
        .where(and(eq(clients.id, id), isNull(authTokens.usedAt)));
    expect(await liveTokens()).not.toHaveLength(0);
    // Changing sign-in details needs a fresh step-up (F-15; step-up.test.ts tests the refusal without it).
    await stepUpSession(t, admin.sid);
    const res = await t.postAs(admin.sid, '/api/staff/clients/contact', {
      client_id: id,
      email: 'hema.new@example.com',
      phone_ext: 'INDIA',
      phone: '98765-43210',
    });
    expect(res.statusCode, res.body).toBe(200);
    const file = (await t.postAs(admin.sid, '/api/staff/clients/get', { client_id: id })).json();
    expect(file.client).toMatchObject({
      email: 'hema.new@example.com',
      phone: '9876543210',
      phone_ext: 'INDIA',
    });
    // The old session ended, and no link sent before the change still works.
    expect((await t.postAs(made['moving']?.sid ?? '', '/api/user/taxpayerinfo', {})).statusCode).toBe(401);
    expect(await liveTokens()).toHaveLength(0);
    const login = await t.post('/api/login/check', {
      email: 'hema.new@example.com',
      password: 'a long test password',
    });
    expect(login.statusCode).toBe(200);
    const told = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, 'moving@example.com'));
    expect(told.map((m) => m.subject)).toContainEqual(
      expect.stringMatching(/e-mail address of your .* was changed/),
    );
    expect(told.find((m) => m.subject.includes('was changed'))?.text).toContain('hema.new@example.com');
  });

  it("refuses another account's e-mail (any case), bad input and another analyst's client, changing nothing", async () => {
    const id = made['mine2']?.clientId ?? '';
    const before = (await t.postAs(admin.sid, '/api/staff/clients/get', { client_id: id })).json().client;
    await stepUpSession(t, admin.sid);
    const taken = await t.postAs(admin.sid, '/api/staff/clients/contact', {
      client_id: id,
      email: 'ANALYST@firm.example',
      phone_ext: 'US',
      phone: '4695550199',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().details.email).toBe('This e-mail address belongs to another account.');
    for (const body of [
      { client_id: id, email: 'not-an-email', phone_ext: 'US', phone: '4695550199' },
      { client_id: id, email: 'ok@example.com', phone_ext: 'US', phone: '12345' },
      { client_id: id, email: 'ok@example.com', phone_ext: 'UK', phone: '4695550199' },
    ]) {
      expect(
        (await t.postAs(admin.sid, '/api/staff/clients/contact', body)).statusCode,
        JSON.stringify(body),
      ).toBe(400);
    }
    const other = await t.postAs(analyst.sid, '/api/staff/clients/contact', {
      client_id: made['theirs']?.clientId,
      email: 'hijack@example.com',
      phone_ext: 'US',
      phone: '4695550199',
    });
    expect(other.statusCode).toBe(403);
    const after = (await t.postAs(admin.sid, '/api/staff/clients/get', { client_id: id })).json().client;
    expect(after).toEqual(before);
  });

  it("lists the filing's payments and the client's referrals", async () => {
    const id = made['mine2']?.clientId ?? '';
    const [filing] = await t.database.db.select().from(filings).where(eq(filings.clientId, id));
    await t.database.db.insert(payments).values([
      {
        clientId: id,
        filingId: filing?.id ?? '',
        provider: 'sandbox',
        orderId: 'order_STAFFVIEW0001',
        amountCents: 15025,
        currency: 'USD',
        status: 'paid',
        providerPaymentId: 'pay_STAFFVIEW0001',
        paidAt: new Date('2026-03-02T15:00:00Z'),
      },
    ]);
    const referred = await t.postAs(made['mine2']?.sid ?? '', '/api/saverefferal', {
      rf_on_name: 'Divya Menon',
      rf_on_email: 'mine2@example.com',
      rf_on_phone: '4695550100',
      rf_name: 'Farah Ali',
      rf_email: 'farah@example.com',
      rf_phone: '4695550111',
      rf_comment: 'Colleague',
    });
    expect(referred.statusCode, referred.body).toBe(200);
    const file = (await t.postAs(admin.sid, '/api/staff/clients/get', { client_id: id })).json();
    expect(file.payments).toEqual([
      expect.objectContaining({
        order_id: 'order_STAFFVIEW0001',
        amount_cents: 15025,
        status: 'paid',
        payment_id: 'pay_STAFFVIEW0001',
        paid_at: '2026-03-02T15:00:00.000Z',
      }),
    ]);
    expect(file.referrals.map((r: { name: string; email: string }) => [r.name, r.email])).toEqual([
      ['Farah Ali', 'farah@example.com'],
    ]);
    // Payments are an admin concern: the analyst working the file sees the referrals, not the payments.
    const asAnalyst = (await t.postAs(analyst.sid, '/api/staff/clients/get', { client_id: id })).json();
    expect(asAnalyst.payments).toEqual([]);
    expect(asAnalyst.referrals).toHaveLength(1);
  });
});

/**
 * A client's file as staff open and work it: the account, the filing and its history, status moves, file
 * numbers, assignment, the reset link and marking an e-mail verified (F-18).
 */
import {
  and,
  auditLog,
  clients,
  emailOutbox,
  eq,
  filings,
  messages,
  messageThreads,
  signatureDocuments,
  staffActivity,
  users,
} from '@taxfirm/db';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { makeInvoice } from '../../../test/factories.ts';
import { sentText, useTestApp } from '../../../test/helpers.ts';
import { registrationBody } from '../../../test/samples.ts';
import { admin, analyst, otherAnalyst, taxYear, useQueues } from './testing/queues-kit.ts';

const t = useTestApp();
const { made, clientWith } = useQueues(t);

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

  it("answers the file's signals (checklist, to sign, balance due, unread, last activity) from its rows", async () => {
    const db = t.database.db;
    await clientWith(db, 'signals', { first: 'Gauri', last: 'Joshi' }, 'Docs Upload Pending', {
      assignedTo: analyst.userId,
    });
    const clientId = made['signals']?.clientId ?? '';
    const signals = async () => (await get(analyst.sid, clientId)).json().signals;
    expect(await signals()).toEqual({
      checklist: { accepted: 0, required: 0 },
      unsigned_documents: 0,
      balance_due_cents: 0,
      unread_messages: 0,
      last_client_activity: null,
    });

    // Two required checklist items and an optional one, through the console's own call.
    for (const [title, required] of [
      ['W-2 from Acme', true],
      ['1099-INT', true],
      ['Last year return', false],
    ] as const) {
      const added = await t.postAs(analyst.sid, '/api/staff/requests/items/add', {
        client_id: clientId,
        item: { type: 'w2', title, required },
      });
      expect(added.statusCode, added.body).toBe(200);
    }
    // An open invoice of 120.00 and a draft (owes nothing yet).
    await makeInvoice(db, { clientId, taxYear, totalCents: 12_000, status: 'sent' });
    await makeInvoice(db, { clientId, taxYear, totalCents: 5_000, status: 'draft' });
    // One document waiting for a signature.
    const [filing] = await db.select({ id: filings.id }).from(filings).where(eq(filings.clientId, clientId));
    await db.insert(signatureDocuments).values({
      filingId: filing?.id ?? '',
      clientId,
      kind: 'other',
      title: 'Form 8879',
      status: 'pending',
      originalName: 'form.pdf',
      size: 1,
      storageKey: `signatures/${randomUUID()}`,
      sha256: '0'.repeat(64),
    });
    // The client wrote once, unread yet, and the activity feed heard it.
    const [thread] = await db
      .insert(messageThreads)
      .values({ clientId })
      .returning({ id: messageThreads.id });
    const [account] = await db
      .select({ userId: clients.userId })
      .from(clients)
      .where(eq(clients.id, clientId));
    await db.insert(messages).values({
      threadId: thread?.id ?? '',
      clientId,
      taxYear,
      authorKind: 'client',
      authorId: account?.userId ?? '',
      body: 'Hello',
    });
    const wrote = new Date('2026-03-02T10:00:00.000Z');
    await db
      .insert(staffActivity)
      .values({ clientId, taxYear, kind: 'message', summary: 'Sent a message', createdAt: wrote });

    expect(await signals()).toEqual({
      checklist: { accepted: 0, required: 2 },
      unsigned_documents: 1,
      balance_due_cents: 12_000,
      unread_messages: 1,
      last_client_activity: wrote.toISOString(),
    });
    // The triage view of an unassigned file shows none.
    expect((await get(analyst.sid, made['new1']?.clientId)).json()).toMatchObject({
      access: 'triage',
      signals: null,
    });
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

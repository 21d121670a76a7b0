/**
 * The client page's notes, contact details, payments and referrals, as staff see and change them.
 */
import { and, auditLog, authTokens, clients, emailOutbox, eq, filings, isNull, payments } from '@taxfirm/db';
import { describe, expect, it } from 'vitest';
import { stepUpSession, useTestApp } from '../../../test/helpers.ts';
import { admin, analyst, useQueues } from './testing/queues-kit.ts';

const t = useTestApp();
const { made, clientWith } = useQueues(t);

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

import { auditLog, clients, eq, sessions, users } from '@taxfirm/db';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import {
  setPasswordByLink,
  signUpAndLogIn,
  staffSession,
  stepUpSession,
  useTestApp,
} from '../../../test/helpers.ts';
import { TAXPAYER } from '../../../test/samples.ts';
import { hashToken } from '../../lib/crypto/tokens.ts';
import { createResetLink } from './passwords.service.ts';
import { createSession } from './sessions.service.ts';

const CLIENT_PASSWORD = 'a long test password';
const STAFF_PASSWORD = 'a long staff passphrase';

const t = useTestApp();

const codeFor = (secret: string, stepsAhead = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * stepsAhead });
const auditRows = (action: string) =>
  t.database.db.select().from(auditLog).where(eq(auditLog.action, action));
const steppedUpAt = async (sid: string) =>
  (
    await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(sid)))
  )[0]?.steppedUpAt ?? null;
/** Move a session's step-up back in time (as if it had happened `minutes` ago). */
const ageStepUp = (sid: string, minutes: number) =>
  t.database.db
    .update(sessions)
    .set({ steppedUpAt: new Date(Date.now() - minutes * 60_000) })
    .where(eq(sessions.tokenHash, hashToken(sid)));

/** A client with a stored SSN and a signed-in session. */
async function clientWithSsn(email: string) {
  const client = await signUpAndLogIn(t, email);
  const saved = await t.postAs(client.sid, '/api/user/savetaxpayer', { ...TAXPAYER, email });
  if (saved.statusCode !== 200) throw new Error(saved.body);
  return client;
}

/** A staff member with a known password (set through a set-up link) and an enrolled authenticator, signed in. */
async function enrolledStaff(email: string, role: 'admin' | 'analyst') {
  const { userId } = await staffSession(t, email, role);
  const setupLink = await createResetLink(t.database.db, 'http://localhost:3000', userId);
  const token = setupLink.split('/resetpasswordlink/')[1] ?? '';
  await setPasswordByLink(t, token, STAFF_PASSWORD);
  const login = await t.post('/api/staff/login', { email, password: STAFF_PASSWORD });
  const mfaToken = login.json().mfa_token as string;
  const secret = (await t.post('/api/staff/login/enrol', { mfa_token: mfaToken })).json().secret as string;
  const confirm = await t.post('/api/staff/login/enrolconfirm', {
    mfa_token: mfaToken,
    code: await codeFor(secret),
  });
  return { userId, secret, sid: confirm.cookies.find((c) => c.name === 'sid')?.value ?? '' };
}

describe('F-15: a client reveals an identity number only after a fresh step-up', () => {
  it('F-15: without a step-up the reveal answers 403 STEP_UP_REQUIRED and reveals and audits nothing', async () => {
    const client = await clientWithSsn('stepup.one@example.com');
    const res = await t.postAs(client.sid, '/api/account/revealssn', { section: 'taxpayer' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'STEP_UP_REQUIRED',
      status_smessage: 'Please confirm it is you: enter your password or a code from your authenticator app.',
    });
    expect(res.body).not.toContain('6789');
    expect(await auditRows('ssn.reveal')).toHaveLength(0);
  });

  it('F-15: the password steps up THIS session only, for 5 minutes; each step-up is audited', async () => {
    const client = await clientWithSsn('stepup.two@example.com');
    const other = (await createSession(t.database.db, client.userId, { ip: '127.0.0.2', userAgent: 'x' }))
      .token;

    const wrong = await t.postAs(client.sid, '/api/account/stepup', { password: 'not my password!' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual({ password: 'Password is not correct' });
    expect(await steppedUpAt(client.sid)).toBeNull();

    const ok = await t.postAs(client.sid, '/api/account/stepup', { password: CLIENT_PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().status_smessage).toBe('Thank you. You can go on for the next 5 minutes.');
    expect(await steppedUpAt(client.sid)).not.toBeNull();
    expect(await steppedUpAt(other)).toBeNull();
    const audits = await auditRows('account.stepup');
    expect(audits.filter((a) => a.actorUserId === client.userId).map((a) => a.subject)).toEqual(['password']);

    const revealed = await t.postAs(client.sid, '/api/account/revealssn', { section: 'taxpayer' });
    expect(revealed.statusCode).toBe(200);
    expect(revealed.json().ssn).toBe('123-45-6789');
    // The other browser of the same account has not stepped up.
    const elsewhere = await t.postAs(other, '/api/account/revealssn', { section: 'taxpayer' });
    expect(elsewhere.json().code).toBe('STEP_UP_REQUIRED');

    // Still good at 4 minutes, gone after 5.
    await ageStepUp(client.sid, 4);
    expect((await t.postAs(client.sid, '/api/account/revealssn', { section: 'taxpayer' })).statusCode).toBe(
      200,
    );
    await ageStepUp(client.sid, 5);
    const stale = await t.postAs(client.sid, '/api/account/revealssn', { section: 'taxpayer' });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().code).toBe('STEP_UP_REQUIRED');
  });

  it('F-15: an authenticator code steps up too; bad bodies are 400 and change nothing', async () => {
    const client = await clientWithSsn('stepup.mfa@example.com');
    const setup = await t.postAs(client.sid, '/api/account/mfa/setup', {});
    const secret = setup.json().secret as string;
    expect(
      (await t.postAs(client.sid, '/api/account/mfa/enable', { code: await codeFor(secret) })).statusCode,
    ).toBe(200);
    for (const body of [
      {},
      { password: '' },
      { password: CLIENT_PASSWORD, code: '123456' },
      { code: 'x'.repeat(40) },
    ]) {
      const res = await t.postAs(client.sid, '/api/account/stepup', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const wrongCode = await t.postAs(client.sid, '/api/account/stepup', { code: '000000' });
    expect(wrongCode.json().details).toEqual({ code: 'The code is not valid. Please try again.' });
    expect(await steppedUpAt(client.sid)).toBeNull();

    const ok = await t.postAs(client.sid, '/api/account/stepup', { code: await codeFor(secret, 1) });
    expect(ok.statusCode).toBe(200);
    expect((await t.postAs(client.sid, '/api/account/revealssn', { section: 'taxpayer' })).statusCode).toBe(
      200,
    );
  });

  it('F-15: wrong step-up answers are limited per account (429 after 10 in 15 minutes)', async () => {
    const client = await clientWithSsn('stepup.guess@example.com');
    const statuses = [];
    for (let i = 0; i < 11; i += 1) {
      statuses.push(
        (await t.postAs(client.sid, '/api/account/stepup', { password: `guess number ${i}` })).statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Even the right password waits now.
    expect(
      (await t.postAs(client.sid, '/api/account/stepup', { password: CLIENT_PASSWORD })).statusCode,
    ).toBe(429);
    expect(await steppedUpAt(client.sid)).toBeNull();
  });

  it('F-15: a client may reveal at most 30 numbers an hour', async () => {
    const client = await clientWithSsn('stepup.many@example.com');
    await stepUpSession(t, client.sid);
    const statuses = [];
    for (let i = 0; i < 31; i += 1) {
      statuses.push(
        (await t.postAs(client.sid, '/api/account/revealssn', { section: 'taxpayer' })).statusCode,
      );
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    const rows = (await auditRows('ssn.reveal')).filter((r) => r.actorUserId === client.userId);
    expect(rows).toHaveLength(30);
  });

  it('F-15: account/stepup is for clients, staff/stepup for staff', async () => {
    const client = await signUpAndLogIn(t, 'stepup.roles@example.com');
    const staff = await staffSession(t, 'roles.analyst@firm.example', 'analyst');
    expect((await t.postAs(staff.sid, '/api/account/stepup', { password: 'x' })).statusCode).toBe(401);
    expect((await t.postAs(client.sid, '/api/staff/stepup', { password: 'x' })).statusCode).toBe(403);
    expect((await t.post('/api/staff/stepup', { password: 'x' })).statusCode).toBe(401);
  });
});

describe('F-15: staff reveal numbers and change sign-in e-mails only after a fresh step-up', () => {
  it("F-15: staff reveal and the admin's change of a client's sign-in e-mail answer 403 STEP_UP_REQUIRED without it", async () => {
    const admin = await enrolledStaff('stepup.admin@firm.example', 'admin');
    const client = await clientWithSsn('stepup.staffside@example.com');
    const reveal = () =>
      t.postAs(admin.sid, '/api/staff/clients/profile/reveal', {
        client_id: client.clientId,
        subject: 'taxpayer.ssn',
      });
    const contact = () =>
      t.postAs(admin.sid, '/api/staff/clients/contact', {
        client_id: client.clientId,
        email: 'taken.over@example.com',
        phone_ext: 'US',
        phone: '4695550199',
      });

    for (const res of [await reveal(), await contact()]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('STEP_UP_REQUIRED');
      expect(res.body).not.toContain('6789');
    }
    const [row] = await t.database.db
      .select({ email: users.email })
      .from(users)
      .innerJoin(clients, eq(clients.userId, users.id))
      .where(eq(clients.id, client.clientId));
    expect(row?.email).toBe('stepup.staffside@example.com');
    expect(await auditRows('staff.profile.reveal')).toHaveLength(0);

    // The code steps up (as the password would); then both go through.
    const wrong = await t.postAs(admin.sid, '/api/staff/stepup', { password: 'not the passphrase' });
    expect(wrong.statusCode).toBe(400);
    const ok = await t.postAs(admin.sid, '/api/staff/stepup', { code: await codeFor(admin.secret, 1) });
    expect(ok.statusCode, ok.body).toBe(200);
    const audits = await auditRows('account.stepup');
    expect(audits.filter((a) => a.actorUserId === admin.userId).map((a) => a.subject)).toEqual(['code']);
    const revealed = await reveal();
    expect(revealed.statusCode).toBe(200);
    expect(revealed.json().value).toBe('123-45-6789');
    expect((await contact()).statusCode).toBe(200);

    // The password works as well, and a stale step-up is refused again.
    await ageStepUp(admin.sid, 6);
    expect((await reveal()).json().code).toBe('STEP_UP_REQUIRED');
    expect((await t.postAs(admin.sid, '/api/staff/stepup', { password: STAFF_PASSWORD })).statusCode).toBe(
      200,
    );
    expect((await reveal()).statusCode).toBe(200);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { emailOutbox, eq, users } from '@taxfirm/db';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { ADA_ADMIN_ARGS, runCli } from '../../../test/cli.ts';
import { setPasswordByLink, signUpAndLogIn, useTestApp } from '../../../test/helpers.ts';
import { createStaffMember, StaffExistsError } from './staff-accounts.service.ts';

const PASSWORD = 'a long staff passphrase';

const t = useTestApp();

/** A staff member made as `npm run staff:create` makes one, with the password set through the link. */
async function staffMember(email: string, role: 'admin' | 'analyst' = 'analyst') {
  const { userId, setupLink } = await createStaffMember(t.database.db, 'http://localhost:3000', {
    email,
    role,
    first_name: 'Ada',
    last_name: 'Shah',
  });
  const token = setupLink.split('/resetpasswordlink/')[1] ?? '';
  expect((await t.post('/api/settings/checkresetpwdlink', { tokenid: token })).json().status_smessage).toBe(
    'Activate',
  );
  const set = await setPasswordByLink(t, token, PASSWORD);
  expect(set.json().status_smessage).toBe('Password updated successfully');
  return userId;
}

const codeFor = async (secret: string, stepsAhead = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * stepsAhead });

/** First login: password, enrolment, first code; answers the session cookie and the secret. */
async function enrolled(email: string, role: 'admin' | 'analyst' = 'analyst') {
  await staffMember(email, role);
  const login = await t.post('/api/staff/login', { email, password: PASSWORD });
  const token = login.json().mfa_token as string;
  const setup = await t.post('/api/staff/login/enrol', { mfa_token: token });
  const secret = setup.json().secret as string;
  const confirm = await t.post('/api/staff/login/enrolconfirm', {
    mfa_token: token,
    code: await codeFor(secret),
  });
  const sid = confirm.cookies.find((c) => c.name === 'sid')?.value ?? '';
  return { sid, secret, confirm };
}

describe('staff accounts from the command line', () => {
  it('npm run staff:create makes the account and prints a one-time set-up link; no second account per e-mail', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'taxfirm-staff-cli-'));
    const run = (...args: string[]) => runCli('staff-create.ts', dataDir, ...args);
    try {
      const args = ADA_ADMIN_ARGS;
      const made = run(...args);
      expect(made.status, made.stderr).toBe(0);
      expect(made.stdout).toContain('Created admin ada@firm.example.');
      expect(made.stdout).toMatch(/http:\/\/localhost:3000\/resetpasswordlink\/[A-Za-z0-9_-]{40,}/);
      const again = run(...args.map((a) => (a === 'ada@firm.example' ? 'ADA@firm.example' : a)));
      expect(again.status).toBe(2);
      expect(again.stderr).toContain('An account with ADA@firm.example already exists.');
      const bad = run('--email', 'nobody', '--role', 'boss');
      expect(bad.status).toBe(2);
      expect(bad.stderr).toContain('role: role must be one of: analyst, admin');
      expect(bad.stderr).toContain('first_name: First name is required');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('refuses a second account with the same e-mail in any case', async () => {
    await staffMember('twice@firm.example');
    await expect(
      createStaffMember(t.database.db, 'http://localhost:3000', {
        email: 'TWICE@firm.example',
        role: 'admin',
        first_name: 'Ada',
        last_name: 'Shah',
      }),
    ).rejects.toBeInstanceOf(StaffExistsError);
  });
});

describe('staff sign-in with mandatory two-step verification', () => {
  it('at first login the password earns only the enrolment; the first code starts the session', async () => {
    const email = 'first.login@firm.example';
    await staffMember(email, 'admin');
    const login = await t.post('/api/staff/login', { email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ step: 'enrol' });
    expect(login.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    const token = login.json().mfa_token as string;
    // The token is not a session and cannot skip to the code step.
    expect((await t.post('/api/staff/login/mfa', { mfa_token: token, code: '123456' })).statusCode).toBe(401);

    const setup = await t.post('/api/staff/login/enrol', { mfa_token: token });
    expect(setup.json().qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    const secret = setup.json().secret as string;
    const wrong = await t.post('/api/staff/login/enrolconfirm', { mfa_token: token, code: '000000' });
    expect(wrong.statusCode).toBe(400);
    const confirm = await t.post('/api/staff/login/enrolconfirm', {
      mfa_token: token,
      code: await codeFor(secret),
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json().staff).toMatchObject({ email, role: 'admin', first_name: 'Ada' });
    expect(confirm.json().recovery_codes).toHaveLength(10);
    const sid = confirm.cookies.find((c) => c.name === 'sid')?.value ?? '';
    expect((await t.postAs(sid, '/api/staff/me')).json().staff).toMatchObject({ email, role: 'admin' });
    // The token is used up.
    expect(
      (await t.post('/api/staff/login/enrolconfirm', { mfa_token: token, code: await codeFor(secret, 1) }))
        .statusCode,
    ).toBe(401);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(user?.mfaEnabledAt).toBeInstanceOf(Date);
  });

  it('afterwards asks for the code, and a recovery code works once', async () => {
    const email = 'returning@firm.example';
    const { confirm, secret } = await enrolled(email);
    const login = await t.post('/api/staff/login', { email, password: PASSWORD });
    expect(login.json()).toMatchObject({ step: 'mfa' });
    const token = login.json().mfa_token as string;
    // Enrolment cannot be restarted with a code-step token: the console reads it as an expired login.
    const restart = await t.post('/api/staff/login/enrol', { mfa_token: token });
    expect(restart.statusCode).toBe(401);
    expect(restart.json()).toMatchObject({
      code: 'MFA_LOGIN_EXPIRED',
      status_smessage: 'Your login attempt expired. Please log in again.',
    });
    const ok = await t.post('/api/staff/login/mfa', { mfa_token: token, code: await codeFor(secret, 1) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.cookies.find((c) => c.name === 'sid')?.value).toBeTruthy();

    const [recovery] = confirm.json().recovery_codes as string[];
    const again = await t.post('/api/staff/login', { email, password: PASSWORD });
    const viaRecovery = await t.post('/api/staff/login/mfa', {
      mfa_token: again.json().mfa_token,
      code: recovery,
    });
    expect(viaRecovery.statusCode).toBe(200);
    const third = await t.post('/api/staff/login', { email, password: PASSWORD });
    expect(
      (await t.post('/api/staff/login/mfa', { mfa_token: third.json().mfa_token, code: recovery }))
        .statusCode,
    ).toBe(400);
    const mails = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    expect(mails.some((m) => m.text.includes('recovery codes'))).toBe(true);
  });

  it('answers every wrong credential the same, and keeps clients and staff each to their own login', async () => {
    const email = 'uniform@firm.example';
    await staffMember(email);
    const client = 'a.client@example.com';
    await signUpAndLogIn(t, client);
    const answers = await Promise.all([
      t.post('/api/staff/login', { email, password: 'wrong passphrase' }),
      t.post('/api/staff/login', { email: 'nobody@firm.example', password: PASSWORD }),
      t.post('/api/staff/login', { email: client, password: 'a long test password' }),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json().status_smessage).toBe('Invalid credentials, Please try again.');
    }
    const asClient = await t.post('/api/login/check', { email, password: PASSWORD });
    expect(asClient.statusCode).toBe(401);
    expect(asClient.json().status_smessage).toBe('Invalid credentials, Please try again.');
  });

  it("lists the firm's staff for staff only", async () => {
    const { sid } = await enrolled('lister@firm.example');
    const res = await t.postAs(sid, '/api/staff/members/list');
    expect(res.statusCode).toBe(200);
    const staff = res.json().staff as { name: string; role: string }[];
    expect(staff.length).toBeGreaterThan(0);
    expect(staff.every((s) => s.role === 'admin' || s.role === 'analyst')).toBe(true);
    const { sid: clientSid } = await signUpAndLogIn(t, 'lister.client@example.com');
    expect((await t.postAs(clientSid, '/api/staff/members/list')).statusCode).toBe(403);
  });

  it('refuses staff calls without a staff session: 401 anonymous, 403 for a client', async () => {
    const anonymous = await t.post('/api/staff/me');
    expect(anonymous.statusCode).toBe(401);
    const { sid } = await signUpAndLogIn(t, 'curious.client@example.com');
    const asClient = await t.postAs(sid, '/api/staff/me');
    expect(asClient.statusCode).toBe(403);
    expect(asClient.json().status_smessage).toBe('You do not have permission to do this.');
    // And staff are not clients: the portal's calls refuse them.
    const { sid: staffSid } = await enrolled('not.a.client@firm.example');
    expect((await t.postAs(staffSid, '/api/user/taxpayerinfo')).statusCode).toBe(401);
    expect(
      (await t.postAs(staffSid, '/api/payment/createOrder', { amount: 100, currency: 'USD' })).statusCode,
    ).toBe(401);
  });
});

import { emailOutbox, eq, loginCodes, users } from '@taxfirm/db';
import { describe, expect, it } from 'vitest';
import { signUpAndLogIn, useTestApp } from '../../../test/helpers.ts';
import { LOGIN_MAX_FAILURES } from './sign-in.service.ts';
import { CLIENT_PASSWORD, signInKit, sidOf } from './testing/sign-in-kit.ts';

const t = useTestApp();
const kit = signInKit(t);

const SENT =
  'If an account uses this address, we have e-mailed it a 6-digit sign-in code. It works once, for 10 minutes.';
const INVALID = 'That code is not right or has expired. Please check it or ask for a new one.';

/** The code in the latest e-mail to `email`, as the mail worker sends it. */
async function codeIn(email: string): Promise<string> {
  const [mail] = await kit.mailsTo(email);
  const code = /sign-in code is (\d{6})/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no code e-mailed to ${email}`);
  return code;
}

/** A six-digit code other than `code`. */
const otherThan = (code: string, n = 1) => String((Number(code) + n) % 1_000_000).padStart(6, '0');

/** A signed-up client, signed out (its session from sign-up is not used). */
async function client(email: string) {
  const { userId } = await signUpAndLogIn(t, email);
  return userId;
}

describe('login/code: an e-mailed one-time code instead of a password', () => {
  it('answers the same whether or not the address has an account, and e-mails only the client a code', async () => {
    await client('code.send@example.com');
    const c = kit.fromNewIp();
    const known = await c.post('/api/login/code/send', { email: 'Code.Send@example.com' });
    const unknown = await c.post('/api/login/code/send', { email: 'nobody.code@example.com' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().status_smessage).toBe(SENT);
    expect(await kit.mailsTo('nobody.code@example.com')).toEqual([]);
    const code = await codeIn('code.send@example.com');
    expect(code).toMatch(/^\d{6}$/);
    // Kept hashed, never in clear: not in the codes table, not in the outbox row.
    const rows = await t.database.db.select().from(loginCodes);
    expect(rows.every((row) => !row.codeHash.includes(code))).toBe(true);
    const outbox = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, 'code.send@example.com'));
    expect(outbox.some((row) => row.text.includes(code) || row.html.includes(code))).toBe(false);
  });

  it('signs in with the right code, once: the same code again is refused', async () => {
    const userId = await client('code.once@example.com');
    const c = kit.fromNewIp();
    await c.post('/api/login/code/send', { email: 'code.once@example.com' });
    const code = await codeIn('code.once@example.com');
    const res = await c.post('/api/login/code/verify', { email: 'code.once@example.com', code });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().uinfo).toMatchObject({ user_id: userId });
    expect(sidOf(res)).not.toBe('');
    expect(await kit.auditOf(userId)).toContain('signin.succeeded: e-mailed code');
    const again = await c.post('/api/login/code/verify', { email: 'code.once@example.com', code });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ status_smessage: INVALID, details: { code: INVALID } });
    expect(sidOf(again)).toBe('');
  });

  it('a new code voids the earlier one; an expired code is refused', async () => {
    await client('code.new@example.com');
    const c = kit.fromNewIp();
    await c.post('/api/login/code/send', { email: 'code.new@example.com' });
    const first = await codeIn('code.new@example.com');
    await c.post('/api/login/code/send', { email: 'code.new@example.com' });
    const second = await codeIn('code.new@example.com');
    if (first !== second) {
      const old = await c.post('/api/login/code/verify', { email: 'code.new@example.com', code: first });
      expect(old.statusCode).toBe(400);
    }
    const user = await kit.userRow('code.new@example.com');
    await t.database.db
      .update(loginCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(loginCodes.userId, user.id));
    const expired = await c.post('/api/login/code/verify', { email: 'code.new@example.com', code: second });
    expect(expired.statusCode).toBe(400);
  });

  it(`locks after ${LOGIN_MAX_FAILURES} wrong codes, in the same counter and lock as wrong passwords`, async () => {
    const userId = await client('code.lock@example.com');
    const c = kit.fromNewIp();
    await c.post('/api/login/code/send', { email: 'code.lock@example.com' });
    const code = await codeIn('code.lock@example.com');
    // Wrong passwords and wrong codes add up.
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i += 1) {
      const wrong = await c.post('/api/login/code/verify', {
        email: 'code.lock@example.com',
        code: otherThan(code, i + 1),
      });
      expect(wrong.statusCode).toBe(400);
    }
    expect((await kit.userRow('code.lock@example.com')).loginFailures).toBe(LOGIN_MAX_FAILURES - 1);
    const wrongPassword = await c.post('/api/login/check', {
      email: 'code.lock@example.com',
      password: 'not the password at all',
    });
    expect(wrongPassword.statusCode).toBe(401);
    const row = await kit.userRow('code.lock@example.com');
    expect(row.loginLockedUntil?.getTime()).toBeGreaterThan(Date.now());
    // Locked: the right code and the right password are both refused with 429.
    const right = await c.post('/api/login/code/verify', { email: 'code.lock@example.com', code });
    expect(right.statusCode).toBe(429);
    const password = await c.post('/api/login/check', {
      email: 'code.lock@example.com',
      password: CLIENT_PASSWORD,
    });
    expect(password.statusCode).toBe(429);
    expect(await kit.auditOf(userId)).toContain('signin.locked: 10 wrong passwords; 15 minutes');
  });

  it(`locks after ${LOGIN_MAX_FAILURES} wrong codes alone, and the lock voids the live code`, async () => {
    await client('code.lock2@example.com');
    const c = kit.fromNewIp();
    await c.post('/api/login/code/send', { email: 'code.lock2@example.com' });
    const code = await codeIn('code.lock2@example.com');
    for (let i = 0; i < LOGIN_MAX_FAILURES; i += 1) {
      await c.post('/api/login/code/verify', {
        email: 'code.lock2@example.com',
        code: otherThan(code, i + 1),
      });
    }
    expect(
      (await c.post('/api/login/code/verify', { email: 'code.lock2@example.com', code })).statusCode,
    ).toBe(429);
    // Once the lock is over, the old code is dead too.
    const user = await kit.userRow('code.lock2@example.com');
    await t.database.db.update(users).set({ loginLockedUntil: null }).where(eq(users.id, user.id));
    expect(
      (await c.post('/api/login/code/verify', { email: 'code.lock2@example.com', code })).statusCode,
    ).toBe(400);
  });

  it('is a first factor only: with two-step verification on, the second step follows', async () => {
    const { userId, secret } = await kit.clientWithMfa('code.mfa@example.com');
    const c = kit.fromNewIp();
    await c.post('/api/login/code/send', { email: 'code.mfa@example.com' });
    const code = await codeIn('code.mfa@example.com');
    const first = await c.post('/api/login/code/verify', { email: 'code.mfa@example.com', code });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ mfa_required: true });
    expect(first.json().uinfo).toBeUndefined();
    expect(sidOf(first)).toBe('');
    const second = await c.post('/api/account/mfa/login', {
      mfa_token: first.json().mfa_token,
      code: await kit.rightCode(userId, secret),
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(sidOf(second)).not.toBe('');
  });

  it("sends nothing to a staff member's address and refuses a staff sign-in by code", async () => {
    await kit.staffWithPassword('code.staff@example.com');
    const c = kit.fromNewIp();
    const sent = await c.post('/api/login/code/send', { email: 'code.staff@example.com' });
    expect(sent.json().status_smessage).toBe(SENT);
    expect(await kit.mailsTo('code.staff@example.com')).toEqual([]);
    const res = await c.post('/api/login/code/verify', { email: 'code.staff@example.com', code: '123456' });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a code that is not six digits with the field message', async () => {
    const c = kit.fromNewIp();
    const res = await c.post('/api/login/code/verify', { email: 'x@example.com', code: '12ab' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toMatchObject({ code: INVALID });
    const empty = await c.post('/api/login/code/verify', { email: 'x@example.com', code: '' });
    expect(empty.json().details).toMatchObject({ code: 'Enter the 6-digit code from the e-mail' });
  });
});

describe('account/stepup with a fresh e-mailed code', () => {
  it("e-mails the session's own address a code that steps this session up once", async () => {
    const { sid, userId } = await signUpAndLogIn(t, 'code.stepup@example.com');
    const sent = await t.postAs(sid, '/api/account/stepup/code/send');
    expect(sent.statusCode).toBe(200);
    expect(sent.json().status_smessage).toBe(
      'We have e-mailed you a 6-digit code. It works once, for 10 minutes.',
    );
    const code = await codeIn('code.stepup@example.com');
    const wrong = await t.postAs(sid, '/api/account/stepup', { email_code: otherThan(code) });
    expect(wrong.statusCode).toBe(400);
    const ok = await t.postAs(sid, '/api/account/stepup', { email_code: code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await kit.auditOf(userId)).toContain('account.stepup: e-mailed code');
    const again = await t.postAs(sid, '/api/account/stepup', { email_code: code });
    expect(again.statusCode).toBe(400);
  });

  it('keeps the password and the authenticator code as before', async () => {
    const { sid, secret, userId } = await kit.clientWithMfa('code.stepup.old@example.com');
    const byPassword = await t.postAs(sid, '/api/account/stepup', { password: CLIENT_PASSWORD });
    expect(byPassword.statusCode).toBe(200);
    const byCode = await t.postAs(sid, '/api/account/stepup', { code: await kit.rightCode(userId, secret) });
    expect(byCode.statusCode, byCode.body).toBe(200);
    const both = await t.postAs(sid, '/api/account/stepup', {
      password: CLIENT_PASSWORD,
      email_code: '123456',
    });
    expect(both.statusCode).toBe(400);
  });
});

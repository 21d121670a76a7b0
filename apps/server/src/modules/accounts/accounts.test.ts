import {
  authTokens,
  clients,
  emailOutbox,
  eq,
  filings,
  filingStatusHistory,
  sessions,
  sql,
  users,
} from '@taxfirm/db';
import { describe, expect, it } from 'vitest';
import { hashToken, randomToken } from '../../lib/crypto/tokens.ts';
import { STEADY_ANSWER_MS } from '../../lib/steady-timing.ts';
import { sentText, setPasswordByLink, useTestApp } from '../../../test/helpers.ts';
import { registrationBody } from '../../../test/samples.ts';

const t = useTestApp();

const PASSWORD = 'correct horse battery';

function registration(email: string) {
  return registrationBody({ email, password: PASSWORD, mobileCountry: 'INDIA', phone: '98765-43210' });
}

/** The latest e-mail to an address, from the outbox. */
async function lastMail(to: string) {
  const rows = await t.database.db
    .select()
    .from(emailOutbox)
    .where(sql`lower(${emailOutbox.to}) = lower(${to})`)
    .orderBy(sql`${emailOutbox.createdAt} desc`)
    .limit(1);
  return rows[0];
}

function linkIn(text: string | undefined, path: string): URL {
  const match = new RegExp(`https?://\\S+/${path}\\?\\S+`).exec(text ?? '');
  if (!match) throw new Error(`no ${path} link in: ${text}`);
  return new URL(match[0]);
}

/** Register and verify through the calls; returns the address. */
async function verifiedAccount(email: string) {
  expect((await t.post('/api/login/register', registration(email))).statusCode).toBe(200);
  const link = linkIn(sentText(await lastMail(email)), 'accountverifyuser');
  const verify = await t.post('/api/login/cregisterverify', {
    tokenId: link.searchParams.get('tokenId'),
    verifytoken: link.searchParams.get('verifytoken'),
  });
  expect(verify.statusCode).toBe(200);
  return email;
}

async function login(email: string, password = PASSWORD) {
  const res = await t.post('/api/login/check', { email, password });
  const sid = res.cookies.find((c) => c.name === 'sid');
  return { res, sid: sid?.value ?? '' };
}

describe('register and verify', () => {
  it('creates the user, the client, the filing at To Be Assigned and a verification e-mail', async () => {
    const res = await t.post('/api/login/register', registration('asha@example.com'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ http_code: 200, status_smessage: 'Mail is sent successfully.' });

    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'asha@example.com'));
    expect(user).toMatchObject({ role: 'client', firstName: 'Asha', lastName: 'Rao', verifiedAt: null });
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    const [client] = await t.database.db
      .select()
      .from(clients)
      .where(eq(clients.userId, user?.id ?? ''));
    expect(client).toMatchObject({ phone: '9876543210', phoneExt: 'INDIA', fileNumber: null });
    const [filing] = await t.database.db
      .select()
      .from(filings)
      .where(eq(filings.clientId, client?.id ?? ''));
    expect(filing?.status).toBe('To Be Assigned');
    const history = await t.database.db
      .select()
      .from(filingStatusHistory)
      .where(eq(filingStatusHistory.filingId, filing?.id ?? ''));
    expect(history).toMatchObject([{ fromStatus: null, toStatus: 'To Be Assigned' }]);

    const mail = await lastMail('asha@example.com');
    expect(mail?.subject).toContain('Verify your');
    const link = linkIn(sentText(mail), 'accountverifyuser');
    expect(link.origin).toBe('http://localhost:3000');
    expect(mail?.html).toContain('{{secret-link}}');
  });

  it("answers 'Email already in use.' for an address already registered, in any case", async () => {
    const res = await t.post('/api/login/register', registration('ASHA@example.com'));
    expect(res.statusCode).toBe(409);
    expect(res.json().status_smessage).toBe('Email already in use.');
    // The register form branches on the code, never on the text.
    expect(res.json().code).toBe('EMAIL_IN_USE');
  });

  it('refuses a login before verification only once the password is right', async () => {
    const wrong = await login('asha@example.com', 'not the password');
    expect(wrong.res.statusCode).toBe(401);
    expect(wrong.res.json().status_smessage).toBe('Invalid credentials, Please try again.');
    expect(wrong.res.json().code).toBe('LOGIN_INVALID');
    const right = await login('asha@example.com');
    expect(right.res.statusCode).toBe(403);
    expect(right.res.json().status_smessage).toBe(
      'Please verify your email address first. We can send you a new verification link.',
    );
    expect(right.res.json().code).toBe('LOGIN_NOT_VERIFIED');
    expect(right.sid).toBe('');
  });

  it('verifies from the e-mailed link once; the link cannot be used again', async () => {
    const link = linkIn(sentText(await lastMail('asha@example.com')), 'accountverifyuser');
    const body = {
      tokenId: link.searchParams.get('tokenId'),
      verifytoken: link.searchParams.get('verifytoken'),
    };
    expect((await t.post('/api/login/cregisterverify', body)).statusCode).toBe(200);
    const again = await t.post('/api/login/cregisterverify', body);
    expect(again.statusCode).toBe(400);
    expect(again.json().status_smessage).toBe('This verification link is invalid or has expired.');
    const forged = await t.post('/api/login/cregisterverify', { ...body, verifytoken: randomToken() });
    expect(forged.statusCode).toBe(400);
  });

  it('sends a new verification link on request, with the same answer for any address', async () => {
    await t.post('/api/login/register', registration('late@example.com'));
    const before = await lastMail('late@example.com');
    const known = await t.post('/api/account/resendverification', { email: 'late@example.com' });
    const unknown = await t.post('/api/account/resendverification', { email: 'nobody@example.com' });
    expect(known.json()).toEqual(unknown.json());
    expect((await lastMail('late@example.com'))?.id).not.toBe(before?.id);
    expect(await lastMail('nobody@example.com')).toBeUndefined();
  });
});

describe('login and sessions', () => {
  it('answers uinfo and sets an HttpOnly session cookie whose token is stored only as a hash', async () => {
    const { res, sid } = await login('asha@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json().uinfo).toMatchObject({
      user_name: 'Asha Rao',
      email: 'asha@example.com',
      filestatus: 'To Be Assigned',
      userstate: 'active',
      filenumber: null,
    });
    const cookie = res.cookies.find((c) => c.name === 'sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const rows = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(sid)));
    expect(rows).toHaveLength(1);
    const all = JSON.stringify(await t.database.db.select().from(sessions));
    expect(all).not.toContain(sid);
  });

  it('answers the same for an unknown address and a wrong password', async () => {
    const unknown = await login('nobody@example.com');
    const wrong = await login('asha@example.com', 'wrong password!');
    expect(unknown.res.statusCode).toBe(401);
    expect(unknown.res.json()).toEqual(wrong.res.json());
  });

  it('keeps a session alive with activity and ends it after 20 idle minutes', async () => {
    const { sid } = await login('asha@example.com');
    expect((await t.postAs(sid, '/api/settings/logoutstatus')).json().loginstatus).toBe(1);
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '21 minutes'` })
      .where(eq(sessions.tokenHash, hashToken(sid)));
    expect((await t.postAs(sid, '/api/settings/logoutstatus')).json()).toMatchObject({
      http_code: 200,
      loginstatus: 0,
    });
    const call = await t.postAs(sid, '/api/user/changepassword', {
      oldpassword: PASSWORD,
      password: 'another long password',
      confirmpassword: 'another long password',
    });
    expect(call.statusCode).toBe(401);
    expect(call.json().status_smessage).toBe('Unauthorized access');
  });

  it('ends a session 12 hours after login whatever the activity', async () => {
    const { sid } = await login('asha@example.com');
    await t.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.tokenHash, hashToken(sid)));
    expect((await t.postAs(sid, '/api/settings/logoutstatus')).json().loginstatus).toBe(0);
  });

  it('the inactivity poll does not count as activity', async () => {
    const { sid } = await login('asha@example.com');
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '19 minutes'` })
      .where(eq(sessions.tokenHash, hashToken(sid)));
    await t.postAs(sid, '/api/settings/logoutstatus');
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(sid)));
    expect(Date.now() - (row?.lastSeenAt.getTime() ?? 0)).toBeGreaterThan(18 * 60_000);
  });

  it('refuses a POST without the CSRF header with 403, even with a session', async () => {
    const { sid } = await login('asha@example.com');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/settings/logoutstatus',
      cookies: { sid, 'XSRF-TOKEN': t.csrfToken },
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(403);
  });

  it('binds the CSRF token to the session cookie: a login brings a new one, a planted one is refused', async () => {
    const { res, sid } = await login('asha@example.com');
    const fresh = res.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    expect(fresh).not.toBe('');
    const call = (token: string, cookie = sid) =>
      t.app.inject({
        method: 'POST',
        url: '/api/settings/logoutstatus',
        cookies: { sid: cookie, 'XSRF-TOKEN': token },
        headers: { 'content-type': 'application/json', 'X-XSRF-TOKEN': token },
        payload: '{}',
      });
    expect((await call(fresh)).json().loginstatus).toBe(1);
    // A visitor's token (what a sibling subdomain could plant) does not work with a session.
    const planted = await call(t.csrfToken);
    expect(planted.statusCode).toBe(403);
    expect(planted.json().code).toBe('CSRF_FAILED');
    // Nor does a token made for another session.
    const other = await login('asha@example.com');
    const otherToken = other.res.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    expect((await call(otherToken)).statusCode).toBe(403);
  });

  it("answers 'Unauthorized access', not a CSRF failure, once a session has expired", async () => {
    // Another address: this file's logins for asha@ have used up most of that address's rate limit.
    await verifiedAccount('expired.csrf@example.com');
    const { res, sid } = await login('expired.csrf@example.com');
    const token = res.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '30 minutes'` })
      .where(eq(sessions.tokenHash, hashToken(sid)));
    const call = await t.app.inject({
      method: 'POST',
      url: '/api/user/changepassword',
      cookies: { sid, 'XSRF-TOKEN': token },
      headers: { 'content-type': 'application/json', 'X-XSRF-TOKEN': token },
      payload: JSON.stringify({
        oldpassword: PASSWORD,
        password: 'x'.repeat(12),
        confirmpassword: 'x'.repeat(12),
      }),
    });
    expect(call.statusCode, call.body).toBe(401);
    expect(call.json().status_smessage).toBe('Unauthorized access');
  });

  it('logs out on the server: the cookie no longer opens anything', async () => {
    const { sid } = await login('asha@example.com');
    const out = await t.postAs(sid, '/api/account/logout');
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    expect((await t.postAs(sid, '/api/settings/logoutstatus')).json().loginstatus).toBe(0);
  });

  it('answers the 11th rapid login for one address with 429', async () => {
    await verifiedAccount('target@example.com');
    const answers: number[] = [];
    for (let i = 0; i < 10; i += 1)
      answers.push((await login('target@example.com', `guess number ${i}`)).res.statusCode);
    expect(answers).toEqual(Array(10).fill(401));
    // The 11th is refused before the password is even checked (the right one included).
    const last = await login('target@example.com');
    expect(last.res.statusCode).toBe(429);
    expect(last.res.json()).toMatchObject({
      http_code: 429,
      status_smessage: 'Too many attempts. Please wait a moment and try again.',
    });
  });
});

describe('passwords', () => {
  it('changes the password: other sessions end, this one continues with a new token, the old password fails', async () => {
    await verifiedAccount('change@example.com');
    const other = await login('change@example.com');
    const mine = await login('change@example.com');
    const res = await t.postAs(mine.sid, '/api/user/changepassword', {
      oldpassword: PASSWORD,
      password: 'a brand new passphrase',
      confirmpassword: 'a brand new passphrase',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().status_smessage).toBe('Password changed successfully.');
    const renewed = res.cookies.find((c) => c.name === 'sid')?.value ?? '';
    expect(renewed).not.toBe(mine.sid);
    expect((await t.postAs(other.sid, '/api/settings/logoutstatus')).json().loginstatus).toBe(0);
    expect((await t.postAs(mine.sid, '/api/settings/logoutstatus')).json().loginstatus).toBe(0);
    expect((await t.postAs(renewed, '/api/settings/logoutstatus')).json().loginstatus).toBe(1);
    expect((await login('change@example.com')).res.statusCode).toBe(401);
    expect((await login('change@example.com', 'a brand new passphrase')).res.statusCode).toBe(200);
    expect((await lastMail('change@example.com'))?.subject).toContain('password was changed');
  });

  it('refuses a change with a wrong old password, on the old-password field', async () => {
    await verifiedAccount('wrongold@example.com');
    const { sid } = await login('wrongold@example.com');
    const res = await t.postAs(sid, '/api/user/changepassword', {
      oldpassword: 'not my password',
      password: 'a brand new passphrase',
      confirmpassword: 'a brand new passphrase',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual({ oldpassword: 'Old password is not correct' });
  });

  it('F-18: forgot, resend and staff forgot take the same least time for a known and an unknown address', async () => {
    await verifiedAccount('steady@example.com');
    const timed = async (path: string, email: string) => {
      const started = performance.now();
      const res = await t.post(path, { email });
      expect(res.statusCode).toBe(200);
      return performance.now() - started;
    };
    for (const path of ['/api/login/forgot', '/api/account/resendverification', '/api/staff/login/forgot']) {
      // Timers fire late, never early: each answer waits out the floor, found account or not.
      expect(await timed(path, 'steady@example.com')).toBeGreaterThanOrEqual(STEADY_ANSWER_MS - 1);
      expect(await timed(path, 'nobody.here@example.com')).toBeGreaterThanOrEqual(STEADY_ANSWER_MS - 1);
    }
  });

  it('resets by the e-mailed link once; sessions end; the same answer for unknown addresses', async () => {
    await verifiedAccount('forgot@example.com');
    const { sid } = await login('forgot@example.com');
    const known = await t.post('/api/login/forgot', { email: 'forgot@example.com' });
    const unknown = await t.post('/api/login/forgot', { email: 'ghost@example.com' });
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().status_smessage).toBe(
      "Email sent sucessfully. Please Check SPAM folder as well just in case doesn't hit your Inbox",
    );
    expect(await lastMail('ghost@example.com')).toBeUndefined();

    const link = linkIn(sentText(await lastMail('forgot@example.com')), 'newpasswordlink');
    const body = {
      tokenId: link.searchParams.get('tokenId'),
      userid: link.searchParams.get('userid'),
      newpassword: 'reset passphrase one',
      confirmpassword: 'reset passphrase one',
    };
    const mismatch = await t.post('/api/login/forgotchecker', { ...body, confirmpassword: 'something else' });
    expect(mismatch.json().details).toEqual({
      confirmpassword: 'New password and confirm password are not matched.',
    });
    const wrongUser = await t.post('/api/login/forgotchecker', { ...body, userid: crypto.randomUUID() });
    expect(wrongUser.statusCode).toBe(400);
    const done = await t.post('/api/login/forgotchecker', body);
    expect(done.statusCode).toBe(200);
    expect(done.json().status_smessage).toBe('Password updated successfully');
    const reused = await t.post('/api/login/forgotchecker', body);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().status_smessage).toBe(
      'This link expired. Please contact support team for moving forward.',
    );
    expect((await t.postAs(sid, '/api/settings/logoutstatus')).json().loginstatus).toBe(0);
    expect((await login('forgot@example.com')).res.statusCode).toBe(401);
    expect((await login('forgot@example.com', 'reset passphrase one')).res.statusCode).toBe(200);
  });

  it("answers 'Activate' for a live staff-sent link, resets with it once, then 'This link expired...'", async () => {
    await verifiedAccount('staffreset@example.com');
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'staffreset@example.com'));
    const secret = randomToken();
    await t.database.db.insert(authTokens).values({
      userId: user?.id ?? '',
      kind: 'staff_reset',
      tokenHash: hashToken(secret),
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    expect(
      (await t.post('/api/settings/checkresetpwdlink', { tokenid: secret })).json().status_smessage,
    ).toBe('Activate');
    const mismatch = await setPasswordByLink(t, secret, 'staff given passphrase', 'different');
    expect(mismatch.json().details).toEqual({ cpassword: 'Password and confirm password should match' });
    const ok = await setPasswordByLink(t, secret, 'staff given passphrase');
    expect(ok.json().status_smessage).toBe('Password updated successfully');
    const expired = await t.post('/api/settings/checkresetpwdlink', { tokenid: secret });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().status_smessage).toBe(
      'This link expired. Please contact support team for moving forward.',
    );
  });

  it('keeps no password, session token or link secret in plain text anywhere', async () => {
    await verifiedAccount('plain@example.com');
    const { sid } = await login('plain@example.com');
    await t.post('/api/login/forgot', { email: 'plain@example.com' });
    const resetSecret = linkIn(
      sentText(await lastMail('plain@example.com')),
      'newpasswordlink',
    ).searchParams.get('tokenId');
    const tables = await Promise.all([
      t.database.db.select().from(users),
      t.database.db.select().from(sessions),
      t.database.db.select().from(authTokens),
      t.database.db.select().from(clients),
    ]);
    const dump = JSON.stringify(tables);
    expect(dump).not.toContain(PASSWORD);
    expect(dump).not.toContain(sid);
    expect(dump).not.toContain(resetSecret);
  });
});

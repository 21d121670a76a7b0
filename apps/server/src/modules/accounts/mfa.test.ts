import { eq, mfaRecoveryCodes, users } from '@taxfirm/db';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { signUpAndLogIn, useTestApp } from '../../../test/helpers.ts';

const t = useTestApp();

const EMAIL = 'mfa.user@example.com';
const PASSWORD = 'a long test password';
let sid = '';
let secret = '';
let recoveryCodes: string[] = [];

const login = (email = EMAIL, password = PASSWORD) => t.post('/api/login/check', { email, password });

/** The code of the next 30-second step (accepted within the ±30 s tolerance, and not yet used). */
let stepsAhead = 0;
const nextCode = () => {
  stepsAhead = Math.min(stepsAhead + 1, 1);
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * stepsAhead });
};

describe('two-step verification', () => {
  it('starts enrolment with a secret, its otpauth URL and a QR code, stored sealed', async () => {
    ({ sid } = await signUpAndLogIn(t, EMAIL));
    expect((await t.postAs(sid, '/api/account/mfa/status')).json().enabled).toBe(false);
    const res = await t.postAs(sid, '/api/account/mfa/setup');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    secret = body.secret;
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(body.otpauth_url).toMatch(/^otpauth:\/\/totp\/.+secret=[A-Z2-7]+/);
    expect(body.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, EMAIL));
    expect(user?.mfaSecret).toMatch(/^v1\./);
    expect(user?.mfaSecret).not.toContain(secret);
    expect(user?.mfaEnabledAt).toBeNull();
  });

  it('refuses a wrong first code, then turns on with a right one and answers ten recovery codes once', async () => {
    // F-15: another device is signed in; turning MFA on signs it out and keeps this session.
    const otherSid = (await login()).cookies.find((c) => c.name === 'sid')?.value ?? '';
    expect((await t.postAs(otherSid, '/api/settings/logoutstatus')).json().loginstatus).toBe(1);
    const wrong = await t.postAs(sid, '/api/account/mfa/enable', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual({ code: 'The code is not valid. Please try again.' });
    const res = await t.postAs(sid, '/api/account/mfa/enable', { code: await generate({ secret }) });
    expect(res.statusCode).toBe(200);
    recoveryCodes = res.json().recovery_codes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    const rows = JSON.stringify(await t.database.db.select().from(mfaRecoveryCodes));
    for (const code of recoveryCodes) expect(rows).not.toContain(code);
    expect((await t.postAs(sid, '/api/account/mfa/status')).json().enabled).toBe(true);
    expect((await t.postAs(otherSid, '/api/settings/logoutstatus')).json().loginstatus).toBe(0);
    const again = await t.postAs(sid, '/api/account/mfa/setup');
    expect(again.statusCode).toBe(409);
  });

  it('asks for the code at login; a code finishes it once, and the token cannot be replayed', async () => {
    const first = await login();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ mfa_required: true });
    expect(first.json().uinfo).toBeUndefined();
    expect(first.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    const token = first.json().mfa_token as string;

    const wrong = await t.post('/api/account/mfa/login', { mfa_token: token, code: '123456' });
    expect(wrong.statusCode).toBe(400);
    // The enrolment used this step's code: a login needs a newer one.
    const ok = await t.post('/api/account/mfa/login', { mfa_token: token, code: await nextCode() });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().uinfo.email).toBe(EMAIL);
    const newSid = ok.cookies.find((c) => c.name === 'sid')?.value ?? '';
    expect((await t.postAs(newSid, '/api/settings/logoutstatus')).json().loginstatus).toBe(1);

    const replay = await t.post('/api/account/mfa/login', {
      mfa_token: token,
      code: await generate({ secret }),
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().status_smessage).toBe('Your login attempt expired. Please log in again.');
    expect(replay.json().code).toBe('MFA_LOGIN_EXPIRED');
  });

  it('never accepts the same authenticator code twice, even in a new login', async () => {
    const [user] = await t.database.db.select().from(users).where(eq(users.email, EMAIL));
    const used = await generate({ secret, epoch: (user?.mfaLastTimeStep ?? 0) * 30 });
    const token = (await login()).json().mfa_token as string;
    const replayed = await t.post('/api/account/mfa/login', { mfa_token: token, code: used });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().details).toEqual({ code: 'The code is not valid. Please try again.' });
  });

  it('takes a recovery code once', async () => {
    const code = recoveryCodes[0] ?? '';
    const first = (await login()).json().mfa_token as string;
    const ok = await t.post('/api/account/mfa/login', { mfa_token: first, code: code.toUpperCase() });
    expect(ok.statusCode).toBe(200);
    const second = (await login()).json().mfa_token as string;
    const reused = await t.post('/api/account/mfa/login', { mfa_token: second, code });
    expect(reused.statusCode).toBe(400);
  });

  it('F-15: turns off only with the password and a current code; other sessions end; login is one step again', async () => {
    const disable = (body: object) => t.postAs(sid, '/api/account/mfa/disable', body);
    const missing = await disable({ password: PASSWORD });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual({ code: 'Enter the 6-digit code from your authenticator app' });
    const wrong = await disable({ password: 'not my password', code: '123456' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual({ password: 'Password is not correct' });
    const wrongCode = await disable({ password: PASSWORD, code: '000000' });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().details).toEqual({ code: 'The code is not valid. Please try again.' });
    // Another device signed in meanwhile (with a recovery code): turning MFA off signs it out.
    const token = (await login()).json().mfa_token as string;
    const other = await t.post('/api/account/mfa/login', { mfa_token: token, code: recoveryCodes[1] });
    const otherSid = other.cookies.find((c) => c.name === 'sid')?.value ?? '';
    expect((await t.postAs(otherSid, '/api/settings/logoutstatus')).json().loginstatus).toBe(1);

    // A recovery code does too (the phone may be what was lost).
    const off = await disable({ password: PASSWORD, code: recoveryCodes[2] });
    expect(off.json().status_smessage).toBe('Two-step verification is off.');
    expect((await t.postAs(otherSid, '/api/settings/logoutstatus')).json().loginstatus).toBe(0);
    expect((await t.postAs(sid, '/api/settings/logoutstatus')).json().loginstatus).toBe(1);
    const res = await login();
    expect(res.json().uinfo?.email).toBe(EMAIL);
    expect(await t.database.db.select().from(mfaRecoveryCodes)).toHaveLength(0);
  });

  it('refuses the MFA calls without a session', async () => {
    const res = await t.post('/api/account/mfa/setup');
    expect(res.statusCode).toBe(401);
  });
});

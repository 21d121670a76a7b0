import { asc, auditLog, emailOutbox, eq, users } from '@taxfirm/db';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { sentText, setPasswordByLink, signUpAndLogIn, useTestApp } from '../../../test/helpers.ts';
import { createSession } from '../accounts/sessions.service.ts';
import { createStaffMember } from './staff-accounts.service.ts';

const PASSWORD = 'a long staff passphrase';
const NEW_PASSWORD = 'another staff passphrase';

const t = useTestApp();

const codeFor = (secret: string, stepsAhead = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * stepsAhead });
/** E-mails to `email`, with their text as sent (one-time links opened). */
const mailsTo = async (email: string) =>
  // In the order they were written: a row the mail worker updated moves in the heap (PostgreSQL).
  (
    await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, email))
      .orderBy(asc(emailOutbox.createdAt))
  ).map((row) => ({
    ...row,
    text: sentText(row),
  }));
const userByEmail = async (email: string) =>
  (await t.database.db.select().from(users).where(eq(users.email, email)))[0];
const linkToken = (text: string | undefined) => /resetpasswordlink\/([\w-]+)/.exec(text ?? '')?.[1] ?? '';

/** A staff member with a password set through the set-up link and an enrolled authenticator. */
async function enrolledStaff(email: string) {
  const { userId, setupLink } = await createStaffMember(t.database.db, 'http://localhost:3000', {
    email,
    role: 'analyst',
    first_name: 'Ravi',
    last_name: 'Shah',
  });
  const token = setupLink.split('/resetpasswordlink/')[1] ?? '';
  await setPasswordByLink(t, token, PASSWORD);
  const login = await t.post('/api/staff/login', { email, password: PASSWORD });
  const mfaToken = login.json().mfa_token as string;
  const secret = (await t.post('/api/staff/login/enrol', { mfa_token: mfaToken })).json().secret as string;
  const confirm = await t.post('/api/staff/login/enrolconfirm', {
    mfa_token: mfaToken,
    code: await codeFor(secret),
  });
  const sid = confirm.cookies.find((c) => c.name === 'sid')?.value ?? '';
  return { userId, secret, sid };
}

/** A second signed-in session of the same member (another browser). */
async function secondSession(userId: string) {
  return (await createSession(t.database.db, userId, { ip: '127.0.0.2', userAgent: 'other browser' })).token;
}

describe('F-10: staff change their own password from the console', () => {
  it('F-10: asks the current password and a current code; ends other sessions, starts a new one, audits, e-mails', async () => {
    const email = 'changer@firm.example';
    const { userId, secret, sid } = await enrolledStaff(email);
    const other = await secondSession(userId);
    expect((await t.postAs(other, '/api/staff/me', {})).statusCode).toBe(200);
    const mailsBefore = (await mailsTo(email)).length;

    const res = await t.postAs(sid, '/api/staff/account/changepassword', {
      oldpassword: PASSWORD,
      code: await codeFor(secret, 1),
      password: NEW_PASSWORD,
      confirmpassword: NEW_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status_smessage).toBe('Password changed successfully.');
    const fresh = res.cookies.find((c) => c.name === 'sid')?.value ?? '';
    expect(fresh).not.toBe('');
    expect(fresh).not.toBe(sid);
    // This browser goes on with the new session; the old token and the other browser are signed out.
    expect((await t.postAs(fresh, '/api/staff/me', {})).statusCode).toBe(200);
    expect((await t.postAs(sid, '/api/staff/me', {})).statusCode).toBe(401);
    expect((await t.postAs(other, '/api/staff/me', {})).statusCode).toBe(401);
    expect((await t.post('/api/staff/login', { email, password: PASSWORD })).statusCode).toBe(401);
    expect((await t.post('/api/staff/login', { email, password: NEW_PASSWORD })).json().step).toBe('mfa');

    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'staff.password.changed'));
    expect(audits.map((a) => a.actorUserId)).toEqual([userId]);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(mailsBefore + 1);
    expect(mails.at(-1)?.subject).toMatch(/password was changed/);
  });

  it('F-10: refuses a wrong current password, a wrong code, a mismatch and a common password; nothing changes', async () => {
    const email = 'careful@firm.example';
    const { secret, sid } = await enrolledStaff(email);
    const before = (await userByEmail(email))?.passwordHash;
    const base = {
      oldpassword: PASSWORD,
      code: '000000',
      password: NEW_PASSWORD,
      confirmpassword: NEW_PASSWORD,
    };

    const wrongOld = await t.postAs(sid, '/api/staff/account/changepassword', {
      ...base,
      oldpassword: 'not my passphrase',
      code: await codeFor(secret, 1),
    });
    expect(wrongOld.statusCode).toBe(400);
    expect(wrongOld.json().details).toEqual({ oldpassword: 'Old password is not correct' });

    const wrongCode = await t.postAs(sid, '/api/staff/account/changepassword', base);
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().details).toEqual({ code: 'The code is not valid. Please try again.' });

    const noCode = await t.postAs(sid, '/api/staff/account/changepassword', { ...base, code: '' });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().details).toMatchObject({
      code: 'Enter the 6-digit code from your authenticator app',
    });

    const mismatch = await t.postAs(sid, '/api/staff/account/changepassword', {
      ...base,
      confirmpassword: 'something else entirely',
    });
    expect(mismatch.json().details).toEqual({
      confirmpassword: 'New password and confirm password is not match.',
    });

    const common = await t.postAs(sid, '/api/staff/account/changepassword', {
      ...base,
      password: 'Password1234!',
      confirmpassword: 'Password1234!',
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().details).toEqual({ password: 'This password is too common. Choose another.' });

    expect((await userByEmail(email))?.passwordHash).toBe(before);
    expect((await t.postAs(sid, '/api/staff/me', {})).statusCode).toBe(200);
  });

  it('F-10: is for staff only: a client gets 403, no session 401', async () => {
    const client = await signUpAndLogIn(t, 'portal.client@example.com');
    const body = {
      oldpassword: 'a long test password',
      code: '123456',
      password: NEW_PASSWORD,
      confirmpassword: NEW_PASSWORD,
    };
    expect((await t.postAs(client.sid, '/api/staff/account/changepassword', body)).statusCode).toBe(403);
    expect((await t.post('/api/staff/account/changepassword', body)).statusCode).toBe(401);
  });
});

describe('F-10: staff reset a lost password by e-mail', () => {
  it('F-10: answers the same for staff, clients and unknown addresses; only staff get the one-time set-up link', async () => {
    const email = 'forgetful@firm.example';
    const { secret, sid } = await enrolledStaff(email);
    await signUpAndLogIn(t, 'forgetful.client@example.com');
    const clientMails = (await mailsTo('forgetful.client@example.com')).length;

    const answers = [];
    for (const address of [
      email,
      'FORGETFUL@firm.example',
      'forgetful.client@example.com',
      'nobody@firm.example',
    ]) {
      answers.push((await t.post('/api/staff/login/forgot', { email: address })).json());
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toMatchObject({ http_code: 200 });
    expect(await mailsTo('forgetful.client@example.com')).toHaveLength(clientMails);
    expect(await mailsTo('nobody@firm.example')).toHaveLength(0);

    const resets = (await mailsTo(email)).filter((m) => /staff account/.test(m.subject));
    expect(resets).toHaveLength(2);
    // A new link replaces the earlier one.
    const first = linkToken(resets[0]?.text);
    const second = linkToken(resets[1]?.text);
    expect((await t.post('/api/settings/checkresetpwdlink', { tokenid: first })).statusCode).toBe(400);
    expect(
      (await t.post('/api/settings/checkresetpwdlink', { tokenid: second })).json().status_smessage,
    ).toBe('Activate');
    // Until it is used, the old password still works.
    expect((await t.postAs(sid, '/api/staff/me', {})).statusCode).toBe(200);

    const common = await setPasswordByLink(t, second, 'qwertyuiop12');
    expect(common.json().details).toEqual({ newpassword: 'This password is too common. Choose another.' });
    const set = await setPasswordByLink(t, second, NEW_PASSWORD);
    expect(set.json().status_smessage).toBe('Password updated successfully');
    // Every session ends; the authenticator is still required at the next sign-in.
    expect((await t.postAs(sid, '/api/staff/me', {})).statusCode).toBe(401);
    const login = await t.post('/api/staff/login', { email, password: NEW_PASSWORD });
    expect(login.json().step).toBe('mfa');
    expect(login.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    const finish = await t.post('/api/staff/login/mfa', {
      mfa_token: login.json().mfa_token,
      code: await codeFor(secret, 1),
    });
    expect(finish.statusCode).toBe(200);
  });

  it('F-10: a deactivated member gets no link; bad input is a 400; the per-address limit answers 429', async () => {
    const { userId } = await enrolledStaff('leaver@firm.example');
    await t.database.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, userId));
    const before = (await mailsTo('leaver@firm.example')).length;
    expect((await t.post('/api/staff/login/forgot', { email: 'leaver@firm.example' })).statusCode).toBe(200);
    expect(await mailsTo('leaver@firm.example')).toHaveLength(before);
    expect((await t.post('/api/staff/login/forgot', { email: 'not-an-address' })).statusCode).toBe(400);

    const statuses = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push((await t.post('/api/staff/login/forgot', { email: 'limit@firm.example' })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

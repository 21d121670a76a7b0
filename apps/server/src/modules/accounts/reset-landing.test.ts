import { describe, expect, it } from 'vitest';
import { setPasswordByLink, signUpAndLogIn, staffSession, useTestApp } from '../../../test/helpers.ts';
import { users } from '@taxfirm/db';
import { createResetLink } from './passwords.service.ts';
import { signInKit, sidOf } from './testing/sign-in-kit.ts';

const t = useTestApp();
const kit = signInKit(t);

/** The forgot-password link e-mailed to `email`, as its page reads it. */
async function forgotLink(email: string) {
  await kit.fromNewIp().post('/api/login/forgot', { email });
  const [mail] = await kit.mailsTo(email);
  const link = /\S*newpasswordlink\?\S+/.exec(mail?.text ?? '')?.[0] ?? '';
  return new URL(link);
}

const tokenOf = (link: string) => link.split('/resetpasswordlink/')[1] ?? '';

describe('issue 38: a password set from a reset or invitation link lands signed in', () => {
  it("a client's forgot-password link: 'Password updated successfully' and a session (uinfo, cookie)", async () => {
    const { userId } = await signUpAndLogIn(t, 'land.forgot@example.com');
    const link = await forgotLink('land.forgot@example.com');
    const res = await t.post('/api/login/forgotchecker', {
      tokenId: link.searchParams.get('tokenId'),
      userid: link.searchParams.get('userid'),
      newpassword: 'a brand new passphrase',
      confirmpassword: 'a brand new passphrase',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status_smessage: 'Password updated successfully',
      door: 'client',
      uinfo: { user_id: userId },
    });
    const sid = sidOf(res);
    expect((await t.postAs(sid, '/api/settings/logoutstatus')).json().loginstatus).toBe(1);
    expect(await kit.auditOf(userId)).toContain('signin.succeeded: reset link');
  });

  it('a client with two-step verification on goes on to the second step, not signed in', async () => {
    const { userId, secret } = await kit.clientWithMfa('land.mfa@example.com');
    const link = await forgotLink('land.mfa@example.com');
    const res = await t.post('/api/login/forgotchecker', {
      tokenId: link.searchParams.get('tokenId'),
      userid: link.searchParams.get('userid'),
      newpassword: 'a brand new passphrase',
      confirmpassword: 'a brand new passphrase',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status_smessage: 'Password updated successfully',
      mfa_required: true,
    });
    expect(res.json().uinfo).toBeUndefined();
    expect(sidOf(res)).toBe('');
    const second = await t.post('/api/account/mfa/login', {
      mfa_token: res.json().mfa_token,
      code: await kit.rightCode(userId, secret),
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(sidOf(second)).not.toBe('');
  });

  it("a client invited by staff (set-up link) lands signed in on the dashboard's data", async () => {
    const { userId } = await signUpAndLogIn(t, 'land.invite@example.com');
    const link = await createResetLink(t.database.db, 'http://localhost:3000', userId);
    const res = await setPasswordByLink(t, tokenOf(link), 'an invited passphrase');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ door: 'client', uinfo: { user_id: userId } });
    expect(sidOf(res)).not.toBe('');
  });

  it('a login with no file any more (a removed household member) sets the password and is not signed in', async () => {
    const [user] = await t.database.db
      .insert(users)
      .values({
        email: 'land.removed@example.com',
        passwordHash: 'x',
        firstName: 'Removed',
        lastName: 'Member',
        verifiedAt: new Date(),
      })
      .returning({ id: users.id });
    const link = await createResetLink(t.database.db, 'http://localhost:3000', user?.id ?? '');
    const res = await setPasswordByLink(t, tokenOf(link), 'a passphrase of my own');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status_smessage).toBe('Password updated successfully');
    expect(res.json().uinfo).toBeUndefined();
    expect(sidOf(res)).toBe('');
  });

  it('a new staff member (set-up link) goes on to enrol an authenticator: staff keep their second factor', async () => {
    const { userId } = await staffSession(t, 'land.staff@firm.example', 'analyst');
    const link = await createResetLink(t.database.db, 'http://localhost:3000', userId);
    const res = await setPasswordByLink(t, tokenOf(link), 'a staff passphrase here');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status_smessage: 'Password updated successfully',
      door: 'staff',
      step: 'enrol',
      mfa_required: true,
    });
    expect(sidOf(res)).toBe('');
    const enrol = await t.post('/api/staff/login/enrol', { mfa_token: res.json().mfa_token });
    expect(enrol.statusCode, enrol.body).toBe(200);
  });

  it('an enrolled staff member resetting goes on to the code step', async () => {
    const { userId } = await kit.enrolledStaff('land.staff2@firm.example');
    const link = await createResetLink(t.database.db, 'http://localhost:3000', userId);
    const res = await setPasswordByLink(t, tokenOf(link), 'another staff passphrase');
    expect(res.json()).toMatchObject({ door: 'staff', step: 'mfa', mfa_required: true });
    expect(sidOf(res)).toBe('');
  });
});

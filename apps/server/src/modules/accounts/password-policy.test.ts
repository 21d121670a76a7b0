import { emailOutbox, eq, users } from '@taxfirm/db';
import { describe, expect, it } from 'vitest';
import { sentText, setPasswordByLink, signUpAndLogIn, useTestApp } from '../../../test/helpers.ts';
import { registrationBody } from '../../../test/samples.ts';
import { expectFieldErrors } from '../../../test/answers.ts';
import { isCommonPassword } from '../../lib/crypto/password-policy.ts';
import { createResetLink } from './passwords.service.ts';

const TOO_COMMON = 'This password is too common. Choose another.';
const TOO_SHORT = 'Password must be at least 12 characters';

const t = useTestApp();

const userByEmail = async (email: string) =>
  (await t.database.db.select().from(users).where(eq(users.email, email)))[0];

describe('F-14: the password policy (at least 12 characters, no common or breached password)', () => {
  it('F-14: knows common passwords whatever their case, and with digits or symbols around a common word', async () => {
    for (const word of [
      'password1234',
      'Password1234!',
      '123456789012',
      'qwertyuiop12',
      'iloveyou2025',
      'Sunshine!!!!',
    ]) {
      expect(await isCommonPassword(word), word).toBe(true);
    }
    for (const word of [
      'correct horse battery',
      'a long staff passphrase',
      'Tr0ub4dor&3 horse',
      'zq8-vLm2-pw9x',
    ]) {
      expect(await isCommonPassword(word), word).toBe(false);
    }
  });

  it('F-14: register refuses an 11-character password and a common one; no account is made', async () => {
    const short = await t.post(
      '/api/login/register',
      registrationBody({ email: 'short.pw@example.com', password: 'eleven char' }),
    );
    expectFieldErrors(short, { password: TOO_SHORT });
    const common = await t.post(
      '/api/login/register',
      registrationBody({ email: 'common.pw@example.com', password: 'Password1234' }),
    );
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: { password: TOO_COMMON } });
    expect(await userByEmail('short.pw@example.com')).toBeUndefined();
    expect(await userByEmail('common.pw@example.com')).toBeUndefined();
    const mails = await t.database.db.select().from(emailOutbox);
    expect(mails.filter((m) => /pw@example\.com/.test(m.to))).toHaveLength(0);
  });

  it('F-14: change password, reset by e-mailed link and reset by staff-sent link refuse a common password', async () => {
    const client = await signUpAndLogIn(t, 'policy.client@example.com');
    const before = (await userByEmail('policy.client@example.com'))?.passwordHash;

    const change = await t.postAs(client.sid, '/api/user/changepassword', {
      oldpassword: 'a long test password',
      password: '123456789012',
      confirmpassword: '123456789012',
    });
    expectFieldErrors(change, { password: TOO_COMMON });

    await t.post('/api/login/forgot', { email: 'policy.client@example.com' });
    const resetMail = (
      await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'policy.client@example.com'))
    )
      .map(sentText)
      .find((text) => text.includes('newpasswordlink'));
    expect(resetMail).toBeDefined();
    const link = new URL(/http\S+newpasswordlink\S+/.exec(resetMail ?? '')?.[0] ?? 'http://x');
    /** The e-mailed link's form, with `password` typed twice. */
    const resetByMailedLink = (password: string) =>
      t.post('/api/login/forgotchecker', {
        tokenId: link.searchParams.get('tokenId'),
        userid: link.searchParams.get('userid'),
        newpassword: password,
        confirmpassword: password,
      });
    expectFieldErrors(await resetByMailedLink('qwertyuiop12'), { newpassword: TOO_COMMON });

    const staffLink = await createResetLink(t.database.db, 'http://localhost:3000', client.userId);
    const tokenId = staffLink.split('/resetpasswordlink/')[1] ?? '';
    expectFieldErrors(await setPasswordByLink(t, tokenId, 'iloveyou2025'), { newpassword: TOO_COMMON });
    expect((await setPasswordByLink(t, tokenId, 'elevenchars')).json().details).toEqual({
      newpassword: TOO_SHORT,
    });

    // Nothing changed, and both links still work for a good password.
    expect((await userByEmail('policy.client@example.com'))?.passwordHash).toBe(before);
    expect(
      (await t.post('/api/settings/checkresetpwdlink', { tokenid: tokenId })).json().status_smessage,
    ).toBe('Activate');
    expect((await resetByMailedLink('a sound new passphrase')).statusCode).toBe(200);
  });
});

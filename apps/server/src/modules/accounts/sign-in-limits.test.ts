/**
 * Login limits that never lock out the owner (issue item 9), and per-user limits on a held session's password
 * guesses (F-15).
 */
import { eq, sql, users } from '@taxfirm/db';
import { describe, expect, it } from 'vitest';
import { signUpAndLogIn, useTestApp } from '../../../test/helpers.ts';
import { CLIENT_PASSWORD, STAFF_PASSWORD, sidOf, signInKit } from './testing/sign-in-kit.ts';

const t = useTestApp();
const { fromNewIp, userRow, auditOf, mailsTo, enrolledStaff } = signInKit(t);

describe('issue item 9: login limits that never lock out the owner', () => {
  it('15 successful logins in a row for one account all succeed, at both doors', async () => {
    const client = 'frequent.client@example.com';
    await signUpAndLogIn(t, client);
    await enrolledStaff('frequent.staff@firm.example');
    const c = fromNewIp();
    const answers: number[] = [];
    for (let i = 0; i < 15; i += 1) {
      answers.push(
        (await c.post('/api/login/check', { email: client, password: CLIENT_PASSWORD })).statusCode,
      );
      answers.push(
        (await c.post('/api/staff/login', { email: 'frequent.staff@firm.example', password: STAFF_PASSWORD }))
          .statusCode,
      );
    }
    expect(answers).toEqual(Array(30).fill(200));
  });

  it('10 wrong passwords lock the account, the right one included, until the lock ends; a success resets the count', async () => {
    const email = 'guessed.client@example.com';
    const { userId } = await signUpAndLogIn(t, email);
    const c = fromNewIp();
    const login = (password: string) => c.post('/api/login/check', { email, password });
    // Nine wrong, then the owner: the count starts again.
    for (let i = 0; i < 9; i += 1) expect((await login(`guess ${i}`)).statusCode).toBe(401);
    expect((await login(CLIENT_PASSWORD)).statusCode).toBe(200);
    expect((await userRow(email)).loginFailures).toBe(0);
    const answers: number[] = [];
    for (let i = 0; i < 10; i += 1) answers.push((await login(`guess ${i}`)).statusCode);
    expect(answers).toEqual(Array(10).fill(401));
    const refused = await login(CLIENT_PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      http_code: 429,
      code: 'TOO_MANY_REQUESTS',
      status_smessage: 'Too many attempts. Please wait a moment and try again.',
    });
    expect(sidOf(refused)).toBe('');
    // The lock is the account's, not the address's: another IP is refused too.
    expect(
      (await fromNewIp().post('/api/login/check', { email, password: CLIENT_PASSWORD })).statusCode,
    ).toBe(429);
    expect(await auditOf(userId)).toContain('signin.locked: 10 wrong passwords; 15 minutes');

    await t.database.db
      .update(users)
      .set({ loginLockedUntil: sql`now() - interval '1 second'` })
      .where(eq(users.id, userId));
    const after = await login(CLIENT_PASSWORD);
    expect(after.statusCode).toBe(200);
    expect(sidOf(after)).not.toBe('');
  });

  it('locks a staff account at both doors, and a reset link lifts the lock', async () => {
    const email = 'guessed.staff@firm.example';
    await enrolledStaff(email);
    const c = fromNewIp();
    // Wrong passwords at either door count towards one lock.
    for (let i = 0; i < 10; i += 1) {
      const url = i % 2 === 0 ? '/api/staff/login' : '/api/login/check';
      expect((await c.post(url, { email, password: `guess ${i}` })).statusCode).toBe(401);
    }
    expect((await c.post('/api/staff/login', { email, password: STAFF_PASSWORD })).statusCode).toBe(429);

    const client = 'reset.unlocks@example.com';
    await signUpAndLogIn(t, client);
    for (let i = 0; i < 10; i += 1)
      await c.post('/api/login/check', { email: client, password: `guess ${i}` });
    expect((await c.post('/api/login/check', { email: client, password: CLIENT_PASSWORD })).statusCode).toBe(
      429,
    );
    await c.post('/api/login/forgot', { email: client });
    const link = /newpasswordlink\?(\S+)/.exec((await mailsTo(client))[0]?.text ?? '')?.[1] ?? '';
    const query = new URLSearchParams(link);
    const reset = await c.post('/api/login/forgotchecker', {
      tokenId: query.get('tokenId'),
      userid: query.get('userid'),
      newpassword: 'a fresh reset passphrase',
      confirmpassword: 'a fresh reset passphrase',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(
      (await c.post('/api/login/check', { email: client, password: 'a fresh reset passphrase' })).statusCode,
    ).toBe(200);
  });
});

describe('F-15: a held session cannot guess passwords', () => {
  it('F-15: user/changepassword allows 5 tries per account in 15 minutes, whatever the IP', async () => {
    const { sid } = await signUpAndLogIn(t, 'guessing.session@example.com');
    const answers: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await fromNewIp().postAs(sid, '/api/user/changepassword', {
        oldpassword: `guess number ${i}`,
        password: 'another long passphrase',
        confirmpassword: 'another long passphrase',
      });
      answers.push(res.statusCode);
    }
    expect(answers).toEqual([400, 400, 400, 400, 400, 429]);
  });
});

/**
 * Issue 16's black-box run: the built server started the way an operator might start it by mistake (no
 * NODE_ENV), driven over HTTP only, with a real SMTP server catching its e-mail. No browser: these are the
 * answers an attacker's script would get.
 */
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { generate } from 'otplib';
import { HttpClient } from '../../support/http-client.ts';
import { Mailbox } from '../../support/mailbox.ts';
import { AppServer } from '../../support/server.ts';

const APP_URL = 'https://portal.example.test';
const STAFF_EMAIL = 'ops.admin@firm.example';
const CLIENT_EMAIL = 'repeat.visitor@example.com';
const PASSWORD = 'violet tangram 48 harbour';
const STAFF_ARGS = ['--email', STAFF_EMAIL, '--role', 'admin', '--first-name', 'Ops', '--last-name', 'Admin'];

/** Six digits that are none of the codes valid around now (so a "wrong code" is surely wrong). */
async function wrongCode(secret: string): Promise<string> {
  const step = Math.floor(Date.now() / 30_000);
  const valid = new Set(
    await Promise.all([-2, -1, 0, 1, 2].map((d) => generate({ secret, epoch: (step + d) * 30 }))),
  );
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}

const currentCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 30_000) * 30 });

test.describe('the built app, started without NODE_ENV (issue 16)', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(300_000);

  const mailbox = new Mailbox();
  let server: AppServer;

  test.beforeAll(async () => {
    await mailbox.start();
    server = new AppServer(
      {
        APP_URL,
        SMTP_URL: mailbox.url,
        // The catcher is a loopback relay without TLS; production refuses plain SMTP unless told so.
        SMTP_ALLOW_PLAINTEXT: '1',
        MAIL_FROM: 'Portal <portal@firm.example>',
        ENCRYPTION_KEY: randomBytes(32).toString('base64url'),
        SESSION_SECRET: randomBytes(32).toString('base64url'),
        PAYMENT_PROVIDER: 'razorpay',
        RAZORPAY_KEY_ID: 'rzp_live_blackboxrun',
        RAZORPAY_KEY_SECRET: randomBytes(16).toString('hex'),
        RAZORPAY_WEBHOOK_SECRET: randomBytes(16).toString('hex'),
        TRUST_PROXY: '0',
      },
      { asBuilt: true },
    );
    await server.start();
  });

  test.afterAll(async () => {
    await server.dispose();
    await mailbox.stop();
  });

  test('GET /dev/mail answers 404', async () => {
    const http = new HttpClient(server.baseURL);
    const res = await http.get('/dev/mail');
    expect(res.status).toBe(404);
  });

  test('staff:create while the server runs refuses with a message, and the data directory still opens', async () => {
    const beside = server.runCliBesideServer('apps/server/src/cli/staff-create.ts', STAFF_ARGS);
    // Refused: it names the process holding the database and says what to do.
    expect(beside.status).toBe(1);
    expect(beside.stderr).toMatch(/in use by .*pid \d+/i);
    expect(beside.stderr).toContain('stop the server');
    // The server still answers, and after a restart the same data directory opens.
    expect((await new HttpClient(server.baseURL).get('/readyz')).status).toBe(200);
    await server.stop();
    await server.start();
    expect((await new HttpClient(server.baseURL).get('/readyz')).status).toBe(200);
  });

  test('20 wrong second-step codes across both endpoints never sign a staff member in, and lock further tries', async () => {
    // Made with the server stopped, as the command asks.
    const created = await server.runCli('apps/server/src/cli/staff-create.ts', STAFF_ARGS);
    expect(created.status, created.stderr).toBe(0);
    const setupToken = /https:\/\/\S+\/resetpasswordlink\/(\S+)/.exec(created.stdout)?.[1] ?? '';
    const http = new HttpClient(server.baseURL);
    await http.get('/');
    const set = await http.post('settings/updatepasswordlink', {
      token_id: setupToken,
      newpassword: PASSWORD,
      cpassword: PASSWORD,
    });
    expect(set.status, set.text).toBe(200);

    // First sign-in: enrol an authenticator, then sign out.
    const first = await http.post('staff/login', { email: STAFF_EMAIL, password: PASSWORD });
    expect(first.json.step).toBe('enrol');
    const setup = await http.post('staff/login/enrol', { mfa_token: first.json.mfa_token });
    const secret = String(setup.json.secret);
    const enrolled = await http.post('staff/login/enrolconfirm', {
      mfa_token: first.json.mfa_token,
      code: await currentCode(secret),
    });
    expect(enrolled.status, enrolled.text).toBe(200);
    expect(enrolled.sessionCookieSet).toBe(true);
    expect((await http.post('account/logout', {})).status).toBe(200);
    http.forgetSession();

    // A staff member's right code, on the client endpoint: refused, and no cookie comes back.
    const forClient = await http.post('staff/login', { email: STAFF_EMAIL, password: PASSWORD });
    expect(forClient.json.step).toBe('mfa');
    const crossed = await http.post('account/mfa/login', {
      mfa_token: forClient.json.mfa_token,
      code: await currentCode(secret),
    });
    expect(crossed.status).toBe(401);
    expect(crossed.sessionCookieSet).toBe(false);

    // Twenty wrong codes, alternating endpoints, each on a fresh second-step token.
    const doors = ['staff/login/mfa', 'account/mfa/login'] as const;
    const answers: Record<(typeof doors)[number], number[]> = {
      'staff/login/mfa': [],
      'account/mfa/login': [],
    };
    const plan: (typeof doors)[number][] = Array.from({ length: 10 }, () => [...doors]).flat();
    for (const [i, door] of plan.entries()) {
      const login = await http.post('staff/login', { email: STAFF_EMAIL, password: PASSWORD });
      expect(login.status, login.text).toBe(200);
      const res = await http.post(door, { mfa_token: login.json.mfa_token, code: await wrongCode(secret) });
      expect(res.sessionCookieSet, `${door} #${i}`).toBe(false);
      answers[door].push(res.status);
    }
    // The client door never takes a staff token (401, as an unknown token); at the staff door a wrong code
    // is a 400 on the code field, the fifth
    // locks the second step, and the tries after it are refused unread.
    expect(answers['account/mfa/login']).toEqual(Array(10).fill(401));
    expect(answers['staff/login/mfa']).toEqual([400, 400, 400, 400, 400, 429, 429, 429, 429, 429]);

    // Now even the right code is refused, and there is no session.
    const again = await http.post('staff/login', { email: STAFF_EMAIL, password: PASSWORD });
    const right = await http.post('staff/login/mfa', {
      mfa_token: again.json.mfa_token,
      code: await currentCode(secret),
    });
    expect(right.status, right.text).toBe(429);
    expect(right.sessionCookieSet).toBe(false);
    expect((await http.post('staff/me', {})).status).toBe(401);
    // The staff member was told, by e-mail.
    await expect
      .poll(() =>
        mailbox.received.some(
          (m) => m.to.includes(STAFF_EMAIL) && m.body.includes('We blocked sign-in attempts'),
        ),
      )
      .toBe(true);
  });

  test('15 successful logins in a row for one account all succeed', async () => {
    const http = new HttpClient(server.baseURL);
    await http.get('/');
    const since = mailbox.received.length;
    const registered = await http.post('login/register', {
      first_name: 'Meera',
      last_name: 'Iyer',
      mobileCountry: 'US',
      phone: '4695550142',
      email: CLIENT_EMAIL,
      confirmemail: CLIENT_EMAIL,
      password: PASSWORD,
      confirmpassword: PASSWORD,
      terms: true,
    });
    expect(registered.status, registered.text).toBe(200);
    const link = await mailbox.link(CLIENT_EMAIL, 'accountverifyuser', since);
    const verified = await http.post('login/cregisterverify', {
      tokenId: link.searchParams.get('tokenId'),
      verifytoken: link.searchParams.get('verifytoken'),
    });
    expect(verified.status, verified.text).toBe(200);

    for (let i = 0; i < 15; i++) {
      const res = await http.post('login/check', { email: CLIENT_EMAIL, password: PASSWORD });
      expect(res.status, `login ${i + 1}: ${res.text}`).toBe(200);
      expect(res.sessionCookieSet).toBe(true);
    }
  });

  test('30 rapid contact posts from one address get 429', async () => {
    const http = new HttpClient(server.baseURL);
    await http.get('/');
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await http.post('savecontactinfo', {
        c_name: 'Flood Tester',
        c_email: 'flood@example.com',
        c_phone_ext: 'US',
        c_phone: '4695550100',
        c_message: `Message ${i}`,
      });
      statuses.push(res.status);
    }
    expect(statuses[0]).toBe(200);
    expect(statuses).toContain(429);
    // Once refused, refused until the window ends.
    expect(statuses.slice(statuses.indexOf(429)).every((s) => s === 429)).toBe(true);
  });
});

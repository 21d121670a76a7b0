/**
 * The session cookie (security review F-18): sid over http, __Host-sid with secure cookies.
 */
import { XSRF_COOKIE, XSRF_HEADER } from '@taxfirm/contract';
import { eq, users } from '@taxfirm/db';
import { describe, expect, it } from 'vitest';
import { createTestApp, csrfFor, signUpAndLogIn, useTestApp } from '../../../test/helpers.ts';
import { registrationBody } from '../../../test/samples.ts';
import { CLIENT_PASSWORD, signInKit } from './testing/sign-in-kit.ts';

const t = useTestApp();
const { fromNewIp } = signInKit(t);

describe('F-18: the session cookie', () => {
  it('F-18: over http it is sid, a browser-session cookie (no Max-Age or Expires)', async () => {
    await signUpAndLogIn(t, 'cookie.dev@example.com');
    const res = await fromNewIp().post('/api/login/check', {
      email: 'cookie.dev@example.com',
      password: CLIENT_PASSWORD,
    });
    const cookie = res.cookies.find((c) => c.name === 'sid');
    expect(cookie).toMatchObject({ httpOnly: true, path: '/', sameSite: 'Lax' });
    expect(cookie?.maxAge).toBeUndefined();
    expect(cookie?.expires).toBeUndefined();
  });

  it('F-18: with secure cookies it is __Host-sid (Secure, Path=/, no Domain), and a plain sid is ignored', async () => {
    const prod = await createTestApp({ isProduction: true });
    try {
      const email = 'cookie.prod@example.com';
      const post = (url: string, body: unknown, cookies: Record<string, string> = {}) =>
        prod.app.inject({
          method: 'POST',
          url,
          cookies: { [XSRF_COOKIE]: prod.csrfToken, ...cookies },
          headers: { [XSRF_HEADER]: prod.csrfToken, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
      expect(
        (await post('/api/login/register', registrationBody({ email, password: CLIENT_PASSWORD })))
          .statusCode,
      ).toBe(200);
      await prod.database.db.update(users).set({ verifiedAt: new Date() }).where(eq(users.email, email));
      const login = await post('/api/login/check', { email, password: CLIENT_PASSWORD });
      expect(login.statusCode, login.body).toBe(200);
      const cookie = login.cookies.find((c) => c.name === '__Host-sid');
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, path: '/', sameSite: 'Lax' });
      expect(cookie?.domain).toBeUndefined();
      expect(cookie?.maxAge).toBeUndefined();
      expect(login.cookies.find((c) => c.name === 'sid')).toBeUndefined();
      const token = cookie?.value ?? '';
      const poll = async (cookies: Record<string, string>, csrf: string) => {
        const res = await prod.app.inject({
          method: 'POST',
          url: '/api/settings/logoutstatus',
          cookies: { [XSRF_COOKIE]: csrf, ...cookies },
          headers: { [XSRF_HEADER]: csrf, 'content-type': 'application/json' },
          payload: '{}',
        });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().loginstatus as number;
      };
      expect(await poll({ '__Host-sid': token }, csrfFor(token))).toBe(1);
      // The unprefixed name (what a sibling subdomain could plant) opens nothing: the request is a visitor's.
      expect(await poll({ sid: token }, prod.csrfToken)).toBe(0);
    } finally {
      await prod.close();
    }
  });
});

import { expect, request, type APIRequestContext, type BrowserContext } from '@playwright/test';
import type { Mailbox } from './mailbox.ts';
import type { AppServer } from './server.ts';
import { Authenticator, STAFF_PASSWORD, staffFromCli } from './staff.ts';

/**
 * Staff sessions made through the calls, for specs that are not about signing in (staff-login.spec and
 * season.spec walk the command line, the set-up link and the first login with its enrolment in the browser).
 *
 * The command line restarts the app on the embedded database, so it runs once per worker, for the firm's
 * owner; every other member is invited by the owner (the Staff page's call), sets a password from the e-mailed
 * link and enrols an authenticator at the first login, all through the same calls the pages make.
 */

type Member = Parameters<typeof staffFromCli>[1];
type SessionState = Awaited<ReturnType<APIRequestContext['storageState']>>;

const OWNER: Member = {
  email: 'owner@firm.example',
  role: 'admin',
  firstName: 'Uma',
  lastName: 'Owner',
};

/** POST a call with the CSRF cookie this request context holds (fetched with a page when it has none yet). */
async function post(api: APIRequestContext, path: string, body: unknown) {
  const xsrf = async () => (await api.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
  if (!(await xsrf())) await api.get('/privacy-policy');
  return api.post(`/api/${path}`, { data: body, headers: { 'X-XSRF-TOKEN': (await xsrf()) ?? '' } });
}

/** The same, expecting 200: answers the body. */
async function call(api: APIRequestContext, path: string, body: unknown) {
  const res = await post(api, path, body);
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return res.json() as Promise<Record<string, unknown>>;
}

/**
 * A member with a live set-up link: the password through the link's call, then the first login (password,
 * authenticator enrolment, the first code). Answers the signed-in session's cookies and the authenticator.
 */
async function firstLoginByCalls(
  server: AppServer,
  email: string,
  link: URL,
): Promise<{ state: SessionState; authenticator: Authenticator }> {
  const api = await request.newContext({ baseURL: server.baseURL });
  try {
    const tokenId = link.pathname.split('/').at(-1) ?? '';
    await call(api, 'settings/updatepasswordlink', {
      token_id: tokenId,
      newpassword: STAFF_PASSWORD,
      cpassword: STAFF_PASSWORD,
    });
    const login = await call(api, 'staff/login', { email, password: STAFF_PASSWORD });
    expect(login['step']).toBe('enrol');
    const mfaToken = String(login['mfa_token']);
    const enrol = await call(api, 'staff/login/enrol', { mfa_token: mfaToken });
    const authenticator = new Authenticator(String(enrol['secret']));
    await call(api, 'staff/login/enrolconfirm', { mfa_token: mfaToken, code: await authenticator.code() });
    return { state: await api.storageState(), authenticator };
  } finally {
    await api.dispose();
  }
}

type Owner = { state: SessionState; authenticator: Authenticator };

/** The firm's owner, one per app server (so per worker): made by the command line, signed in by the calls. */
const owners = new WeakMap<AppServer, Promise<Owner>>();

/**
 * A request context signed in as the firm's owner (dispose it after use). A session left idle past the
 * inactivity limit (a long run) is replaced by a later login: the password, then a code.
 */
async function asOwner(server: AppServer): Promise<APIRequestContext> {
  let owner = owners.get(server);
  if (!owner) {
    owner = staffFromCli(server, OWNER).then((link) => firstLoginByCalls(server, OWNER.email, link));
    owners.set(server, owner);
  }
  const { state, authenticator } = await owner;
  const api = await request.newContext({ baseURL: server.baseURL, storageState: state });
  if ((await post(api, 'staff/me', {})).status() === 200) return api;
  await api.dispose();
  const fresh = await request.newContext({ baseURL: server.baseURL });
  const login = await call(fresh, 'staff/login', { email: OWNER.email, password: STAFF_PASSWORD });
  expect(login['step']).toBe('mfa');
  await call(fresh, 'staff/login/mfa', { mfa_token: login['mfa_token'], code: await authenticator.code() });
  owners.set(server, Promise.resolve({ state: await fresh.storageState(), authenticator }));
  return fresh;
}

/**
 * The firm's owner changes site settings as the settings page does (read them all, save them all with the
 * change): the public site follows at once, without the app restart a database change needs on PGlite.
 */
export async function changeSiteSettings(server: AppServer, change: Record<string, unknown>): Promise<void> {
  const owner = await asOwner(server);
  try {
    const { settings } = (await call(owner, 'staff/settings/get', {})) as {
      settings: Record<string, unknown>;
    };
    await call(owner, 'staff/settings/save', { ...settings, ...change });
  } finally {
    await owner.dispose();
  }
}

/**
 * A new staff member, invited by the firm's owner and signed in for the first time through the calls: the
 * session's cookies go into `context`. Answers the member's authenticator.
 */
export async function staffSessionInto(
  context: BrowserContext,
  server: AppServer,
  mailbox: Mailbox,
  member: Member,
): Promise<Authenticator> {
  const owner = await asOwner(server);
  const since = mailbox.received.length;
  try {
    await call(owner, 'staff/team/invite', {
      email: member.email,
      role: member.role,
      first_name: member.firstName,
      last_name: member.lastName,
    });
  } finally {
    await owner.dispose();
  }
  const link = await mailbox.link(member.email, 'resetpasswordlink', since);
  const { state, authenticator } = await firstLoginByCalls(server, member.email, link);
  await context.addCookies(state.cookies);
  return authenticator;
}

/** A file field of a multipart call: its name, type and bytes. */
type FilePart = { name: string; mimeType: string; buffer: Buffer };

/**
 * One call made by the firm's owner, as the console would make it: JSON, or (with `multipart`) a multipart
 * form of text fields and files. Expects 200 and answers the body.
 */
export async function asFirmOwner(
  server: AppServer,
  path: string,
  body: Record<string, unknown>,
  { multipart = false }: { multipart?: boolean } = {},
): Promise<Record<string, unknown>> {
  const owner = await asOwner(server);
  try {
    if (!multipart) return await call(owner, path, body);
    const xsrf = (await owner.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const res = await owner.post(`/api/${path}`, {
      multipart: body as Record<string, string | FilePart>,
      headers: { 'X-XSRF-TOKEN': xsrf },
    });
    expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
    return (await res.json()) as Record<string, unknown>;
  } finally {
    await owner.dispose();
  }
}

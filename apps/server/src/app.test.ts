import { readdir } from 'node:fs/promises';
import { connect } from 'node:net';
import { defineCall, emptyBodySchema, envelope, MESSAGES } from '@taxfirm/contract';
import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, useTestApp } from '../test/helpers.ts';
import { registrationBody } from '../test/samples.ts';
import { registerCall } from './lib/register-call.ts';
import { issueCsrfToken } from './plugins/app/csrf.ts';

const t = useTestApp();

/** The app's log, line by line. */
const logLines = () =>
  t
    .logs()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** POST to settings/getsettings by hand: the XSRF cookie and header given (each may be left out), the body as is. */
function postGetSettings(request: {
  cookie?: string;
  header?: string;
  contentType?: string;
  payload?: string;
}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/settings/getsettings',
    ...(request.cookie === undefined ? {} : { cookies: { 'XSRF-TOKEN': request.cookie } }),
    headers: {
      ...(request.header === undefined ? {} : { 'X-XSRF-TOKEN': request.header }),
      ...(request.contentType === undefined ? {} : { 'content-type': request.contentType }),
    },
    payload: request.payload ?? {},
  });
}

/** A body as is, of the content type given, with a valid XSRF cookie and header. */
const postRawBody = (contentType: string, payload: string) =>
  postGetSettings({ cookie: t.csrfToken, header: t.csrfToken, contentType, payload });

beforeAll(async () => {
  // Routes the app's own calls do not exercise: a handler that leaks an extra field, and one that crashes.
  registerCall(
    t.app,
    defineCall({
      path: 'test/leaky',
      body: emptyBodySchema,
      response: envelope({ taxyears: z.array(z.number()) }),
      access: 'public',
      summary: 'A handler that returns more than its schema lists.',
    }),
    async () => ({ taxyears: [2025], secret: 'x' }) as never,
  );
  t.app.post('/api/test/crash', async () => {
    throw new Error('database password is hunter2');
  });
  t.app.post('/api/test/log-nested', async (request) => {
    // A module logging an object that holds a password one level down: the wildcard redaction's case.
    request.log.warn({ form: { password: 'nested-SECRET-6', token: 'nested-SECRET-7' } }, 'form refused');
    return { ok: true };
  });
  t.app.post('/api/test/leaky-error', async () => {
    // Like a Drizzle query error (parameters in its message) raised while handling a reset link.
    throw Object.assign(
      new Error(
        'Failed query: select 1 from users where id = $1 (/newpasswordlink?tokenId=leak-SECRET-4)\nparams: ssn-SECRET-5',
      ),
      { input: '/newpasswordlink?tokenId=leak-SECRET-4' },
    );
  });
});

describe('the envelope', () => {
  it('answers an unknown /api path with the 404 envelope, for GET and POST', async () => {
    const post = await t.post('/api/no/such/call');
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ http_code: 404, status_smessage: 'Not found', code: 'NOT_FOUND' });
    const get = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(get.statusCode).toBe(404);
    expect(get.json().http_code).toBe(404);
  });

  it('answers a malformed JSON body with 400, never a 500', async () => {
    const res = await t.post('/api/settings/getsettings', undefined, {});
    expect(res.statusCode).toBe(200);
    const bad = await postRawBody('application/json', '{"user_id": ');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ http_code: 400, code: 'MALFORMED_BODY' });
  });

  it("answers a request Node's HTTP parser rejects with the 400 envelope", async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write('POST /api/settings/getsettings HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n');
      });
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString()));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toMatchObject({
      http_code: 400,
      code: 'MALFORMED_BODY',
    });
  });

  it('answers an unsupported content type with 400', async () => {
    const res = await postRawBody('application/xml', '<a/>');
    expect(res.statusCode).toBe(400);
    expect(res.json().http_code).toBe(400);
  });

  it('answers a body over the limit with 413', async () => {
    const res = await t.post('/api/settings/getsettings', { filler: 'x'.repeat(1024 * 1024 + 10) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ http_code: 413, code: 'PAYLOAD_TOO_LARGE' });
  });

  it("answers a validation failure with 400 and the specification's field messages", async () => {
    const res = await t.post('/api/settings/careerssubmit', { firstname: '', phone: '12345' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.http_code).toBe(400);
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.status_smessage).toBe('Firstname is required');
    expect(body.details).toMatchObject({
      firstname: 'Firstname is required',
      lastname: 'Lastname is required',
      emailaddress: 'Email is required',
      phone: 'Phone Number must be 10 digits',
      message: 'Message is required',
    });
  });

  it('refuses a client upload without a session before reading or storing any file', async () => {
    const form = new FormData();
    form.append('folderPath', 'someone/W2/');
    form.append('uploadedImages', new Blob([Buffer.from('%PDF-1.4\n' + 'x'.repeat(5000))]), 'w2.pdf');
    const res = await t.postForm('/api/upload/uploaddocs', form);
    expect(res.statusCode).toBe(401);
    expect(res.json().status_smessage).toBe('Unauthorized access');
    expect(await readdir(t.storageRoot, { recursive: true })).toEqual([]);
  });

  it("refuses a client call without a session with 401 'Unauthorized access'", async () => {
    const res = await t.post('/api/user/taxpayerinfo', { user_id: 'someone-else' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ http_code: 401, status_smessage: MESSAGES.UNAUTHORIZED });
  });

  it("strips fields the call's response schema does not list", async () => {
    const res = await t.post('/api/test/leaky');
    expect(res.json()).toEqual({ http_code: 200, status_smessage: 'Success', taxyears: [2025] });
  });

  it('answers an unexpected failure with a generic 500 envelope and no details', async () => {
    const res = await t.post('/api/test/crash');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      http_code: 500,
      status_smessage: 'Something bad happened; please try again later.',
      code: 'INTERNAL',
    });
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toContain('at ');
  });
});

describe('CSRF double-submit', () => {
  it('refuses a tokenless POST whatever spelling of the path routes it to the API', async () => {
    for (const url of [
      '//api/settings/getsettings',
      '/%61pi/settings/getsettings',
      '/api//settings/getsettings',
    ]) {
      const res = await t.app.inject({ method: 'POST', url, payload: {} });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code, url).toBe('CSRF_FAILED');
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('refuses a tokenless state-changing request outside /api too', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/user/dashboard', payload: {} });
    expect(res.statusCode).toBe(403);
  });

  it('refuses a POST without X-XSRF-TOKEN with the 403 envelope', async () => {
    const res = await postGetSettings({ cookie: t.csrfToken });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ http_code: 403, code: 'CSRF_FAILED' });
  });

  it('refuses a header that differs from the cookie', async () => {
    const other = issueCsrfToken('test-session-secret-0123456789abcdefghij');
    const res = await postGetSettings({ cookie: t.csrfToken, header: other });
    expect(res.statusCode).toBe(403);
  });

  it('refuses a matching pair the server never issued', async () => {
    const forged = issueCsrfToken('another-secret-another-secret-another');
    const res = await postGetSettings({ cookie: forged, header: forged });
    expect(res.statusCode).toBe(403);
  });

  it('issues a readable XSRF-TOKEN cookie on any response that lacks one, and not again', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/healthz' });
    const cookie = first.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie).toBeDefined();
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.sameSite).toBe('Lax');
    const token = cookie?.value ?? '';
    const again = await t.app.inject({ method: 'GET', url: '/healthz', cookies: { 'XSRF-TOKEN': token } });
    expect(again.cookies.find((c) => c.name === 'XSRF-TOKEN')).toBeUndefined();
    const used = await postGetSettings({ cookie: token, header: token });
    expect(used.statusCode).toBe(200);
  });
});

describe('security headers', () => {
  it('sends a strict policy on every response', async () => {
    const res = await t.post('/api/settings/getsettings');
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    // API answers allow no inline script at all; pages add a per-response nonce (browser suite).
    expect(scriptSrc.trim()).toBe("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    // Forms post to this site, and only the payment provider's hosted button besides.
    const formAction = csp.split(';').find((d) => d.trim().startsWith('form-action')) ?? '';
    expect(formAction.trim()).toBe("form-action 'self' https://www.paypal.com");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('adds HSTS and Secure cookies in production, and has no /dev/mail (F-02) nor API docs (F-18)', async () => {
    const prod = await createTestApp({ isProduction: true });
    try {
      const res = await prod.app.inject({ method: 'GET', url: '/healthz' });
      expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
      expect(res.cookies.find((c) => c.name === 'XSRF-TOKEN')?.secure).toBe(true);
      expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
      // F-02: the development outbox page does not exist, even for a request from this machine.
      await prod.post(
        '/api/login/register',
        registrationBody({ email: 'prod.mail@example.com', password: 'a long enough password' }),
      );
      const devMail = await prod.app.inject({ method: 'GET', url: '/dev/mail' });
      expect(devMail.statusCode).toBe(404);
      expect(devMail.body).not.toContain('prod.mail@example.com');
      // F-18: the API's documentation (every staff call) is not public.
      for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html']) {
        expect((await prod.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      }
    } finally {
      await prod.close();
    }
  });
});

describe('request ids and logs', () => {
  it("F-18: answers with its own request id, and logs a caller's X-Request-Id only beside it", async () => {
    const mine = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'abc-12345678' },
    });
    const ours = String(mine.headers['x-request-id']);
    expect(ours).toMatch(/^[0-9a-f-]{36}$/);
    const line = logLines().find((l) => l['clientRequestId'] === 'abc-12345678');
    expect(line?.['reqId']).toBe(ours);
    expect(logLines().some((l) => l['reqId'] === 'abc-12345678')).toBe(false);

    const injected = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'bad id\n{"level":60}' },
    });
    expect(injected.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(t.logs()).not.toContain('bad id');
  });

  it('writes one line per request: request id, method, url without query values, ip, status and time', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/accountverifyuser?tokenId=1&verifytoken=v-SECRET',
    });
    const id = String(res.headers['x-request-id']);
    const lines = logLines().filter((l) => l['reqId'] === id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { id, method: 'GET', url: '/accountverifyuser?tokenId=[redacted]&verifytoken=[redacted]' },
      res: { statusCode: res.statusCode },
    });
    expect(lines[0]?.['req']).toHaveProperty('ip');
    expect(typeof lines[0]?.['responseTime']).toBe('number');
    expect(lines[0]?.['req']).not.toHaveProperty('headers');
  });

  it('never logs passwords, tokens, cookies or identity numbers', async () => {
    await t.post('/api/settings/getsettings', { password: 'Sup3rSecretPass!', ssnitin: '123456789' });
    await t.app.inject({ method: 'GET', url: '/newpasswordlink?tokenId=tok-SECRET-1&userid=7' });
    await t.app.inject({ method: 'GET', url: '/resetpasswordlink/reset-SECRET-2' });
    await t.app.inject({ method: 'GET', url: '/accountverifyuser?tokenId=1&verifytoken=verify-SECRET-3' });
    await t.post('/api/test/crash');
    // An error whose message carries a link with a token, and one carrying SQL parameters.
    await t.post('/api/test/leaky-error');
    await t.post('/api/test/log-nested');
    const logs = t.logs();
    expect(logs).toContain('form refused');
    expect(logs).toContain('request completed');
    for (const secret of [
      'Sup3rSecretPass!',
      '123456789',
      'tok-SECRET-1',
      'reset-SECRET-2',
      'verify-SECRET-3',
      t.csrfToken,
      'leak-SECRET-4',
      'ssn-SECRET-5',
      'nested-SECRET-6',
      'nested-SECRET-7',
    ]) {
      expect(logs).not.toContain(secret);
    }
  });
});

describe('the development outbox page and the mail log (F-02)', () => {
  it('F-02: shows the e-mails with their links to a request made on this machine, and is a 404 to any other', async () => {
    const register = await t.post(
      '/api/login/register',
      registrationBody({ email: 'dev.mail@example.com', password: 'a long enough password', first: 'Devi' }),
    );
    expect(register.statusCode).toBe(200);
    await t.app.mail.wake();
    const local = await t.app.inject({ method: 'GET', url: '/dev/mail' });
    expect(local.statusCode).toBe(200);
    expect(local.body).toContain('To dev.mail@example.com');
    expect(local.body).toMatch(/accountverifyuser\?tokenId=[\w-]+&amp;verifytoken=[\w-]+/);

    for (const [why, request] of [
      ['another machine', { remoteAddress: '203.0.113.7' }],
      ['through a proxy on this machine', { headers: { 'x-forwarded-for': '203.0.113.7' } }],
      ['through a proxy (RFC 7239)', { headers: { forwarded: 'for=203.0.113.7' } }],
      ['to a public host name', { headers: { host: 'portal.example.com' } }],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: '/dev/mail', ...request });
      expect(res.statusCode, why).toBe(404);
      expect(res.body, why).not.toContain('dev.mail@example.com');
    }
  });

  it('F-02: never logs an e-mail body or address: only the masked address, subject and id', async () => {
    const before = t.logs().length;
    await t.post(
      '/api/login/register',
      registrationBody({
        email: 'logged.body@example.com',
        password: 'a long enough password',
        first: 'Lakshmi',
      }),
    );
    await t.post('/api/login/forgot', { email: 'logged.body@example.com' });
    await t.app.mail.wake();
    const queued = logLines().filter(
      (l) => l['msg'] === 'e-mail queued (no SMTP_URL: not sent, read it at /dev/mail)',
    );
    expect(queued.length).toBeGreaterThanOrEqual(1);
    expect(queued.at(-1)).toMatchObject({ mailTo: 'l•••@example.com', subject: expect.any(String) });
    expect(queued.at(-1)?.['outboxId']).toMatch(/^[0-9a-f-]{36}$/);
    const logs = t.logs().slice(before);
    for (const leak of [
      'logged.body@example.com',
      'Lakshmi',
      'accountverifyuser',
      'newpasswordlink',
      'tokenId=',
    ]) {
      expect(logs).not.toContain(leak);
    }
  });
});

describe('API documentation (F-18)', () => {
  it('F-18: is served outside production', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().info.title).toBe('Tax firm API');
  });
});

describe('health', () => {
  it('reports liveness and database readiness', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('reports not ready when the database is unreachable', async () => {
    const down = await createTestApp();
    await down.database.close();
    const res = await down.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    await down.app.close();
  });
});

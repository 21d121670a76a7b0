// @vitest-environment node
// Node's own fetch, FormData and File: the real transport, not jsdom's stand-ins.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CALLS, MESSAGES } from '@taxfirm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createApiClient, readCookie } from './api-client.ts';
import { testSiteSettings } from './site-settings.fixture.ts';

const SETTINGS = testSiteSettings({ facebook_url: 'https://facebook.com/firm' });

type Seen = {
  method?: string;
  url?: string;
  csrf?: string | string[];
  contentType?: string | undefined;
  body?: string;
};
const seen: Seen = {};
let answer: (res: ServerResponse) => void = () => {};

/** A real HTTP server that answers as the API does, so the client is tested over a real socket. */
let server: Server;
let baseUrl = '';
beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      Object.assign(seen, {
        method: req.method,
        url: req.url,
        csrf: req.headers['x-xsrf-token'],
        contentType: req.headers['content-type'],
        body,
      });
      answer(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function json(status: number, payload: unknown) {
  return (res: ServerResponse) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(payload));
  };
}

describe('the API client', () => {
  it('posts JSON to /api/<path> with the CSRF header and returns the parsed answer', async () => {
    answer = json(200, { http_code: 200, status_smessage: 'Success', data: [SETTINGS] });
    const api = createApiClient({ baseUrl, getCsrfToken: () => 'csrf-123' });
    const result = await api(CALLS.getSettings, {});
    expect(seen).toMatchObject({
      method: 'POST',
      url: '/api/settings/getsettings',
      csrf: 'csrf-123',
      body: '{}',
    });
    expect(result.data[0]?.site_email).toBe('desk@firm.example');
  });

  it('posts a multipart call as a form: text fields first, then its files', async () => {
    answer = json(200, { http_code: 200, status_smessage: 'Submitted successfully.' });
    const api = createApiClient({ baseUrl, getCsrfToken: () => 'csrf-9' });
    const resume = new File(['%PDF-1.4 my résumé'], 'cv.pdf', { type: 'application/pdf' });
    await api(
      CALLS.careersSubmit,
      { firstname: 'Asha', lastname: 'Rao', emailaddress: 'a@b.example', phone: '4695550100', message: 'hi' },
      { resume },
    );
    expect(seen.csrf).toBe('csrf-9');
    expect(seen.contentType).toMatch(/^multipart\/form-data; boundary=/);
    const body = seen.body ?? '';
    expect(body).toContain('name="firstname"\r\n\r\nAsha\r\n');
    expect(body).toContain('name="resume"; filename="cv.pdf"');
    expect(body).toContain('%PDF-1.4 my résumé');
    expect(body.indexOf('name="message"')).toBeLessThan(body.indexOf('name="resume"'));
  });

  it('turns an error envelope into an ApiError with the server message and field details', async () => {
    answer = json(400, {
      http_code: 400,
      status_smessage: 'Firstname is required',
      code: 'VALIDATION_FAILED',
      details: { firstname: 'Firstname is required' },
    });
    const api = createApiClient({ baseUrl, getCsrfToken: () => 'x' });
    const error = await api(CALLS.careersSubmit, {
      firstname: '',
      lastname: 'Rao',
      emailaddress: 'a@b.example',
      phone: '4695550100',
      message: 'hi',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: 'Firstname is required',
      status: 400,
      code: 'VALIDATION_FAILED',
      details: { firstname: 'Firstname is required' },
    });
  });

  it("calls onUnauthorized for an 'Unauthorized access' answer", async () => {
    answer = json(401, { http_code: 401, status_smessage: MESSAGES.UNAUTHORIZED, code: 'UNAUTHORIZED' });
    let ended = 0;
    const api = createApiClient({ baseUrl, getCsrfToken: () => 'x', onUnauthorized: () => (ended += 1) });
    await expect(api(CALLS.taxpayerInfo, {})).rejects.toMatchObject({ status: 401 });
    expect(ended).toBe(1);
  });

  it('ends the session on the UNAUTHORIZED code only: a wrong password or an expired login step is a 401 too', async () => {
    let ended = 0;
    const api = createApiClient({ baseUrl, getCsrfToken: () => 'x', onUnauthorized: () => (ended += 1) });
    for (const [code, message] of [
      ['LOGIN_INVALID', MESSAGES.LOGIN_INVALID],
      ['MFA_LOGIN_EXPIRED', MESSAGES.MFA_LOGIN_EXPIRED],
    ] as const) {
      answer = json(401, { http_code: 401, status_smessage: message, code });
      await expect(api(CALLS.login, { email: 'a@b.example', password: 'x' })).rejects.toMatchObject({
        status: 401,
        code,
        message,
        isUnauthorized: false,
      });
    }
    expect(ended).toBe(0);
  });

  it("shows 'Something bad happened; please try again later.' when the answer is not the envelope", async () => {
    answer = (res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<h1>Bad gateway</h1>');
    };
    const api = createApiClient({ baseUrl, getCsrfToken: () => 'x' });
    await expect(api(CALLS.getSettings, {})).rejects.toMatchObject({
      message: 'Something bad happened; please try again later.',
      code: 'TRANSPORT',
    });
  });

  it("shows 'Something bad happened; please try again later.' when the server cannot be reached", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const api = createApiClient({ baseUrl: `http://127.0.0.1:${port}`, getCsrfToken: () => 'x' });
    await expect(api(CALLS.getSettings, {})).rejects.toMatchObject({
      message: 'Something bad happened; please try again later.',
      status: 0,
    });
  });

  it('rejects a success answer that does not match the call’s response schema', async () => {
    answer = json(200, { http_code: 200, status_smessage: 'Success', data: [{ site_email: 42 }] });
    const api = createApiClient({ baseUrl, getCsrfToken: () => 'x' });
    await expect(api(CALLS.getSettings, {})).rejects.toMatchObject({ code: 'TRANSPORT' });
  });

  it('reads the XSRF-TOKEN cookie', () => {
    expect(readCookie('a=1; XSRF-TOKEN=abc.def%3D; b=2', 'XSRF-TOKEN')).toBe('abc.def=');
    expect(readCookie('a=1', 'XSRF-TOKEN')).toBeUndefined();
  });
});

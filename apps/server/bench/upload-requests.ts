/**
 * The upload bench's clients (bench/uploads.ts): a browser-like cookie jar, a client registered, verified and
 * logged in over HTTP, and one streamed multipart upload over node:http.
 */
import { randomBytes } from 'node:crypto';
import { request as httpRequest, type Agent } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { UPLOAD_FIELD, XSRF_COOKIE, XSRF_HEADER } from '@taxfirm/contract';
import { registrationBody } from '../test/samples.ts';

const CHUNK = 64 * 1024;
const PASSWORD = 'bench upload password 0123';

/** Cookies of one client, as a browser keeps them for one site. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  absorb(headers: Headers | Record<string, string | string[] | undefined>) {
    const setCookies =
      headers instanceof Headers
        ? headers.getSetCookie()
        : ([] as string[]).concat(headers['set-cookie'] ?? []);
    for (const cookie of setCookies) {
      const pair = cookie.split(';')[0] ?? '';
      const eq = pair.indexOf('=');
      if (eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  }
  get(name: string) {
    return this.cookies.get(name);
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  /** The cookie and the CSRF header a state-changing request sends. */
  auth(): Record<string, string> {
    return { cookie: this.header(), [XSRF_HEADER]: this.get(XSRF_COOKIE) ?? '' };
  }
}

export async function postJson(baseUrl: string, jar: CookieJar, call: string, body: unknown) {
  const res = await fetch(`${baseUrl}/api/${call}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...jar.auth() },
    body: JSON.stringify(body),
  });
  jar.absorb(res.headers);
  const text = await res.text();
  if (!res.ok) throw new Error(`${call} answered ${res.status}: ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

export type Session = { jar: CookieJar; clientId: string };

/** Register, verify through the e-mailed link (GET /dev/mail, outside production), and log in. */
export async function logIn(baseUrl: string, email: string): Promise<Session> {
  const jar = new CookieJar();
  const first = await fetch(`${baseUrl}/privacy-policy`);
  jar.absorb(first.headers);
  await first.arrayBuffer();
  if (!jar.get(XSRF_COOKIE)) throw new Error('the server gave no XSRF-TOKEN cookie');
  await postJson(
    baseUrl,
    jar,
    'login/register',
    registrationBody({ email, password: PASSWORD, first: 'Bench', last: 'Uploads' }),
  );
  let query: URLSearchParams | undefined;
  for (let attempt = 0; attempt < 50 && !query; attempt += 1) {
    const html = (await (await fetch(`${baseUrl}/dev/mail`)).text()).replaceAll('&amp;', '&');
    const mail = html.split('<article>').find((article) => article.includes(`To ${email} `));
    const link = /accountverifyuser\?([^\s<"]+)/.exec(mail ?? '')?.[1];
    if (link) query = new URLSearchParams(link);
    else await sleep(100);
  }
  if (!query) throw new Error(`no verification e-mail for ${email} in /dev/mail`);
  await postJson(baseUrl, jar, 'login/cregisterverify', {
    tokenId: query.get('tokenId'),
    verifytoken: query.get('verifytoken'),
  });
  const login = await postJson(baseUrl, jar, 'login/check', { email, password: PASSWORD });
  const clientId = (login['uinfo'] as { client_id?: string } | undefined)?.client_id;
  if (!clientId || !jar.get('sid')) throw new Error(`login failed: ${JSON.stringify(login)}`);
  return { jar, clientId };
}

/** A multipart body (the fields, then one file), streamed in 64 KB slices of the file's buffer. */
function multipartBody(fields: [string, string][], file: { name: string; type: string; bytes: Buffer }) {
  const boundary = `----taxfirm-bench-${randomBytes(12).toString('hex')}`;
  const head = Buffer.from(
    fields
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="${UPLOAD_FIELD}"; filename="${file.name}"\r\n` +
      `Content-Type: ${file.type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    length: head.length + file.bytes.length + tail.length,
    *chunks(): Generator<Buffer> {
      yield head;
      for (let offset = 0; offset < file.bytes.length; offset += CHUNK)
        yield file.bytes.subarray(offset, offset + CHUNK);
      yield tail;
    },
  };
}

export type Target = {
  port: number;
  path: string;
  headers: () => Record<string, string>;
  fields: [string, string][];
};
export type Answer = { status: number; body: string };

/** Send one PDF to the target, its body streamed; resolves with the answer, whatever its status. */
export function upload(target: Target, bytes: Buffer, name: string, agent: Agent): Promise<Answer> {
  const body = multipartBody(target.fields, { name, type: 'application/pdf', bytes });
  return new Promise<Answer>((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: target.port,
        path: target.path,
        method: 'POST',
        agent,
        headers: {
          ...target.headers(),
          'content-type': body.contentType,
          'content-length': String(body.length),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    // A server that answers before reading the whole body ends the stream early; its answer still counts.
    pipeline(Readable.from(body.chunks(), { objectMode: false }), req).catch(() => undefined);
  });
}

/**
 * A script's view of the app: fetch with a cookie jar that keeps every cookie whatever its Secure flag (the
 * built app in production mode marks them Secure; a script over plain HTTP to 127.0.0.1 still sends them back)
 * and sends the anti-forgery header the way the web app does.
 */
const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';

export type HttpAnswer = {
  status: number;
  text: string;
  json: Record<string, unknown>;
  /** Names of the cookies this answer set (or cleared). */
  setCookieNames: string[];
  /** Did the answer set a session cookie with a value? */
  sessionCookieSet: boolean;
};

const isSessionCookie = (name: string) => /(^|-)sid$/i.test(name);

export class HttpClient {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly baseURL: string) {}

  get(path: string): Promise<HttpAnswer> {
    return this.send(path, { method: 'GET' });
  }

  /** POST a JSON body to an API call (`login/check` → /api/login/check). */
  post(call: string, body: unknown): Promise<HttpAnswer> {
    return this.send(`/api/${call}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [XSRF_HEADER]: this.cookies.get(XSRF_COOKIE) ?? '' },
      body: JSON.stringify(body),
    });
  }

  /** Drop the session cookie (as after a logout), keeping the rest. */
  forgetSession(): void {
    for (const name of [...this.cookies.keys()]) if (isSessionCookie(name)) this.cookies.delete(name);
  }

  private async send(path: string, init: RequestInit): Promise<HttpAnswer> {
    const headers = new Headers(init.headers);
    if (this.cookies.size)
      headers.set('cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const res = await fetch(new URL(path, this.baseURL), { ...init, headers, redirect: 'manual' });
    const setCookieNames: string[] = [];
    let sessionCookieSet = false;
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      setCookieNames.push(name);
      if (value) this.cookies.set(name, value);
      else this.cookies.delete(name);
      if (isSessionCookie(name) && value) sessionCookieSet = true;
    }
    const text = await res.text();
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // not JSON (a page, or an empty answer)
    }
    return { status: res.status, text, json, setCookieNames, sessionCookieSet };
  }
}

/**
 * Resolves the session cookie on every request: `request.user` and `request.sessionId` come from the
 * database, never from the request body. Any API call is activity, except the inactivity poll
 * (settings/logoutstatus), which must not keep an idle session alive.
 */
import { apiPath, CALLS, XSRF_COOKIE } from '@taxfirm/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import {
  createSession,
  findSession,
  revokeSession,
  sessionCookieName,
  touchSession,
} from '../../modules/accounts/sessions.service.ts';
import { isApiUrl } from './api-url.ts';
import { hookError, settleHook } from '../../lib/settle-hook.ts';

export type SessionOptions = { secureCookies: boolean };

const POLL_PATH = apiPath(CALLS.logoutStatus);

/** Drop the Set-Cookie lines of these cookies from an answer (their other cookies stay). */
function dropSetCookies(reply: FastifyReply, names: readonly string[]): void {
  const header = reply.getHeader('set-cookie');
  if (header === undefined) return;
  const lines = (Array.isArray(header) ? header : [String(header)]).filter(
    (line) => !names.some((name) => line.startsWith(`${name}=`)),
  );
  if (lines.length === 0) reply.removeHeader('set-cookie');
  else reply.header('set-cookie', lines);
}

async function session(app: FastifyInstance, options: SessionOptions) {
  const cookieName = sessionCookieName(options.secureCookies);
  /** The session a reply started (startSession), until it is sent. */
  const started = new WeakMap<FastifyReply, string>();

  app.decorateRequest('sessionId', null);

  app.decorateReply('setSessionCookie', function (this: FastifyReply, token: string) {
    // No Max-Age: the browser forgets it when it closes (a shared PC); the server ends it after 20 idle
    // minutes or 12 hours in any case.
    this.setCookie(cookieName, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secureCookies,
    });
    // A new session cookie comes with a CSRF token bound to it (plugins/app/csrf.ts).
    this.setCsrfCookie(token);
  });
  app.decorateReply('clearSessionCookie', function (this: FastifyReply) {
    this.clearCookie(cookieName, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secureCookies,
    });
    this.setCsrfCookie();
  });

  // The one way a sign-in (client or staff) starts a session: a new token every time, and an earlier
  // session in this browser ends, so a session id planted before sign-in is never the signed-in one.
  // Sign-ins call it last, once their whole answer is built.
  app.decorateReply('startSession', async function (this: FastifyReply, userId: string) {
    const { request } = this;
    if (request.sessionId) await revokeSession(app.db, request.sessionId);
    const created = await createSession(app.db, userId, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    started.set(this, created.id);
    this.setSessionCookie(created.token);
  });

  // Whatever fails after a session was started (a later step, the answer's serialisation), an error answer
  // never carries it: the session is revoked and its cookies are not sent (security review F-01).
  // @fastify/cookie writes Set-Cookie in its own onSend hook, registered before this one.
  // A callback hook, not an async one: every answer passes here, and nearly all go straight on.
  app.addHook('onSend', (_request, reply, payload, done) => {
    const id = started.get(reply);
    if (id === undefined || reply.statusCode < 400) return done(null, payload);
    started.delete(reply);
    revokeSession(app.db, id).then(
      () => {
        dropSetCookies(reply, [cookieName, XSRF_COOKIE]);
        done(null, payload);
      },
      (error: unknown) => done(hookError(error)),
    );
  });

  // A callback hook, not an async one: most requests (pages, assets, visitors' calls) have no session to find.
  app.addHook('onRequest', (request, _reply, done) => {
    // Only the API acts on a session; pages and assets never read it.
    if (!isApiUrl(request.url)) return done();
    const token = request.cookies[cookieName];
    if (!token || token.length > 200) return done();
    settleHook(
      findSession(app.db, token).then(async (found) => {
        if (!found) return;
        request.user = found.user;
        request.sessionId = found.id;
        if (request.routeOptions.url !== POLL_PATH) await touchSession(app.db, found);
      }),
      done,
    );
  });
}

export const sessionPlugin = fp(session, { name: 'session', dependencies: ['@fastify/cookie', 'csrf'] });

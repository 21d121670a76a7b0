/**
 * Resolves the session cookie on every request: `request.user` and `request.sessionId` come from the
 * database, never from the request body. Any API call is activity, except the inactivity poll
 * (settings/logoutstatus), which must not keep an idle session alive.
 */
import { apiPath, CALLS } from '@taxfirm/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath } from '../../lib/request-path.ts';
import {
  ABSOLUTE_MS,
  createSession,
  findSession,
  revokeSession,
  SESSION_COOKIE,
  touchSession,
} from '../../modules/accounts/sessions.service.ts';

export type SessionOptions = { secureCookies: boolean };

const POLL_PATH = apiPath(CALLS.logoutStatus);

async function session(app: FastifyInstance, options: SessionOptions) {
  app.decorateRequest('sessionId', null);

  app.decorateReply('setSessionCookie', function (this: FastifyReply, token: string) {
    this.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secureCookies,
      maxAge: Math.floor(ABSOLUTE_MS / 1000),
    });
    // A new session cookie comes with a CSRF token bound to it (plugins/app/csrf.ts).
    this.setCsrfCookie(token);
  });
  app.decorateReply('clearSessionCookie', function (this: FastifyReply) {
    this.clearCookie(SESSION_COOKIE, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secureCookies,
    });
    this.setCsrfCookie();
  });

  // The one way a sign-in (client or staff) starts a session: a new token every time, and an earlier
  // session in this browser ends, so a session id planted before sign-in is never the signed-in one.
  app.decorateReply('startSession', async function (this: FastifyReply, userId: string) {
    const { request } = this;
    if (request.sessionId) await revokeSession(app.db, request.sessionId);
    const started = await createSession(app.db, userId, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    this.setSessionCookie(started.token);
  });

  app.addHook('onRequest', async (request) => {
    // Only the API acts on a session; pages and assets never read it.
    if (!isApiPath(request.url)) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 200) return;
    const found = await findSession(app.db, token);
    if (!found) return;
    request.user = found.user;
    request.sessionId = found.id;
    if (request.routeOptions.url !== POLL_PATH) await touchSession(app.db, found);
  });
}

export const sessionPlugin = fp(session, { name: 'session', dependencies: ['@fastify/cookie', 'csrf'] });

/**
 * CSRF double-submit (DESIGN.md). The server issues a readable XSRF-TOKEN cookie; every state-changing
 * request (every POST to /api, and anything else not GET/HEAD/OPTIONS) must send the same value back in
 * X-XSRF-TOKEN, else 403. The token is signed with the session secret and bound to the session cookie it
 * was issued with (a hash of it; none for a visitor), so a value the server never issued, or one planted
 * for another session (e.g. from a sibling subdomain), is refused even when cookie and header agree. A new
 * session cookie (login, password change, logout) comes with a new token. A refusal that carries a live
 * session (someone else's page posting with a signed-in browser) is audited.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isStaffRole, XSRF_COOKIE, XSRF_HEADER } from '@taxfirm/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findSession, sessionCookieName } from '../../modules/accounts/sessions.service.ts';
import fp from 'fastify-plugin';
import { originOf } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { hookError } from '../../lib/settle-hook.ts';
import { sendError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const XSRF_HEADER_NAME = XSRF_HEADER.toLowerCase();

export type CsrfOptions = { secret: string; secureCookies: boolean };

/** What a token is bound to: the session cookie's hash, or nothing for a visitor. */
export function csrfBinding(sessionCookie: string | undefined): string {
  return sessionCookie ? createHash('sha256').update(sessionCookie).digest('base64url') : '';
}

function sign(secret: string, value: string, binding: string): string {
  return createHmac('sha256', secret).update(`xsrf:${value}:${binding}`).digest('base64url');
}

/** A token for the holder of `sessionCookie` (none: a visitor). */
export function issueCsrfToken(secret: string, sessionCookie?: string): string {
  const value = randomBytes(24).toString('base64url');
  return `${value}.${sign(secret, value, csrfBinding(sessionCookie))}`;
}

export function isValidCsrfToken(
  secret: string,
  token: string | undefined,
  sessionCookie?: string,
): token is string {
  if (!token || token.length > 200) return false;
  const [value, mac, extra] = token.split('.');
  if (!value || !mac || extra !== undefined) return false;
  const expected = Buffer.from(sign(secret, value, csrfBinding(sessionCookie)));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Whether two tokens are equal, in a time that does not depend on where they differ. */
function sameToken(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i += 1) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/**
 * Each request's tokens: the valid one its cookie carried (if any), and the one the browser holds once the
 * answer arrives (a page's form posted without JavaScript carries it in a field, plugins/app/page-forms.ts).
 */
type RequestTokens = { carried: string | undefined; current: string };
/** Where a request keeps its tokens: a request decoration (a WeakMap entry per request cost more). */
const TOKENS = Symbol('csrf tokens');
const tokensOf = (request: FastifyRequest): RequestTokens | undefined =>
  (request as unknown as { [TOKENS]?: RequestTokens | null })[TOKENS] ?? undefined;

/** The CSRF token this page's forms must carry (the XSRF-TOKEN cookie, new or kept). */
export function pageCsrfToken(request: FastifyRequest): string {
  return tokensOf(request)?.current ?? '';
}

/** Whether `given` (a form field) is the valid XSRF-TOKEN cookie this request carried. */
export function carriesCsrfToken(request: FastifyRequest, given: unknown): boolean {
  const carried = tokensOf(request)?.carried;
  return carried !== undefined && typeof given === 'string' && sameToken(given, carried);
}

/** Tokens already verified, so the MAC is computed once per token rather than once per request. */
const VERIFIED_MEMO_SIZE = 10_000;

async function csrf(app: FastifyInstance, options: CsrfOptions) {
  const sidName = sessionCookieName(options.secureCookies);
  const verified = new Set<string>();
  const isValid = (token: string | undefined, sessionCookie: string | undefined): token is string => {
    const key = `${token}|${sessionCookie ?? ''}`;
    if (token !== undefined && verified.has(key)) return true;
    if (!isValidCsrfToken(options.secret, token, sessionCookie)) return false;
    if (verified.size >= VERIFIED_MEMO_SIZE) verified.clear();
    verified.add(key);
    return true;
  };

  app.decorateRequest(TOKENS, null);

  /** Give the browser a token for this session cookie (none: a visitor). */
  app.decorateReply('setCsrfCookie', function (this: FastifyReply, sessionCookie?: string) {
    const token = issueCsrfToken(options.secret, sessionCookie);
    const tokens = tokensOf(this.request);
    if (tokens) tokens.current = token;
    this.setCookie(XSRF_COOKIE, token, {
      path: '/',
      sameSite: 'lax',
      secure: options.secureCookies,
      httpOnly: false,
    });
  });

  /** Audit a refusal made with a live session (an anonymous one is only the request log's). */
  const auditRefusal = async (request: FastifyRequest, sessionCookie: string | undefined) => {
    if (!sessionCookie || sessionCookie.length > 200) return;
    const found = await findSession(app.db, sessionCookie);
    if (!found) return;
    const { user } = found;
    const isStaff = isStaffRole(user.role);
    await audit(app.db, {
      actor: { kind: 'visitor', userId: user.id, ...originOf(request) },
      action: isStaff ? 'staff.csrf.refused' : 'csrf.refused',
      clientId: user.clientId,
      subject: `${request.method} ${request.url.split('?')[0] ?? ''}`.slice(0, 200),
    });
  };

  // A callback hook, not an async one: every request passes here, and nearly all go straight on.
  app.addHook('onRequest', (request, reply, done) => {
    // One read of the route's options: Fastify builds a new object at every read of `request.routeOptions`.
    const { config, url: route = '' } = request.routeOptions;
    // A provider's webhook carries no cookies; its own signature over the body authenticates it.
    if (config.skipCsrf === true) return done();
    const cookie = request.cookies[XSRF_COOKIE];
    const sessionCookie = request.cookies[sidName];
    const hasValidCookie = isValid(cookie, sessionCookie);
    const carried = hasValidCookie ? cookie : undefined;
    (request as unknown as { [TOKENS]: RequestTokens })[TOKENS] = { carried, current: carried ?? '' };
    // Static files (hashed assets, favicon) may be cached publicly: they never carry a token.
    const isStaticFile = route !== '/*' && !route.startsWith('/api') && /\.[a-z0-9]+$/i.test(route);
    if (!hasValidCookie && !isStaticFile) reply.setCsrfCookie(sessionCookie);
    // Every state-changing request needs the token, whatever its path: "//api/x" and "/%61pi/x" route to /api/x.
    if (SAFE_METHODS.has(request.method)) return done();
    // A page's form posted without JavaScript sends the token in a field, checked once the body is read.
    if (config.csrfInForm === true) return done();
    const header = request.headers[XSRF_HEADER_NAME];
    const ok = hasValidCookie && typeof header === 'string' && sameToken(header, cookie);
    if (ok) return done();
    // Refused: answered here (done is not called, so nothing after this hook runs), once audited.
    auditRefusal(request, sessionCookie)
      .then(() => void sendError(reply, new AppError('CSRF_FAILED')))
      .catch((error: unknown) => done(hookError(error)));
  });
}

export const csrfPlugin = fp(csrf, { name: 'csrf', dependencies: ['@fastify/cookie', 'errors'] });

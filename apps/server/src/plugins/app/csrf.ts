/**
 * CSRF double-submit (DESIGN.md). The server issues a readable XSRF-TOKEN cookie; every state-changing
 * call to /api must send the same value back in X-XSRF-TOKEN, else 403. The token is signed with the
 * session secret, so a value the server never issued is refused even when cookie and header agree.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { XSRF_COOKIE, XSRF_HEADER } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/app-error.ts';
import { sendError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export type CsrfOptions = { secret: string; secureCookies: boolean };

function sign(secret: string, value: string): string {
  return createHmac('sha256', secret).update(`xsrf:${value}`).digest('base64url');
}

export function issueCsrfToken(secret: string): string {
  const value = randomBytes(24).toString('base64url');
  return `${value}.${sign(secret, value)}`;
}

export function isValidCsrfToken(secret: string, token: string | undefined): token is string {
  if (!token || token.length > 200) return false;
  const [value, mac, extra] = token.split('.');
  if (!value || !mac || extra !== undefined) return false;
  const expected = Buffer.from(sign(secret, value));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

async function csrf(app: FastifyInstance, options: CsrfOptions) {
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[XSRF_COOKIE];
    const hasValidCookie = isValidCsrfToken(options.secret, cookie);
    if (!hasValidCookie) {
      reply.setCookie(XSRF_COOKIE, issueCsrfToken(options.secret), {
        path: '/',
        sameSite: 'lax',
        secure: options.secureCookies,
        httpOnly: false,
      });
    }
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const header = request.headers[XSRF_HEADER.toLowerCase()];
    const ok = hasValidCookie && typeof header === 'string' && sameToken(header, cookie);
    if (!ok) return sendError(reply, new AppError('CSRF_FAILED'));
  });
}

export const csrfPlugin = fp(csrf, { name: 'csrf', dependencies: ['@fastify/cookie', 'errors'] });

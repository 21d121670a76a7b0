/**
 * Strict security headers on every response. helmet sets the fixed ones; the Content-Security-Policy is
 * built per response so its script-src carries a fresh nonce (the server-rendered pages' inline hydration
 * scripts use it) and never 'unsafe-inline'.
 */
import { randomBytes } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export type SecurityHeadersOptions = { isProduction: boolean };

export function contentSecurityPolicy(nonce: string, isProduction: boolean): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // Mantine sets inline style attributes and CSS variables; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
    ...(isProduction ? ['upgrade-insecure-requests'] : []),
  ];
  return directives.join('; ');
}

async function securityHeaders(app: FastifyInstance, options: SecurityHeadersOptions) {
  app.decorateRequest('cspNonce', '');
  app.addHook('onRequest', async (request, reply) => {
    request.cspNonce = randomBytes(16).toString('base64');
    reply.header('content-security-policy', contentSecurityPolicy(request.cspNonce, options.isProduction));
    reply.header('permissions-policy', 'camera=(self), microphone=(), geolocation=(), payment=(self)');
  });
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: false,
    hsts: options.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
}

export const securityHeadersPlugin = fp(securityHeaders, { name: 'security-headers' });

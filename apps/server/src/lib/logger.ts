import type { PinoLoggerOptions } from 'fastify/types/logger.js';

/**
 * Query parameters and path segments that carry secrets (reset and verification links, the spouse's signing
 * link `/sign/<token>`). Their values
 * never reach the log.
 */
const SECRET_PATH = /^(\/resetpasswordlink\/|\/sign\/)[^/?#]+/i;

/** A URL fit for the log: query values and secret path segments replaced by [redacted]. */
export function sanitizeUrl(url: string): string {
  const [pathname = '', query] = url.split('?', 2);
  const safePath = pathname.replace(SECRET_PATH, '$1[redacted]');
  if (query === undefined) return safePath;
  const keys = new URLSearchParams(query).keys();
  const safeQuery = [...new Set(keys)].map((k) => `${encodeURIComponent(k)}=[redacted]`).join('&');
  return `${safePath}?${safeQuery}`;
}

/**
 * Error text with what may carry personal data or secrets removed: query strings (reset and verification
 * links), SQL parameter lists (Drizzle puts them in its messages), and secret path segments.
 */
export function sanitizeText(text: string): string {
  return text
    .replace(/\bparams:[^\n]*/g, 'params: [redacted]')
    .replace(/\?[^\s"'`]*/g, '?[redacted]')
    .replace(/(\/resetpasswordlink\/|\/sign\/)[^\s/"'`?]+/gi, '$1[redacted]');
}

type LoggableError = Error & { code?: unknown; statusCode?: unknown };

/** Errors keep their type, code, status, and a sanitised message and stack: never their other properties. */
export function serializeError(err: LoggableError) {
  return {
    type: err.name,
    ...(typeof err.code === 'string' ? { code: err.code } : {}),
    ...(typeof err.statusCode === 'number' ? { statusCode: err.statusCode } : {}),
    message: sanitizeText(err.message ?? ''),
    stack: sanitizeText(err.stack ?? ''),
  };
}

/** Fields that must never be logged, wherever they appear in a logged object. */
const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
  ...[
    'password',
    'confirmpassword',
    'newpassword',
    'oldpassword',
    'cpassword',
    'token',
    'tokenId',
    'tokenid',
    'token_id',
    'verifytoken',
    'ssn',
    'ssnitin',
    'signature',
    'body',
  ].flatMap((k) => [k, `*.${k}`]),
];

/**
 * The redaction of the per-request access line (app.ts, onResponse): only the exact paths. Its object has a
 * fixed shape (the req and res serializers' fields, the time, a checked client request id), so the
 * wildcard paths, which pino checks against every key of every logged object and which cost about eight
 * times the rest of the line (docs/benchmarks.md), have nothing to find there. Every other log line keeps
 * them all.
 */
export const ACCESS_LOG_REDACT = {
  paths: REDACT_PATHS.filter((p) => !p.includes('*')),
  censor: '[redacted]',
};

export function loggerOptions(level: string): PinoLoggerOptions {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      req: (req: { id: string; method: string; url: string; ip?: string }) => ({
        id: req.id,
        method: req.method,
        url: sanitizeUrl(req.url),
        ip: req.ip,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      err: serializeError,
    },
  };
}

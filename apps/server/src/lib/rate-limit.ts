/**
 * Rate limits for the calls that attract abuse (login, register, forgot, resend): each limit counts
 * requests per key (the client's IP, or an e-mail address) in a window, in Redis when REDIS_URL is set so that
 * every instance shares the counters, in memory otherwise. Over the limit: 429 'Too many attempts...'.
 * The limits fail closed: when the counters cannot be read (Redis down), the call is refused with 503
 * rather than let through unlimited (security review F-13).
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from './app-error.ts';

export type Limit = {
  /** Names the counter (and its Redis keys). */
  name: string;
  max: number;
  /** e.g. '15 minutes'. */
  window: string;
  key: (request: FastifyRequest) => string;
  /**
   * Run once per key and window, on the request that passes `after` (below `max`): e.g. tell the admins
   * of a burst before the limit itself refuses. It runs before the handler; a failure fails the request.
   */
  alert?: { after: number; run: (request: FastifyRequest) => Promise<void> };
};

export async function registerRateLimit(app: FastifyInstance, redis: Redis | undefined): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    // Never skip a limit because its store failed: a login without limits is worse than a login refused.
    skipOnError: false,
    ...(redis ? { redis, nameSpace: 'taxfirm-rl-' } : {}),
  });
}

/**
 * A preHandler checking every limit (all are counted; any one exceeded answers 429), for registerCall's
 * options. Built on the plugin's createRateLimit, which, unlike its route hook, allows several limits per
 * request.
 */
export function limits(app: FastifyInstance, ...rules: Limit[]): preHandlerAsyncHookHandler[] {
  const checks = rules.map((rule) =>
    app.createRateLimit({
      max: rule.max,
      timeWindow: rule.window,
      keyGenerator: (request) => `${rule.name}:${rule.key(request)}`,
    }),
  );
  return [
    async (request) => {
      const results = await Promise.all(checks.map((check) => check(request))).catch((error: unknown) => {
        request.log.error({ err: error }, 'rate-limit store failed; refusing the call');
        throw new AppError('SERVICE_UNAVAILABLE', { cause: error });
      });
      if (results.some((result) => !result.isAllowed && result.isExceeded))
        throw new AppError('TOO_MANY_REQUESTS');
      for (const [index, rule] of rules.entries()) {
        const result = results[index];
        // The counter's increment is atomic (in memory and in Redis), so exactly one request of the window
        // sees the count reach `after + 1`.
        if (rule.alert && result && !result.isAllowed && rule.max - result.remaining === rule.alert.after + 1)
          await rule.alert.run(request);
      }
    },
  ];
}

export const byIp = (request: FastifyRequest) => request.ip;

/** The e-mail address a body names, normalised (for per-account limits). */
export const byEmail = (request: FastifyRequest) => {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
};

/**
 * The usual pair for a call that names an account: `max.ip` requests per IP and `max.email` per e-mail
 * address in the window, counted as `<name>-ip` and `<name>-email`.
 */
export function perIpAndEmail(
  app: FastifyInstance,
  name: string,
  max: { ip: number; email: number },
  window: string,
): preHandlerAsyncHookHandler[] {
  return limits(
    app,
    { name: `${name}-ip`, max: max.ip, window, key: byIp },
    { name: `${name}-email`, max: max.email, window, key: byEmail },
  );
}

/** The limit on a second-step token (the body's `mfa_token`): a few codes per token. */
export const byMfaToken = (request: FastifyRequest) =>
  String((request.body as { mfa_token?: unknown } | undefined)?.mfa_token ?? '');

/** The session's user (calls that need a session: a limit per account, whichever IP it comes from). */
export const bySessionUser = (request: FastifyRequest) => request.user?.id ?? `ip:${request.ip}`;

/**
 * The signed-in user, else the IP (the key the upload, download and payment limits have always used; unlike
 * `bySessionUser`, the IP is not prefixed).
 */
export const byUser = (request: FastifyRequest) => request.user?.id ?? request.ip;

import type { FastifyBaseLogger } from 'fastify';
import type { PinoLoggerOptions } from 'fastify/types/logger.js';
import pino from 'pino';

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

/** A caller's X-Request-Id, logged beside ours (never as it) when it is well-formed. */
const CLIENT_REQUEST_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** What the access line reads of a request and its reply (Fastify's request and reply). */
type AccessRequest = {
  id: string;
  method: string;
  url: string;
  ip?: string | undefined;
  headers: Record<string, string | string[] | undefined>;
};
type AccessReply = { statusCode: number; elapsedTime: number };

/** The access line's fields, in the order they are written. */
function accessFields(request: AccessRequest, reply: AccessReply) {
  const given = request.headers['x-request-id'];
  const clientRequestId = typeof given === 'string' && CLIENT_REQUEST_ID.test(given) ? given : undefined;
  return {
    reqId: request.id,
    req: request,
    res: reply,
    responseTime: reply.elapsedTime,
    ...(clientRequestId ? { clientRequestId } : {}),
  };
}

const ACCESS_MESSAGE = 'request completed';

type PinoInternals = {
  [key: symbol]: unknown;
};

/**
 * The per-request access line (app.ts, onResponse): `{"level":30,"time":…,"pid":…,"hostname":…,"reqId":…,
 * "req":{"id","method","url" (sanitised),"ip"},"res":{"statusCode"},"responseTime":…,"clientRequestId"?:…,
 * "msg":"request completed"}`, at info, to the logger's own stream. Its fields are fixed, so the line is written
 * from a template with the logger's own level, time, bindings and line ending: byte for byte what pino writes
 * for them through the loggerOptions serializers (lib/logger.test.ts compares both), at a fraction of the cost
 * of pino's generic serialisation and redaction (docs/benchmarks.md). A logger this template cannot stand in
 * for (not pino, or with a mixin, formatters, hooks, a nested key or a stream that wants metadata) writes the
 * same line through a child logger with the exact redaction paths.
 */
export function createAccessLog(
  logger: FastifyBaseLogger,
): (request: AccessRequest, reply: AccessReply) => void {
  const internals = logger as unknown as PinoInternals;
  const symbols = pino.symbols as unknown as Record<string, symbol>;
  const field = (name: string): unknown => {
    const sym = symbols[name];
    return sym === undefined ? undefined : internals[sym];
  };
  const stream = field('streamSym') as { write?: unknown; [key: symbol]: unknown } | undefined;
  const chindings = field('chindingsSym');
  const levelPrefix = (field('lsCacheSym') as Record<number, unknown> | undefined)?.[30];
  const time = field('timeSym');
  const end = field('endSym');
  const formatters = field('formattersSym') as { log?: unknown } | undefined;
  const hooks = field('hooksSym') as { streamWrite?: unknown } | undefined;
  const isLevelEnabled = (logger as unknown as { isLevelEnabled?: unknown }).isLevelEnabled;
  const templated =
    stream !== undefined &&
    typeof stream.write === 'function' &&
    stream[Symbol.for('pino.metadata')] !== true &&
    typeof isLevelEnabled === 'function' &&
    typeof chindings === 'string' &&
    typeof levelPrefix === 'string' &&
    typeof time === 'function' &&
    typeof end === 'string' &&
    field('messageKeySym') === 'msg' &&
    !field('mixinSym') &&
    !field('nestedKeySym') &&
    !field('msgPrefixSym') &&
    !formatters?.log &&
    !hooks?.streamWrite;
  if (!templated) {
    const child = logger.child({}, { redact: ACCESS_LOG_REDACT });
    return (request, reply) => child.info(accessFields(request, reply), ACCESS_MESSAGE);
  }
  const write = (stream.write as (line: string) => unknown).bind(stream);
  const now = time as () => string;
  const enabled = () => (isLevelEnabled as (level: string) => boolean).call(logger, 'info');
  const tail = `,"msg":${JSON.stringify(ACCESS_MESSAGE)}${end}`;
  return (request, reply) => {
    if (!enabled()) return;
    const given = request.headers['x-request-id'];
    const id = JSON.stringify(request.id);
    const ip = request.ip === undefined ? '' : `,"ip":${JSON.stringify(request.ip)}`;
    const elapsed = reply.elapsedTime;
    write(
      `${levelPrefix}${now()}${chindings},"reqId":${id},"req":{"id":${id},"method":${JSON.stringify(request.method)}` +
        `,"url":${JSON.stringify(sanitizeUrl(request.url))}${ip}},"res":{"statusCode":${reply.statusCode}}` +
        `,"responseTime":${Number.isFinite(elapsed) ? elapsed : 'null'}` +
        (typeof given === 'string' && CLIENT_REQUEST_ID.test(given) ? `,"clientRequestId":"${given}"` : '') +
        tail,
    );
  };
}

type LogMethod = (...args: unknown[]) => void;
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];

/**
 * A request's logger (`request.log`, `reply.log`) that becomes the pino child Fastify would make (the
 * `reqId` binding, the route's options) the first time it is used. Nearly every request writes only the
 * access line (app.ts, from the app's logger), so most never pay for a child and its bindings' redaction;
 * those that do log write the same lines as before.
 */
class LazyChildLogger {
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Record<string, unknown>;
  readonly #options: ChildOptions;
  #child: FastifyBaseLogger | undefined;

  constructor(parent: FastifyBaseLogger, bindings: Record<string, unknown>, options: ChildOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  #logger(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options);
    return this.#child;
  }

  get level(): string {
    return this.#logger().level;
  }

  set level(level: string) {
    this.#logger().level = level;
  }

  fatal(...args: unknown[]): void {
    (this.#logger().fatal as LogMethod)(...args);
  }

  error(...args: unknown[]): void {
    (this.#logger().error as LogMethod)(...args);
  }

  warn(...args: unknown[]): void {
    (this.#logger().warn as LogMethod)(...args);
  }

  info(...args: unknown[]): void {
    (this.#logger().info as LogMethod)(...args);
  }

  debug(...args: unknown[]): void {
    (this.#logger().debug as LogMethod)(...args);
  }

  trace(...args: unknown[]): void {
    (this.#logger().trace as LogMethod)(...args);
  }

  silent(...args: unknown[]): void {
    (this.#logger().silent as LogMethod)(...args);
  }

  child(bindings: Record<string, unknown>, options?: ChildOptions): FastifyBaseLogger {
    return this.#logger().child(bindings, options);
  }

  isLevelEnabled(level: string): boolean {
    const logger = this.#logger() as FastifyBaseLogger & { isLevelEnabled?: (l: string) => boolean };
    return typeof logger.isLevelEnabled === 'function' ? logger.isLevelEnabled(level) : true;
  }
}

/**
 * Fastify's `childLoggerFactory` (app.ts): each request's logger, made lazily (LazyChildLogger) with the
 * bindings and options Fastify's default factory would give `logger.child`.
 */
export function lazyChildLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: Record<string, unknown>,
  options: ChildOptions,
): FastifyBaseLogger {
  return new LazyChildLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}

/**
 * What the environment may say (env.ts reads it): each key's rule, the rules between keys, and what
 * production requires or warns about.
 */
import { z } from 'zod';

/** A bad environment: the message lists every bad key. */
export class EnvError extends Error {}

/** The EnvError listing these lines, one per bad key. */
export const invalidEnv = (lines: string[]) => new EnvError(`Invalid environment:\n${lines.join('\n')}`);

/** A failed parse's issues as such lines. */
export const issueLines = (error: z.ZodError) =>
  error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);

/** Fewer distinct characters than this is a made-up secret, not a random one (F-18). */
const MIN_DISTINCT_CHARS = 12;
export const secret = z
  .string()
  .min(32, { error: 'must be at least 32 characters' })
  .refine((value) => new Set(value).size >= MIN_DISTINCT_CHARS, {
    error: `looks made up (fewer than ${MIN_DISTINCT_CHARS} distinct characters); generate one with \`openssl rand -base64 48\``,
  });

/** Retired secrets, comma-separated (newest first), each checked like a secret; unset is none. */
export const secretList = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  )
  .pipe(z.array(secret));

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost']);
/** A host name or address that only this machine can reach. */
export const isLoopbackHost = (host: string) =>
  LOOPBACK_HOSTS.has(host.replace(/^\[|\]$/g, '').toLowerCase()) || /^127\./.test(host);

export const envSchema = z
  .object({
    // Unset or empty: production. Only an explicit development or test relaxes the checks.
    NODE_ENV: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.enum(['development', 'production', 'test']).default('production'),
    ),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('127.0.0.1'),
    APP_URL: z.url().optional(),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// URL' })
      .optional(),
    /** The owner role that runs migrations (docs/operations.md, database roles); DATABASE_URL when unset. */
    DATABASE_MIGRATION_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// URL' })
      .optional(),
    /**
     * How DATABASE_URL reaches PostgreSQL: directly or through a session-mode pooler (`session`), or through a
     * transaction-mode pooler (`transaction`), which cannot carry LISTEN/NOTIFY: then DATABASE_LISTEN_URL.
     */
    DATABASE_POOL_MODE: z.enum(['session', 'transaction']).default('session'),
    /** A direct (or session-mode) URL for LISTEN/NOTIFY when DATABASE_URL goes through a transaction pooler. */
    DATABASE_LISTEN_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// URL' })
      .optional(),
    /** How many app instances serve the site (declared by the operator; production checks what that needs). */
    INSTANCES: z.coerce.number().int().min(1).max(1000).default(1),
    /**
     * On PostgreSQL each instance refreshes its row in server_instances this often; a row not refreshed for
     * three of these no longer counts against INSTANCES (a crashed instance). Security review S2-11.
     */
    INSTANCE_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, { error: 'must be an smtp:// or smtps:// URL' })
      .optional(),
    /** Production refuses plain smtp:// without STARTTLS; this allows it for a relay on this machine only. */
    SMTP_ALLOW_PLAINTEXT: z.enum(['0', '1']).default('0'),
    MAIL_FROM: z.string().optional(),
    /** Sent e-mails (and given-up ones) are deleted from the outbox after this many days (F-03). */
    MAIL_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    /**
     * Documents, messages and client activity of a tax year are purged after December 31 of this many years
     * after it (docs/operations.md). At least 3: the IRS has preparers keep a copy of each return 3 years
     * (IRC 6107(b)); 7 is the common practice for the supporting records (it covers the IRS's six years when
     * more than 25% of income was left off, and its seven years for a bad-debt or worthless-securities claim).
     */
    RECORDS_RETENTION_YEARS: z.coerce.number().int().min(3).max(100).default(7),
    /** How often the checklist reminders' scheduler looks for due reminders (the schedule itself is in settings). */
    REMINDER_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3600),
    /** How often the staff digest's scheduler looks for digests due (the hour itself is in settings). */
    DIGEST_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(600),
    STORAGE: z.enum(['local', 's3']).default('local'),
    S3_BUCKET: z.string().optional(),
    S3_REGION: z.string().optional(),
    S3_ENDPOINT: z.url().optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    PAYMENT_PROVIDER: z.enum(['sandbox', 'razorpay']).default('sandbox'),
    RAZORPAY_KEY_ID: z.string().optional(),
    RAZORPAY_KEY_SECRET: z.string().optional(),
    RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
    ENCRYPTION_KEY: secret.optional(),
    /** Retired keys, comma-separated, newest first: they still open values until `npm run keys:rotate`. */
    ENCRYPTION_KEY_PREVIOUS: secretList,
    SESSION_SECRET: secret.optional(),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, { error: 'must be a redis:// URL' })
      .optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Number of proxy hops to trust for the client IP and protocol (0: none). */
    TRUST_PROXY: z.coerce.number().int().min(0).optional(),
    /** Résumé bytes the Careers form stores per 24 hours, across every applicant (F-05). */
    CAREERS_RESUME_BYTES_PER_DAY: z.coerce
      .number()
      .int()
      .min(0)
      .default(500 * 1024 * 1024),
    // The files sandbox (lib/files/sandbox.ts, issue 33): child processes that decode and convert uploads.
    /** Child processes per instance (each takes up to SANDBOX_MEMORY_MB while it works). */
    SANDBOX_PROCESSES: z.coerce.number().int().min(1).max(8).default(1),
    /** Jobs waiting per instance beyond which a new one is refused with 503. */
    SANDBOX_QUEUE: z.coerce.number().int().min(0).max(1000).default(32),
    /** Jobs waiting or running per account beyond which its next is refused with 429. */
    SANDBOX_ACCOUNT_JOBS: z.coerce.number().int().min(1).max(100).default(3),
    /** A child's memory cap (V8 heap, WebAssembly memory and resident memory), in MB. */
    SANDBOX_MEMORY_MB: z.coerce.number().int().min(128).max(16_384).default(1024),
    /** A job over this is killed and its file refused. */
    SANDBOX_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
  })
  .superRefine((v, ctx) => {
    if (v.STORAGE === 's3' && !v.S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when STORAGE=s3' });
    }
    if (Boolean(v.S3_ACCESS_KEY_ID) !== Boolean(v.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [v.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
      });
    }
    if (v.PAYMENT_PROVIDER === 'razorpay') {
      for (const key of ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const) {
        if (!v[key])
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'is required when PAYMENT_PROVIDER=razorpay',
          });
      }
    }
    if (v.ENCRYPTION_KEY && v.ENCRYPTION_KEY === v.SESSION_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message: 'must differ from ENCRYPTION_KEY',
      });
    }
    if (v.SMTP_ALLOW_PLAINTEXT === '1' && v.SMTP_URL && !isLoopbackHost(smtpHost(v.SMTP_URL))) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_ALLOW_PLAINTEXT'],
        message: 'is only for a mail relay on this machine (SMTP_URL to 127.0.0.1, ::1 or localhost)',
      });
    }
    if (v.DATABASE_POOL_MODE === 'transaction' && !v.DATABASE_LISTEN_URL) {
      // A transaction-mode pooler hands each statement any server connection: a LISTEN would hear nothing.
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_LISTEN_URL'],
        message:
          'is required with DATABASE_POOL_MODE=transaction: LISTEN/NOTIFY needs a direct or session-mode URL',
      });
    }
    if (v.NODE_ENV !== 'production') return;
    if (v.INSTANCES > 1) multiInstanceIssues(v, ctx);
    if (v.PAYMENT_PROVIDER === 'razorpay' && v.RAZORPAY_KEY_ID?.startsWith('rzp_test_')) {
      ctx.addIssue({
        code: 'custom',
        path: ['RAZORPAY_KEY_ID'],
        message: 'is a test-mode key; production takes live keys (rzp_live_…)',
      });
    }
    if (v.PAYMENT_PROVIDER === 'sandbox') {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_PROVIDER'],
        message: 'sandbox takes no real payments; set PAYMENT_PROVIDER=razorpay in production',
      });
    }
    const required = ['ENCRYPTION_KEY', 'SESSION_SECRET', 'SMTP_URL', 'APP_URL'] as const;
    for (const key of required) {
      if (!v[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required in production' });
    }
    if (v.APP_URL && !v.APP_URL.startsWith('https://')) {
      ctx.addIssue({ code: 'custom', path: ['APP_URL'], message: 'must be https:// in production' });
    }
  });

export type ParsedEnv = z.infer<typeof envSchema>;

/** What INSTANCES > 1 needs: state every instance shares (docs/operations.md, scaling out). */
function multiInstanceIssues(
  v: Pick<ParsedEnv, 'INSTANCES' | 'DATABASE_URL' | 'STORAGE' | 'REDIS_URL'>,
  ctx: z.RefinementCtx,
): void {
  const n = `INSTANCES=${v.INSTANCES}`;
  if (!v.DATABASE_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['DATABASE_URL'],
      message: `is required with ${n}: the embedded database (PGlite) belongs to one process`,
    });
  }
  if (v.STORAGE !== 's3') {
    ctx.addIssue({
      code: 'custom',
      path: ['STORAGE'],
      message: `must be s3 with ${n}: files on local disk are seen by one instance only`,
    });
  }
  if (!v.REDIS_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['REDIS_URL'],
      message: `is required with ${n}: without it each instance counts rate limits on its own`,
    });
  }
}

const smtpHost = (url: string) => {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
};

/**
 * Production settings that are wrong for most deployments but right for some one-machine setups (F-13): the
 * server starts, and says so loudly.
 */
export function productionWarnings(v: ParsedEnv): string[] {
  const warnings: string[] = [];
  if (v.TRUST_PROXY === undefined) {
    warnings.push(
      'TRUST_PROXY is not set: behind a reverse proxy or load balancer every client shares its address, so one ' +
        'caller can exhaust the per-address rate limits (login, forms) for everyone. Set TRUST_PROXY to the ' +
        'number of proxies in front (1 for one nginx), or to 0 when clients connect directly.',
    );
  }
  if (v.DATABASE_URL && !v.REDIS_URL) {
    warnings.push(
      'DATABASE_URL is set without REDIS_URL: rate-limit counters stay in this process, so each instance ' +
        'added multiplies every limit. Set REDIS_URL when more than one instance serves the site.',
    );
  }
  return warnings;
}

/**
 * The only place that reads process.env. Parsed once at start-up with zod; every bad key is reported.
 * Without NODE_ENV the server is in production (fail closed, F-02): only an explicit NODE_ENV=development
 * (set by `npm start` and `npm run dev` on a developer's machine) or NODE_ENV=test relaxes the checks.
 * Outside production, missing secrets are generated once into DATA_DIR so a fresh clone just starts.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { SandboxOptions } from './lib/files/sandbox.ts';

/** Fewer distinct characters than this is a made-up secret, not a random one (F-18). */
const MIN_DISTINCT_CHARS = 12;
const secret = z
  .string()
  .min(32, { error: 'must be at least 32 characters' })
  .refine((value) => new Set(value).size >= MIN_DISTINCT_CHARS, {
    error: `looks made up (fewer than ${MIN_DISTINCT_CHARS} distinct characters); generate one with \`openssl rand -base64 48\``,
  });

/** Retired secrets, comma-separated (newest first), each checked like a secret; unset is none. */
const secretList = z
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

const envSchema = z
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

export type Env = {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  /** Risky but workable settings, for the start-up log (e.g. TRUST_PROXY unset in production). */
  warnings: string[];
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The owner role's URL for migrations (DATABASE_MIGRATION_URL, else DATABASE_URL). */
  databaseMigrationUrl: string | undefined;
  databasePoolMode: 'session' | 'transaction';
  /** Where LISTEN/NOTIFY connects (DATABASE_LISTEN_URL, else DATABASE_URL). */
  databaseListenUrl: string | undefined;
  /** Declared number of app instances (INSTANCES). */
  instances: number;
  /** How often an instance on PostgreSQL announces itself (INSTANCE_HEARTBEAT_SECONDS). */
  instanceHeartbeatMs: number;
  smtpUrl: string | undefined;
  /** STARTTLS is required on a plain smtp:// URL (production, unless SMTP_ALLOW_PLAINTEXT=1). */
  smtpRequireTls: boolean;
  mailFrom: string | undefined;
  mailRetentionDays: number;
  /** Years after a tax year its documents and messages are kept (RECORDS_RETENTION_YEARS). */
  recordsRetentionYears: number;
  /** How often the checklist reminders' scheduler runs (REMINDER_INTERVAL_SECONDS). */
  reminderIntervalMs: number;
  /** How often the staff digest's scheduler runs (DIGEST_INTERVAL_SECONDS). */
  digestIntervalMs: number;
  storage: 'local' | 's3';
  /** The bucket and how to reach it; set when STORAGE=s3. Without keys the SDK's default chain applies. */
  s3: S3Config | undefined;
  payments: PaymentsConfig;
  encryptionKey: string;
  /** Retired encryption keys that still open old values (ENCRYPTION_KEY_PREVIOUS). */
  encryptionKeysPrevious: string[];
  sessionSecret: string;
  redisUrl: string | undefined;
  logLevel: string;
  trustProxy: number;
  careersResumeBytesPerDay: number;
  /** The files sandbox's limits (SANDBOX_*). */
  sandbox: SandboxOptions;
};

export type S3Config = {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
};

/** The card payment provider: the app's own sandbox checkout, or Razorpay with its keys. */
export type PaymentsConfig =
  { provider: 'sandbox' } | { provider: 'razorpay'; keyId: string; keySecret: string; webhookSecret: string };

export class EnvError extends Error {}

/**
 * Parse the environment; throws EnvError listing every bad key. `developmentByDefault` (only `npm run dev`,
 * which passes --dev) makes a missing NODE_ENV mean development instead of production.
 */
export function loadEnv(
  source: Record<string, string | undefined> = process.env,
  { developmentByDefault = false }: { developmentByDefault?: boolean } = {},
): Env {
  const given = source['NODE_ENV'];
  const parsed = envSchema.safeParse(
    developmentByDefault && !given ? { ...source, NODE_ENV: 'development' } : source,
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new EnvError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const v = parsed.data;
  const dataDir = path.resolve(v.DATA_DIR);
  const secrets = resolveSecrets(v.ENCRYPTION_KEY, v.SESSION_SECRET, dataDir);
  const isProduction = v.NODE_ENV === 'production';
  return {
    nodeEnv: v.NODE_ENV,
    isProduction,
    warnings: isProduction ? productionWarnings(v) : [],
    port: v.PORT,
    host: v.HOST,
    appUrl: (v.APP_URL ?? `http://localhost:${v.PORT}`).replace(/\/+$/, ''),
    dataDir,
    databaseUrl: v.DATABASE_URL,
    databaseMigrationUrl: v.DATABASE_MIGRATION_URL ?? v.DATABASE_URL,
    databasePoolMode: v.DATABASE_POOL_MODE,
    databaseListenUrl: v.DATABASE_LISTEN_URL ?? v.DATABASE_URL,
    instances: v.INSTANCES,
    instanceHeartbeatMs: v.INSTANCE_HEARTBEAT_SECONDS * 1000,
    smtpUrl: v.SMTP_URL,
    smtpRequireTls:
      isProduction && v.SMTP_URL?.startsWith('smtp://') === true && v.SMTP_ALLOW_PLAINTEXT !== '1',
    mailFrom: v.MAIL_FROM,
    mailRetentionDays: v.MAIL_RETENTION_DAYS,
    recordsRetentionYears: v.RECORDS_RETENTION_YEARS,
    reminderIntervalMs: v.REMINDER_INTERVAL_SECONDS * 1000,
    digestIntervalMs: v.DIGEST_INTERVAL_SECONDS * 1000,
    storage: v.STORAGE,
    s3:
      v.STORAGE === 's3' && v.S3_BUCKET
        ? {
            bucket: v.S3_BUCKET,
            region: v.S3_REGION ?? 'us-east-1',
            endpoint: v.S3_ENDPOINT,
            accessKeyId: v.S3_ACCESS_KEY_ID,
            secretAccessKey: v.S3_SECRET_ACCESS_KEY,
          }
        : undefined,
    payments:
      v.PAYMENT_PROVIDER === 'razorpay'
        ? {
            provider: 'razorpay',
            keyId: v.RAZORPAY_KEY_ID ?? '',
            keySecret: v.RAZORPAY_KEY_SECRET ?? '',
            webhookSecret: v.RAZORPAY_WEBHOOK_SECRET ?? '',
          }
        : { provider: 'sandbox' },
    encryptionKey: secrets.encryptionKey,
    encryptionKeysPrevious: v.ENCRYPTION_KEY_PREVIOUS,
    sessionSecret: secrets.sessionSecret,
    redisUrl: v.REDIS_URL,
    logLevel: v.LOG_LEVEL,
    trustProxy: v.TRUST_PROXY ?? 0,
    careersResumeBytesPerDay: v.CAREERS_RESUME_BYTES_PER_DAY,
    sandbox: {
      processes: v.SANDBOX_PROCESSES,
      queueLimit: v.SANDBOX_QUEUE,
      accountLimit: v.SANDBOX_ACCOUNT_JOBS,
      memoryMb: v.SANDBOX_MEMORY_MB,
      timeoutMs: v.SANDBOX_TIMEOUT_SECONDS * 1000,
    },
  };
}

type ParsedEnv = z.infer<typeof envSchema>;

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
function productionWarnings(v: ParsedEnv): string[] {
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

/**
 * DATA_DIR (database, documents, development secrets) readable by this user only: the directory is made
 * 0700 (an existing one is tightened) and, through the umask, everything the process creates in it is
 * 0600 / 0700 (F-18).
 */
export function preparePrivateDataDir(dataDir: string): void {
  process.umask(0o077);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if ((statSync(dataDir).mode & 0o077) !== 0) chmodSync(dataDir, 0o700);
}

type DevSecrets = { encryptionKey: string; sessionSecret: string };

function resolveSecrets(
  encryptionKey: string | undefined,
  sessionSecret: string | undefined,
  dataDir: string,
): DevSecrets {
  if (encryptionKey && sessionSecret) return { encryptionKey, sessionSecret };
  const dev = devSecrets(dataDir);
  return {
    encryptionKey: encryptionKey ?? dev.encryptionKey,
    sessionSecret: sessionSecret ?? dev.sessionSecret,
  };
}

/** Secrets for a development data directory: generated once, kept beside the data, never in production. */
function devSecrets(dataDir: string): DevSecrets {
  const file = path.join(dataDir, 'dev-secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as DevSecrets;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secrets: DevSecrets = {
    encryptionKey: randomBytes(32).toString('base64url'),
    sessionSecret: randomBytes(32).toString('base64url'),
  };
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

// The backup key (S2-08): read by `npm run backup` and `npm run restore` only, never by the server.
const backupKeySchema = z.object({
  /** Encrypts and authenticates backups; apart from ENCRYPTION_KEY, so a stolen backup alone opens nothing. */
  BACKUP_KEY: secret.optional(),
  /** Retired backup keys, comma-separated: a restore still opens backups made under them. */
  BACKUP_KEY_PREVIOUS: secretList,
});

export type BackupKeys = { backupKey: string; backupKeysPrevious: string[] };

/**
 * The backup key and the retired ones. Production requires BACKUP_KEY; outside production an unset one is the
 * `backupKey` of DATA_DIR/dev-secrets.json, generated there when `create` (a backup) and missing. Every backup
 * key must differ from ENCRYPTION_KEY, ENCRYPTION_KEY_PREVIOUS and SESSION_SECRET. Never puts a key in a message.
 */
export function loadBackupKeys(
  env: Pick<Env, 'isProduction' | 'dataDir' | 'encryptionKey' | 'encryptionKeysPrevious' | 'sessionSecret'>,
  { create, source = process.env }: { create: boolean; source?: Record<string, string | undefined> },
): BackupKeys {
  const invalid = (lines: string[]) => new EnvError(`Invalid environment:\n${lines.join('\n')}`);
  const parsed = backupKeySchema.safeParse(source);
  if (!parsed.success) throw invalid(parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`));
  const previous = parsed.data.BACKUP_KEY_PREVIOUS;
  let backupKey = parsed.data.BACKUP_KEY;
  if (!backupKey && env.isProduction) {
    throw invalid([
      '  BACKUP_KEY: is required in production: backups are encrypted with it. Generate one with ' +
        '`openssl rand -base64 32` and keep it apart from ENCRYPTION_KEY and from the backups',
    ]);
  }
  backupKey ??= devBackupKey(env.dataDir, create);
  if (!backupKey) {
    throw invalid([
      `  BACKUP_KEY: is not set, and ${path.join(env.dataDir, 'dev-secrets.json')} holds no backup key: set ` +
        'BACKUP_KEY to the key the backup was made with (the backupKey of the dev-secrets.json of the DATA_DIR ' +
        'it came from), or copy that dev-secrets.json into DATA_DIR first',
    ]);
  }
  const siteKeys = new Set([env.encryptionKey, ...env.encryptionKeysPrevious, env.sessionSecret]);
  const reused = [
    ...(siteKeys.has(backupKey) ? ['BACKUP_KEY'] : []),
    ...(previous.some((key) => siteKeys.has(key)) ? ['BACKUP_KEY_PREVIOUS'] : []),
  ];
  if (reused.length > 0) {
    throw invalid(
      reused.map(
        (name) =>
          `  ${name}: must differ from ENCRYPTION_KEY, ENCRYPTION_KEY_PREVIOUS and SESSION_SECRET: a backup ` +
          'must not open with the key its data is sealed with',
      ),
    );
  }
  return { backupKey, backupKeysPrevious: previous };
}

/** The development backup key in dev-secrets.json; with `create`, generated and added when missing. */
function devBackupKey(dataDir: string, create: boolean): string | undefined {
  const file = path.join(dataDir, 'dev-secrets.json');
  const kept = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<DevSecrets> & { backupKey?: string })
    : undefined;
  if (kept?.backupKey || !create) return kept?.backupKey;
  // The file holds the development ENCRYPTION_KEY too: create it as the server would, then add the key.
  const secrets = { ...(kept ?? devSecrets(dataDir)), backupKey: randomBytes(32).toString('base64url') };
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets.backupKey;
}

/**
 * This process's environment plus `extra`, for a child process (pg_dump, pg_restore: PATH, PG* settings of
 * the operator's, and a password that must not go on the command line).
 */
export function childProcessEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, ...extra };
}

/**
 * The only place that reads process.env. Parsed once at start-up with zod; every bad key is reported.
 * Without NODE_ENV the server is in production (fail closed, F-02): only an explicit NODE_ENV=development
 * (set by `npm start` and `npm run dev` on a developer's machine) or NODE_ENV=test relaxes the checks.
 * Outside production, missing secrets are generated once into DATA_DIR so a fresh clone just starts.
 *
 * The keys' rules are `env-schema.ts`, the development secrets `env-secrets.ts`, the backup key (read by
 * `npm run backup` and `npm run restore` only) `env-backup.ts`; this file turns them into `Env`.
 */
import path from 'node:path';
import type { SandboxOptions } from './lib/files/sandbox.ts';
import { invalidEnv, issueLines, envSchema, productionWarnings } from './env-schema.ts';
import { resolveSecrets } from './env-secrets.ts';
import { parseBackupKeys, type BackupKeys, type BackupKeysSite } from './env-backup.ts';

export { EnvError, isLoopbackHost } from './env-schema.ts';
export { preparePrivateDataDir } from './env-secrets.ts';
export type { BackupKeys } from './env-backup.ts';

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
    throw invalidEnv(issueLines(parsed.error));
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

/** The backup key and the retired ones, from this process's environment unless `source` (env-backup.ts). */
export function loadBackupKeys(
  env: BackupKeysSite,
  { create, source = process.env }: { create: boolean; source?: Record<string, string | undefined> },
): BackupKeys {
  return parseBackupKeys(env, { create, source });
}

/**
 * This process's environment plus `extra`, for a child process (pg_dump, pg_restore: PATH, PG* settings of
 * the operator's, and a password that must not go on the command line).
 */
export function childProcessEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, ...extra };
}

/**
 * The only place that reads process.env. Parsed once at start-up with zod; every bad key is reported.
 * Outside production, missing secrets are generated once into DATA_DIR so a fresh clone just starts.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const secret = z.string().min(32, { error: 'must be at least 32 characters' });

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('127.0.0.1'),
    APP_URL: z.url().optional(),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// URL' })
      .optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, { error: 'must be an smtp:// or smtps:// URL' })
      .optional(),
    MAIL_FROM: z.string().optional(),
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
    SESSION_SECRET: secret.optional(),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, { error: 'must be a redis:// URL' })
      .optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Number of proxy hops to trust for the client IP and protocol (0: none). */
    TRUST_PROXY: z.coerce.number().int().min(0).default(0),
    /** Résumé bytes the Careers form stores per 24 hours, across every applicant (F-05). */
    CAREERS_RESUME_BYTES_PER_DAY: z.coerce
      .number()
      .int()
      .min(0)
      .default(500 * 1024 * 1024),
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
    if (v.NODE_ENV !== 'production') return;
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
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string | undefined;
  storage: 'local' | 's3';
  /** The bucket and how to reach it; set when STORAGE=s3. Without keys the SDK's default chain applies. */
  s3: S3Config | undefined;
  payments: PaymentsConfig;
  encryptionKey: string;
  sessionSecret: string;
  redisUrl: string | undefined;
  logLevel: string;
  trustProxy: number;
  careersResumeBytesPerDay: number;
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

/** Parse the environment; throws EnvError listing every bad key. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new EnvError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const v = parsed.data;
  const dataDir = path.resolve(v.DATA_DIR);
  const secrets = resolveSecrets(v.ENCRYPTION_KEY, v.SESSION_SECRET, dataDir);
  return {
    nodeEnv: v.NODE_ENV,
    isProduction: v.NODE_ENV === 'production',
    port: v.PORT,
    host: v.HOST,
    appUrl: (v.APP_URL ?? `http://localhost:${v.PORT}`).replace(/\/+$/, ''),
    dataDir,
    databaseUrl: v.DATABASE_URL,
    smtpUrl: v.SMTP_URL,
    mailFrom: v.MAIL_FROM,
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
    sessionSecret: secrets.sessionSecret,
    redisUrl: v.REDIS_URL,
    logLevel: v.LOG_LEVEL,
    trustProxy: v.TRUST_PROXY,
    careersResumeBytesPerDay: v.CAREERS_RESUME_BYTES_PER_DAY,
  };
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
  mkdirSync(dataDir, { recursive: true });
  const secrets: DevSecrets = {
    encryptionKey: randomBytes(32).toString('base64url'),
    sessionSecret: randomBytes(32).toString('base64url'),
  };
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

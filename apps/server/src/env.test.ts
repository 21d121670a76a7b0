import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv, preparePrivateDataDir } from './env.ts';

// Secrets given (random-looking and distinct), so loadEnv never writes development secrets to DATA_DIR.
const ENCRYPTION_KEY = 'Xq7vN2pLr9TzK4mWc8YhB3sJd6FgA1eU';
const SESSION_SECRET = 'mP4wZ8rT2yQ6nV0xL5kC9hG3jS7dF1bR';
const base = { NODE_ENV: 'test', DATA_DIR: '/nonexistent/env-test', ENCRYPTION_KEY, SESSION_SECRET };
/** Everything production requires, right. */
const production = {
  ENCRYPTION_KEY,
  SESSION_SECRET,
  DATA_DIR: '/nonexistent/env-test',
  SMTP_URL: 'smtps://mail.example.com',
  APP_URL: 'https://portal.example.com',
  PAYMENT_PROVIDER: 'razorpay',
  RAZORPAY_KEY_ID: 'rzp_live_key',
  RAZORPAY_KEY_SECRET: 'key-secret',
  RAZORPAY_WEBHOOK_SECRET: 'webhook-secret',
  TRUST_PROXY: '1',
};

describe('loadEnv: records retention', () => {
  it('keeps records 7 years by default, takes another number of years, and never fewer than 3', () => {
    expect(loadEnv(base).recordsRetentionYears).toBe(7);
    expect(loadEnv({ ...base, RECORDS_RETENTION_YEARS: '10' }).recordsRetentionYears).toBe(10);
    for (const bad of ['2', '0', '-7', '7.5', 'seven']) {
      expect(() => loadEnv({ ...base, RECORDS_RETENTION_YEARS: bad }), bad).toThrow(
        /RECORDS_RETENTION_YEARS/,
      );
    }
  });
});

describe('loadEnv: storage', () => {
  it('uses local storage and no S3 config by default', () => {
    const env = loadEnv(base);
    expect(env.storage).toBe('local');
    expect(env.s3).toBeUndefined();
  });

  it('builds the S3 config from the S3_ variables, the region defaulting to us-east-1', () => {
    expect(loadEnv({ ...base, STORAGE: 's3', S3_BUCKET: 'docs' }).s3).toEqual({
      bucket: 'docs',
      region: 'us-east-1',
      endpoint: undefined,
      accessKeyId: undefined,
      secretAccessKey: undefined,
    });
    const env = loadEnv({
      ...base,
      STORAGE: 's3',
      S3_BUCKET: 'docs',
      S3_REGION: 'ap-south-1',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(env.storage).toBe('s3');
    expect(env.s3).toEqual({
      bucket: 'docs',
      region: 'ap-south-1',
      endpoint: 'http://127.0.0.1:9000',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
    });
  });

  it('requires S3_BUCKET with STORAGE=s3, and both S3 keys or neither', () => {
    expect(() => loadEnv({ ...base, STORAGE: 's3' })).toThrow(EnvError);
    expect(() => loadEnv({ ...base, STORAGE: 's3' })).toThrow('S3_BUCKET: is required when STORAGE=s3');
    expect(() => loadEnv({ ...base, STORAGE: 's3', S3_BUCKET: 'docs', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      'S3_SECRET_ACCESS_KEY',
    );
    expect(() => loadEnv({ ...base, STORAGE: 's3', S3_BUCKET: 'docs', S3_ENDPOINT: 'not a url' })).toThrow(
      'S3_ENDPOINT',
    );
  });
});

describe('loadEnv: payments', () => {
  it('uses the sandbox provider by default', () => {
    expect(loadEnv(base).payments).toEqual({ provider: 'sandbox' });
  });

  it('takes the three Razorpay settings with PAYMENT_PROVIDER=razorpay, and requires each', () => {
    const keys = {
      RAZORPAY_KEY_ID: 'rzp_live_key',
      RAZORPAY_KEY_SECRET: 'key-secret',
      RAZORPAY_WEBHOOK_SECRET: 'webhook-secret',
    };
    expect(loadEnv({ ...base, PAYMENT_PROVIDER: 'razorpay', ...keys }).payments).toEqual({
      provider: 'razorpay',
      keyId: 'rzp_live_key',
      keySecret: 'key-secret',
      webhookSecret: 'webhook-secret',
    });
    expect(() => loadEnv({ ...base, PAYMENT_PROVIDER: 'razorpay', RAZORPAY_KEY_ID: 'k' })).toThrow(
      /RAZORPAY_KEY_SECRET: is required when PAYMENT_PROVIDER=razorpay[\s\S]*RAZORPAY_WEBHOOK_SECRET/,
    );
  });

  it('refuses the sandbox in production, where it would accept test cards as payments', () => {
    const sandbox = {
      ...base,
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.example.com',
      APP_URL: 'https://portal.example.com',
    };
    expect(() => loadEnv(sandbox)).toThrow(EnvError);
    expect(() => loadEnv(sandbox)).toThrow(/PAYMENT_PROVIDER: sandbox takes no real payments/);
    expect(
      loadEnv({
        ...sandbox,
        PAYMENT_PROVIDER: 'razorpay',
        RAZORPAY_KEY_ID: 'k',
        RAZORPAY_KEY_SECRET: 's',
        RAZORPAY_WEBHOOK_SECRET: 'w',
      }).payments.provider,
    ).toBe('razorpay');
    expect(() =>
      loadEnv({
        ...sandbox,
        PAYMENT_PROVIDER: 'razorpay',
        RAZORPAY_KEY_ID: 'rzp_test_abc',
        RAZORPAY_KEY_SECRET: 's',
        RAZORPAY_WEBHOOK_SECRET: 'w',
      }),
    ).toThrow(/RAZORPAY_KEY_ID: is a test-mode key/);
  });
});

describe('loadEnv: fail closed (F-02)', () => {
  it('F-02: without NODE_ENV it is production, with every production check', () => {
    const bare = { DATA_DIR: '/nonexistent/env-test' };
    expect(() => loadEnv(bare)).toThrow(EnvError);
    for (const check of [
      'ENCRYPTION_KEY: is required in production',
      'SESSION_SECRET: is required in production',
      'SMTP_URL: is required in production',
      'APP_URL: is required in production',
      'PAYMENT_PROVIDER: sandbox takes no real payments',
    ]) {
      expect(() => loadEnv(bare)).toThrow(check);
      expect(() => loadEnv({ ...bare, NODE_ENV: '' })).toThrow(check);
    }
    expect(() => loadEnv({ ...production, APP_URL: 'http://portal.example.com' })).toThrow(
      'APP_URL: must be https:// in production',
    );
    const env = loadEnv(production);
    expect(env.nodeEnv).toBe('production');
    expect(env.isProduction).toBe(true);
  });

  it('F-02: the server started without NODE_ENV refuses to run without production settings', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'taxfirm-env-'));
    try {
      const started = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
        cwd: fileURLToPath(new URL('../../../', import.meta.url)),
        env: { DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(started.status, started.stderr).toBe(1);
      expect(started.stderr).toContain('ENCRYPTION_KEY: is required in production');
      expect(started.stderr).toContain('PAYMENT_PROVIDER: sandbox takes no real payments');
      // Nothing was generated or opened: no development secrets, no database.
      expect(readdirSync(dataDir)).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('F-02: is development only when told so: NODE_ENV=development, or npm run dev without NODE_ENV', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'taxfirm-env-'));
    try {
      expect(loadEnv({ DATA_DIR: dir, NODE_ENV: 'development' }).isProduction).toBe(false);
      const dev = loadEnv({ DATA_DIR: dir }, { developmentByDefault: true });
      expect(dev.nodeEnv).toBe('development');
      expect(dev.isProduction).toBe(false);
      // An explicit NODE_ENV wins over npm run dev's default.
      expect(() =>
        loadEnv({ DATA_DIR: dir, NODE_ENV: 'production' }, { developmentByDefault: true }),
      ).toThrow('ENCRYPTION_KEY: is required in production');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('loadEnv: deployment pitfalls (F-13)', () => {
  it('F-13: warns in production when TRUST_PROXY is unset, and when DATABASE_URL comes without REDIS_URL', () => {
    expect(loadEnv(production).warnings).toEqual([]);
    const { TRUST_PROXY: _, ...noProxy } = production;
    expect(loadEnv(noProxy).warnings).toEqual([expect.stringContaining('TRUST_PROXY is not set')]);
    expect(loadEnv(noProxy).trustProxy).toBe(0);
    expect(loadEnv({ ...production, TRUST_PROXY: '0' }).warnings).toEqual([]);
    const postgres = { ...production, DATABASE_URL: 'postgres://app@db.internal/taxfirm' };
    expect(loadEnv(postgres).warnings).toEqual([
      expect.stringContaining('DATABASE_URL is set without REDIS_URL'),
    ]);
    expect(loadEnv({ ...postgres, REDIS_URL: 'redis://cache.internal:6379' }).warnings).toEqual([]);
    // Outside production nothing is said.
    expect(loadEnv({ ...base, DATABASE_URL: 'postgres://app@db.internal/taxfirm' }).warnings).toEqual([]);
  });
});

describe('loadEnv: hardening (F-18)', () => {
  it('F-18: refuses made-up secrets and one secret used twice', () => {
    expect(() => loadEnv({ ...base, ENCRYPTION_KEY: 'e'.repeat(40) })).toThrow(
      /ENCRYPTION_KEY: looks made up/,
    );
    expect(() => loadEnv({ ...base, SESSION_SECRET: 'abababababababababababababababab' })).toThrow(
      /SESSION_SECRET: looks made up/,
    );
    expect(() => loadEnv({ ...base, SESSION_SECRET: ENCRYPTION_KEY })).toThrow(
      'SESSION_SECRET: must differ from ENCRYPTION_KEY',
    );
    // What `openssl rand -hex 32` and `openssl rand -base64 48` make is accepted.
    expect(
      loadEnv({
        ...base,
        ENCRYPTION_KEY: '9f2c4e6a8b0d1f3e5a7c9b2d4f6e8a0c1b3d5f7e9a2c4b6d8f0e1a3c5b7d9f2e',
        SESSION_SECRET: 'k3J9pQ2xV7mZ4tL8wR1yN6bF0cH5gD2sA9eU3iO7uT4qW8zX1vB6nM0lK5jP2rS7',
      }).sessionSecret,
    ).toHaveLength(64);
  });

  it('F-18: production requires TLS for SMTP unless a loopback relay is explicitly allowed in plain text', () => {
    expect(loadEnv(production).smtpRequireTls).toBe(false); // smtps:// is TLS from the start
    expect(loadEnv({ ...production, SMTP_URL: 'smtp://mail.example.com:587' }).smtpRequireTls).toBe(true);
    expect(
      loadEnv({ ...production, SMTP_URL: 'smtp://127.0.0.1:25', SMTP_ALLOW_PLAINTEXT: '1' }).smtpRequireTls,
    ).toBe(false);
    expect(() =>
      loadEnv({ ...production, SMTP_URL: 'smtp://mail.example.com:25', SMTP_ALLOW_PLAINTEXT: '1' }),
    ).toThrow('SMTP_ALLOW_PLAINTEXT: is only for a mail relay on this machine');
    // Tests and development use a plain local SMTP server.
    expect(loadEnv({ ...base, SMTP_URL: 'smtp://127.0.0.1:2525' }).smtpRequireTls).toBe(false);
  });

  it('F-18: makes DATA_DIR private (0700, tightening an existing one) and what the server writes there 0600', () => {
    const parent = mkdtempSync(path.join(tmpdir(), 'taxfirm-data-'));
    const umask = process.umask();
    try {
      // A typical shell's umask, under which files would be world-readable.
      process.umask(0o022);
      const fresh = path.join(parent, 'fresh', 'data');
      preparePrivateDataDir(fresh);
      expect(statSync(fresh).mode & 0o777).toBe(0o700);
      writeFileSync(path.join(fresh, 'file'), 'x');
      expect(statSync(path.join(fresh, 'file')).mode & 0o777).toBe(0o600);
      mkdirSync(path.join(fresh, 'pglite'));
      expect(statSync(path.join(fresh, 'pglite')).mode & 0o777).toBe(0o700);

      process.umask(0o022);
      const existing = path.join(parent, 'existing');
      mkdirSync(existing);
      chmodSync(existing, 0o755);
      preparePrivateDataDir(existing);
      expect(statSync(existing).mode & 0o777).toBe(0o700);

      // The development secrets are generated into a private directory too.
      process.umask(0o022);
      const dev = path.join(parent, 'dev');
      loadEnv({ NODE_ENV: 'development', DATA_DIR: dev });
      expect(statSync(dev).mode & 0o777).toBe(0o700);
      expect(statSync(path.join(dev, 'dev-secrets.json')).mode & 0o777).toBe(0o600);
    } finally {
      process.umask(umask);
      rmSync(parent, { recursive: true, force: true });
    }
  });
});

describe('loadEnv: many instances', () => {
  const shared = {
    ...production,
    DATABASE_URL: 'postgres://app@db.internal/taxfirm',
    REDIS_URL: 'redis://cache.internal:6379',
    STORAGE: 's3',
    S3_BUCKET: 'taxfirm-files',
  };

  it('starts N instances in production on PostgreSQL, Redis and S3', () => {
    const env = loadEnv({ ...shared, INSTANCES: '3' });
    expect(env.instances).toBe(3);
    expect(env.databaseListenUrl).toBe(shared.DATABASE_URL);
  });

  it('refuses INSTANCES > 1 in production on PGlite, local files or in-memory rate limits, listing each', () => {
    const message = (() => {
      try {
        loadEnv({ ...production, INSTANCES: '2' });
      } catch (error) {
        return error instanceof EnvError ? error.message : '';
      }
      return '';
    })();
    expect(message.split('\n').slice(1)).toEqual(
      expect.arrayContaining([
        '  DATABASE_URL: is required with INSTANCES=2: the embedded database (PGlite) belongs to one process',
        '  STORAGE: must be s3 with INSTANCES=2: files on local disk are seen by one instance only',
        '  REDIS_URL: is required with INSTANCES=2: without it each instance counts rate limits on its own',
      ]),
    );
    for (const key of ['DATABASE_URL', 'REDIS_URL', 'S3_BUCKET'] as const) {
      const { [key]: _, ...without } = shared;
      const env = key === 'S3_BUCKET' ? { ...without, STORAGE: 'local' } : without;
      expect(() => loadEnv({ ...env, INSTANCES: '2' }), key).toThrow(EnvError);
      // One instance needs none of them.
      expect(loadEnv({ ...env, INSTANCES: '1' }).instances).toBe(1);
    }
    // Outside production (a developer trying it out) nothing is refused.
    expect(loadEnv({ ...base, INSTANCES: '2' }).instances).toBe(2);
  });

  it('requires DATABASE_LISTEN_URL behind a transaction-mode pooler, and listens there', () => {
    const pooled = { ...shared, DATABASE_POOL_MODE: 'transaction' };
    expect(() => loadEnv(pooled)).toThrow(
      'DATABASE_LISTEN_URL: is required with DATABASE_POOL_MODE=transaction: LISTEN/NOTIFY needs a direct or session-mode URL',
    );
    // Never workable, so refused outside production too.
    expect(() => loadEnv({ ...base, DATABASE_POOL_MODE: 'transaction' })).toThrow(/DATABASE_LISTEN_URL/);
    const direct = 'postgres://app@db-primary.internal/taxfirm';
    const env = loadEnv({ ...pooled, DATABASE_LISTEN_URL: direct });
    expect(env.databasePoolMode).toBe('transaction');
    expect(env.databaseListenUrl).toBe(direct);
  });
});

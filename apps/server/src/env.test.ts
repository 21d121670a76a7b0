import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env.ts';

// Secrets given, so loadEnv never writes development secrets to DATA_DIR.
const base = {
  NODE_ENV: 'test',
  DATA_DIR: '/nonexistent/env-test',
  ENCRYPTION_KEY: 'e'.repeat(32),
  SESSION_SECRET: 's'.repeat(32),
};

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
    const production = {
      ...base,
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.example.com',
      APP_URL: 'https://portal.example.com',
    };
    expect(() => loadEnv(production)).toThrow(EnvError);
    expect(() => loadEnv(production)).toThrow(/PAYMENT_PROVIDER: sandbox takes no real payments/);
    expect(
      loadEnv({
        ...production,
        PAYMENT_PROVIDER: 'razorpay',
        RAZORPAY_KEY_ID: 'k',
        RAZORPAY_KEY_SECRET: 's',
        RAZORPAY_WEBHOOK_SECRET: 'w',
      }).payments.provider,
    ).toBe('razorpay');
    expect(() =>
      loadEnv({
        ...production,
        PAYMENT_PROVIDER: 'razorpay',
        RAZORPAY_KEY_ID: 'rzp_test_abc',
        RAZORPAY_KEY_SECRET: 's',
        RAZORPAY_WEBHOOK_SECRET: 'w',
      }),
    ).toThrow(/RAZORPAY_KEY_ID: is a test-mode key/);
  });
});

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

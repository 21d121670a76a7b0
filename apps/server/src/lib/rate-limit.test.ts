import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

// A Redis client whose server is gone: every counter read fails at once (no offline queue, no retries).
let redis: Redis;
let t: TestApp;
beforeAll(async () => {
  redis = new Redis('redis://127.0.0.1:1', {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  // The connection errors are expected here; the app must answer them, not crash.
  redis.on('error', () => {});
  t = await createTestApp({}, { redis });
});
afterAll(async () => {
  await t.close();
  redis.disconnect();
});

describe('rate limits when their store fails', () => {
  it('F-13: a login is refused with 503, not let through unlimited, while Redis is down', async () => {
    const res = await t.post('/api/login/check', {
      email: 'anyone@example.com',
      password: 'a long password',
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      status_smessage: 'The service is temporarily unavailable. Please try again shortly.',
    });
    const mfa = await t.post('/api/staff/login/mfa', { mfa_token: 'x', code: '123456' });
    expect(mfa.statusCode).toBe(503);
    expect(t.logs()).toContain('rate-limit store failed; refusing the call');
  });
});

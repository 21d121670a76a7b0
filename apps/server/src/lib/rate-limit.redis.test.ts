import { randomInt, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

// Runs only in the server-redis project (vitest.config.ts), which exists when TEST_REDIS_URL is set.
const REDIS_URL = inject('redisUrl');

let redis: Redis;
let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  first = await createTestApp({}, { redis });
  second = await createTestApp({}, { redis });
});
afterAll(async () => {
  await first.close();
  await second.close();
  redis.disconnect();
});

describe('rate limits in Redis', () => {
  it('counts across instances: ten logins on one, the 11th on another gets 429', async () => {
    // A fresh address each run: counters live for 15 minutes in the shared server.
    const email = `redis-${randomUUID()}@example.com`;
    // And a fresh client address: the per-IP counter is shared with every other run against this Redis.
    const ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const login = (t: TestApp) =>
      t.app.inject({
        method: 'POST',
        url: '/api/login/check',
        remoteAddress: ip,
        cookies: { 'XSRF-TOKEN': t.csrfToken },
        headers: { 'X-XSRF-TOKEN': t.csrfToken, 'content-type': 'application/json' },
        payload: JSON.stringify({ email, password: 'not the password' }),
      });
    const answers: number[] = [];
    for (let i = 0; i < 10; i += 1) answers.push((await login(i % 2 === 0 ? first : second)).statusCode);
    expect(answers).toEqual(Array(10).fill(401));
    const eleventh = await login(second);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().status_smessage).toBe('Too many attempts. Please wait a moment and try again.');
    const keys = await redis.keys('taxfirm-rl-*');
    expect(keys.some((key) => key.includes(email))).toBe(true);
  });
});

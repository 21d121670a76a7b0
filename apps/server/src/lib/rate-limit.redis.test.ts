import { randomInt, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, postFromAddress, type TestApp } from '../../test/helpers.ts';

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
  it('counts across instances: 50 logins from one IP on two instances, the 51st gets 429', async () => {
    // A fresh client address each run: the per-IP counter is shared with every other run against this Redis.
    const ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const login = (t: TestApp, i: number) =>
      // Addresses nobody owns: no account's own lock is involved, only the IP's counter.
      postFromAddress(t, ip, '/api/login/check', {
        email: `redis-${randomUUID()}-${i}@example.com`,
        password: 'not it',
      });
    const answers: number[] = [];
    for (let i = 0; i < 50; i += 1) answers.push((await login(i % 2 === 0 ? first : second, i)).statusCode);
    expect(answers).toEqual(Array(50).fill(401));
    const last = await login(second, 50);
    expect(last.statusCode).toBe(429);
    expect(last.json().status_smessage).toBe('Too many attempts. Please wait a moment and try again.');
    const keys = await redis.keys('taxfirm-rl-*');
    expect(keys.some((key) => key.includes(ip))).toBe(true);
  });
});

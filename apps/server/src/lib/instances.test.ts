/**
 * Instances announce themselves (security review S2-11; lib/instances.ts) on a fresh database. The server
 * announces itself on PostgreSQL only (the embedded database's data-directory lock already allows one process),
 * but the rules are the same SQL on both engines, so they are proven on both; two real server processes are in
 * multi-instance.redis.test.ts.
 */
import { serverInstances, sql, type DatabaseHandle } from '@taxfirm/db';
import { createTestDatabase } from '@taxfirm/db/testing';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { announceInstance, InstanceCountError, type InstanceAnnouncement } from './instances.ts';

/** No process has this id (above Linux's largest pid_max): a crashed instance's pid. */
const DEAD_PID = 4_194_305;

describe('instances announce themselves', () => {
  let database: DatabaseHandle;
  const running: InstanceAnnouncement[] = [];
  const start = async (
    host: string,
    options: { declared?: number; rateLimits?: 'memory' | 'redis'; pid?: number; heartbeatMs?: number } = {},
  ) => {
    const instance = await announceInstance({
      db: database.db,
      declared: options.declared ?? 1,
      rateLimits: options.rateLimits ?? 'redis',
      heartbeatMs: options.heartbeatMs ?? 30_000,
      host,
      ...(options.pid ? { pid: options.pid } : {}),
    });
    running.push(instance);
    return instance;
  };
  const rows = () =>
    database.db
      .select({ host: serverInstances.host, rateLimits: serverInstances.rateLimits })
      .from(serverInstances);

  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    for (const instance of running.splice(0)) await instance.stop();
    await database.close();
  });

  it('a second instance with INSTANCES=1 is refused, and starts once the first has stopped', async () => {
    const first = await start('web-1');
    expect(await rows()).toEqual([{ host: 'web-1', rateLimits: 'redis' }]);
    const refused = start('web-2');
    await expect(refused).rejects.toThrow(InstanceCountError);
    await expect(refused).rejects.toThrow(
      /^Refusing to start: 1 instance\(s\) already run on this database and INSTANCES=1 \(this one would make 2\)\. Running: web-1 \(pid \d+, rate limits in redis, seen 0s ago\)/,
    );
    await first.stop();
    expect(await rows()).toEqual([]);
    await start('web-2');
    expect(await rows()).toEqual([{ host: 'web-2', rateLimits: 'redis' }]);
  });

  it('two with INSTANCES=2 and Redis start; a third is refused', async () => {
    await start('web-1', { declared: 2 });
    await start('web-2', { declared: 2 });
    await expect(start('web-3', { declared: 2 })).rejects.toThrow(/INSTANCES=2 \(this one would make 3\)/);
    expect((await rows()).map((row) => row.host).sort()).toEqual(['web-1', 'web-2']);
  });

  it('refuses a second instance when either counts rate limits in memory, whatever INSTANCES says', async () => {
    await start('web-1', { declared: 2, rateLimits: 'memory' });
    await expect(start('web-2', { declared: 2 })).rejects.toThrow(
      /another instance runs on this database \(web-1 .*rate limits in memory.*\) and it counts rate limits in memory.*Set REDIS_URL/,
    );
    for (const instance of running.splice(0)) await instance.stop();
    await start('web-1', { declared: 2 });
    await expect(start('web-2', { declared: 2, rateLimits: 'memory' })).rejects.toThrow(
      /and this one counts rate limits in memory/,
    );
  });

  it('a crashed instance does not block a restart: its row goes stale, or this host shows its pid is gone', async () => {
    // Another host's instance last seen ten minutes ago (three heartbeats are 90 seconds).
    await database.db.execute(
      sql`insert into server_instances (id, host, pid, rate_limits, started_at, seen_at)
          values (gen_random_uuid(), 'web-9', 1234, 'memory', now() - interval '1 day', now() - interval '10 minutes')`,
    );
    await start('web-1');
    expect(await rows()).toEqual([{ host: 'web-1', rateLimits: 'redis' }]);
    for (const instance of running.splice(0)) await instance.stop();
    // A row of this host that heartbeated just now is a live instance, even if its pid is not visible here (two
    // containers with one host name): not taken over.
    await database.db.execute(
      sql`insert into server_instances (id, host, pid, rate_limits)
          values (gen_random_uuid(), 'web-1', ${DEAD_PID}, 'redis')`,
    );
    await expect(start('web-1')).rejects.toThrow(InstanceCountError);
    // This host's instance crashed a heartbeat ago (its process is gone, its row not yet stale): restarted.
    await database.db.execute(sql`update server_instances set seen_at = now() - interval '31 seconds'`);
    await expect(start('web-2')).rejects.toThrow(InstanceCountError);
    await start('web-1');
    expect(await rows()).toEqual([{ host: 'web-1', rateLimits: 'redis' }]);
  });

  it('refreshes seen_at every heartbeat, and comes back if its row was removed meanwhile', async () => {
    const instance = await start('web-1', { heartbeatMs: 100 });
    const seen = async () =>
      (
        (await database.db.execute(
          sql`select extract(epoch from seen_at - started_at)::float8 as "after" from server_instances`,
        )) as unknown as { rows: { after: number }[] }
      ).rows[0]?.after;
    await sleep(350);
    expect(await seen()).toBeGreaterThan(0.1);
    await database.db.delete(serverInstances).where(sql`true`);
    await sleep(250);
    expect(await rows()).toEqual([{ host: 'web-1', rateLimits: 'redis' }]);
    await instance.stop();
    running.splice(0);
    expect(await rows()).toEqual([]);
  });

  it('alerts at each heartbeat while more instances are live than allowed', async () => {
    const alerts: string[] = [];
    const instance = await announceInstance({
      db: database.db,
      declared: 1,
      rateLimits: 'redis',
      heartbeatMs: 100,
      host: 'web-1',
      onTooMany: (message) => alerts.push(message),
    });
    running.push(instance);
    await sleep(250);
    expect(alerts).toEqual([]);
    // One that started while this one's row had gone stale (a long pause), as a row.
    await database.db.execute(
      sql`insert into server_instances (id, host, pid, rate_limits) values (gen_random_uuid(), 'web-2', 77, 'memory')`,
    );
    await sleep(250);
    expect(alerts.length).toBeGreaterThan(0);
    expect(alerts[0]).toBe(
      '2 instances are live on this database (INSTANCES=1, 1 with rate limits in memory): every rate limit is ' +
        'multiplied. See server_instances and docs/operations.md, "Scaling out".',
    );
  });
});

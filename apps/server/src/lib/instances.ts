/**
 * Instances announce themselves (security review S2-11): each server process on PostgreSQL keeps a row in
 * server_instances (migration 0025) from start to stop, its seen_at refreshed every heartbeat. A start is
 * refused when the live instances (seen within three heartbeats) and this one would be more than INSTANCES
 * declares, or more than one while any of them counts rate limits in memory (no REDIS_URL), which would
 * multiply every limit. Times are the database's, so the hosts' clocks do not matter. The embedded database
 * (PGlite) needs none of this: its data-directory lock already keeps it to one process.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { eq, serverInstances, sql, type Database } from '@taxfirm/db';

/** A start refused: too many live instances, or in-memory rate limits with another (message only, no stack). */
export class InstanceCountError extends Error {}

export type RateLimitStore = 'memory' | 'redis';

export type InstanceAnnouncement = {
  id: string;
  /** Stop the heartbeat and remove this instance's row (a graceful stop: a replacement may start at once). */
  stop: () => Promise<void>;
};

/** Serialises the check-and-insert of instances starting at the same moment. Arbitrary, fixed. */
const START_LOCK_ID = 4_224_025;

/** A process on this machine still running? (EPERM: running, as someone else.) */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

type LiveRow = { id: string; host: string; pid: number; rateLimits: RateLimitStore; seenSecondsAgo: number };

export async function announceInstance({
  db,
  declared,
  rateLimits,
  heartbeatMs,
  host = hostname(),
  pid = process.pid,
  onError = () => {},
  onTooMany = () => {},
}: {
  db: Database;
  /** INSTANCES. */
  declared: number;
  rateLimits: RateLimitStore;
  heartbeatMs: number;
  host?: string;
  pid?: number;
  /** A heartbeat that failed (the database briefly away): the next one tries again. */
  onError?: (error: unknown) => void;
  /**
   * A heartbeat found more live instances than allowed (one started while this one's row had gone stale, say
   * during a long pause): the message, for the log as an alert. Each heartbeat says it again until it is fixed.
   */
  onTooMany?: (message: string) => void;
}): Promise<InstanceAnnouncement> {
  const id = randomUUID();
  const staleAfterMs = 3 * heartbeatMs;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${START_LOCK_ID})`);
    // A crashed instance's row stops counting three heartbeats after it was last seen.
    await tx.execute(
      sql`delete from server_instances where seen_at < now() - make_interval(secs => ${staleAfterMs / 1000})`,
    );
    const result = await tx.execute(
      sql`select id, host, pid, rate_limits as "rateLimits",
                 extract(epoch from now() - seen_at)::int as "seenSecondsAgo"
            from server_instances order by started_at`,
    );
    let live = (result as unknown as { rows: LiveRow[] }).rows;
    // This machine's own earlier process that died without removing its row (a crash, then a restart by
    // systemd or the container runtime): the same host with this pid (a container's pid 1) or a pid not running,
    // and not seen for a heartbeat. A row that is still heartbeating is a live instance, even when it looks like
    // this host's (two containers given one host name both run as pid 1 and cannot see each other's pids).
    const predecessors = live.filter(
      (row) =>
        row.host === host &&
        (row.pid === pid || !isRunning(row.pid)) &&
        row.seenSecondsAgo * 1000 >= heartbeatMs,
    );
    for (const row of predecessors) await tx.delete(serverInstances).where(eq(serverInstances.id, row.id));
    live = live.filter((row) => !predecessors.includes(row));
    const others = live
      .map(
        (row) =>
          `${row.host} (pid ${row.pid}, rate limits in ${row.rateLimits}, seen ${row.seenSecondsAgo}s ago)`,
      )
      .join('; ');
    const after =
      `A stopped instance removes its row; a crashed one stops counting ${Math.round(staleAfterMs / 1000)}s ` +
      'after its last heartbeat. See docs/operations.md, "Scaling out".';
    if (live.length + 1 > declared) {
      throw new InstanceCountError(
        `Refusing to start: ${live.length} instance(s) already run on this database and INSTANCES=${declared} ` +
          `(this one would make ${live.length + 1}). Running: ${others}. Raise INSTANCES on every instance ` +
          `(with REDIS_URL and STORAGE=s3), or stop one. ${after}`,
      );
    }
    if (live.length > 0 && (rateLimits === 'memory' || live.some((row) => row.rateLimits === 'memory'))) {
      throw new InstanceCountError(
        `Refusing to start: another instance runs on this database (${others}) and ` +
          `${rateLimits === 'memory' ? 'this one' : 'it'} counts rate limits in memory, so each instance ` +
          `would allow the full limits again. Set REDIS_URL on every instance. ${after}`,
      );
    }
    await tx.insert(serverInstances).values({ id, host, pid, rateLimits });
  });
  const beat = async () => {
    // Upserted: a row removed while this process was paused (longer than three heartbeats) comes back.
    await db
      .insert(serverInstances)
      .values({ id, host, pid, rateLimits })
      .onConflictDoUpdate({ target: serverInstances.id, set: { seenAt: sql`now()` } });
    const result = await db.execute(
      sql`select count(*)::int as "live", count(*) filter (where rate_limits = 'memory')::int as "inMemory"
            from server_instances where seen_at >= now() - make_interval(secs => ${staleAfterMs / 1000})`,
    );
    const [counts] = (result as unknown as { rows: { live: number; inMemory: number }[] }).rows;
    if (!counts) return;
    if (counts.live > declared || (counts.live > 1 && counts.inMemory > 0)) {
      onTooMany(
        `${counts.live} instances are live on this database (INSTANCES=${declared}, ${counts.inMemory} with ` +
          'rate limits in memory): every rate limit is multiplied. See server_instances and docs/operations.md, ' +
          '"Scaling out".',
      );
    }
  };
  const timer = setInterval(() => beat().catch(onError), heartbeatMs);
  timer.unref();
  return {
    id,
    stop: async () => {
      clearInterval(timer);
      await db.delete(serverInstances).where(eq(serverInstances.id, id));
    },
  };
}

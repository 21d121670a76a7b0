/**
 * What the tests of a mailing pass (checklist reminders, the staff digest) share: a second instance's database
 * for races between instances, and the check that the pass's scheduler runs on its own and stops.
 */
import { createDatabase, sql, type Database, type DatabaseHandle } from '@taxfirm/db';
import type { FastifyBaseLogger } from 'fastify';
import { expect, inject } from 'vitest';
import type { Scheduler } from '../src/lib/scheduler.ts';

/**
 * A second instance: its own pool on the same PostgreSQL database as `db`. Null on PGlite (it has one
 * connection), where the caller runs both passes on `db`. Close it in a `finally`.
 */
export async function openSecondInstance(db: Database): Promise<DatabaseHandle | null> {
  const provided = inject('testDatabase');
  if (provided.engine !== 'postgres') return null;
  const result = await db.execute(sql`select current_database() as name`);
  const [row] = (result as unknown as { rows: { name: string }[] }).rows;
  const url = new URL(provided.adminUrl);
  url.pathname = `/${row?.name ?? ''}`;
  return createDatabase({ engine: 'postgres', url: url.toString(), maxConnections: 4 });
}

/** What a mailing scheduler is started with (`mailingScheduler` in lib/scheduler.ts), timing aside. */
type MailingSchedulerOptions<Settings> = {
  db: Database;
  settings: Settings;
  appUrl: string;
  log: FastifyBaseLogger;
  now: () => Date;
};

/**
 * Starts a mailing scheduler (first pass after 10 ms, the next a minute later), waits until `sentCount` reaches
 * one, stops it, and checks that a stopped scheduler runs no more passes.
 */
export async function expectScheduledPassThenStop<Settings>(
  start: (
    options: MailingSchedulerOptions<Settings> & { firstRunMs: number; intervalMs: number },
  ) => Scheduler<unknown>,
  options: MailingSchedulerOptions<Settings>,
  sentCount: () => Promise<number>,
): Promise<void> {
  const scheduler = start({ ...options, firstRunMs: 10, intervalMs: 60_000 });
  try {
    await expect.poll(sentCount, { timeout: 10_000 }).toBe(1);
  } finally {
    await scheduler.stop();
  }
  expect(await scheduler.run()).toBeUndefined();
}

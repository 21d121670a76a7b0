/**
 * The SQL statements the app runs through Drizzle while a piece of a test runs, captured from the query log:
 * for tests that check how a call reads (which statements, their plans), not only what it answers.
 */
import type { DatabaseHandle } from '@taxfirm/db';
import { forgetListings } from '../src/modules/staff/queue-listing.ts';

export type Captured = { text: string; params: unknown[] };

/** Capture every statement the app runs through Drizzle while `run` runs. */
export async function captureStatements(
  database: DatabaseHandle,
  run: () => Promise<void>,
): Promise<Captured[]> {
  // Drizzle reads its session's logger for each query it prepares; the test swaps it for a recorder.
  const session = (database.db as unknown as { session: { logger: unknown } }).session;
  const previous = session.logger;
  const seen: Captured[] = [];
  session.logger = { logQuery: (text: string, params: unknown[]) => seen.push({ text, params }) };
  // The queue list's statements are prepared once: built again, they log to the recorder.
  forgetListings(database.db);
  try {
    await run();
  } finally {
    session.logger = previous;
    forgetListings(database.db);
  }
  return seen;
}

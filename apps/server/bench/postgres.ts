/** A throwaway database for one bench run, on the PostgreSQL server of BENCH_DATABASE_URL. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const BENCH_ADMIN_URL =
  process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Create an empty database named `<prefix>_<random>`; `drop` removes it (and ends its connections). */
export async function freshPostgresDatabase(
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: BENCH_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } catch (error) {
    await admin.end();
    throw error;
  }
  const url = new URL(BENCH_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: async () => {
      try {
        await admin.query(`drop database if exists ${name} with (force)`);
      } finally {
        await admin.end();
      }
    },
  };
}

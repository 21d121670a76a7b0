/**
 * The audit chain sealed after commit (ADR 032, migration 0043), on PostgreSQL where transactions really run
 * at once: many writers on several pools and a sealer per pool leave one strict, verified chain within
 * seconds; a sealer killed mid-batch seals nothing and the next continues; an open transaction holds back
 * only the rows dated after its own; and the deadlock ADR 022 warned about cannot happen.
 */
import { auditLog, createDatabase, isNull, sql, type DatabaseHandle } from '@taxfirm/db';
import Fastify from 'fastify';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { audit } from '../../lib/audit.ts';
import { SYSTEM } from '../../lib/actor.ts';
import { verifyAuditChain } from './audit-chain.ts';
import { sealAuditLog, sealBatch, startAuditSealer } from './audit-sealer.ts';
import { chain, urlOf, withDatabase } from './testing/chain-kit.ts';

const unsealed = async (database: DatabaseHandle) =>
  (
    await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(isNull(auditLog.chainSeq))
  )[0]?.n ?? -1;

/** A client of its own (one connection, one transaction at a time), closed by `run`'s end. */
async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  // A backend ended on purpose (the killed sealer) also emits 'error' on its client: expected, not unhandled.
  client.on('error', () => {});
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end().catch(() => {});
  }
}

describe('the audit sealer on PostgreSQL', () => {
  it('seals 40 concurrent transactions on 5 pools into one strict, verified chain within seconds, with a sealer per pool', async () => {
    await withDatabase(async (database) => {
      const url = await urlOf(database);
      const pools = await Promise.all(
        [1, 2, 3, 4].map(() => createDatabase({ engine: 'postgres', url, maxConnections: 5 })),
      );
      const dbs = [database.db, ...pools.map((p) => p.db)];
      // Five sealers at once, as five instances would run them: one at a time gets the lock, the rest skip.
      const log = Fastify().log;
      const sealers = dbs.map((db) => startAuditSealer({ db, log, intervalMs: 100, firstRunMs: 0 }));
      try {
        const outcomes = await Promise.allSettled(
          Array.from({ length: 40 }, (_, i) =>
            (dbs[i % dbs.length] ?? database.db).transaction(async (tx) => {
              await audit(tx, { actor: SYSTEM, action: `test.tx.${i}`, subject: 'first' });
              await tx.execute(sql`select pg_sleep(0.005)`);
              await audit(tx, { actor: SYSTEM, action: `test.tx.${i}`, subject: 'second' });
              // Every fifth rolls back after writing its rows: they must leave no gap.
              if (i % 5 === 4) throw new Error('rolled back');
            }),
          ),
        );
        expect(outcomes.filter((o) => o.status === 'rejected')).toHaveLength(8);
        const lastCommit = Date.now();
        let waited = 0;
        while ((await unsealed(database)) > 0) {
          if (Date.now() - lastCommit > 10_000)
            throw new Error('rows still unsealed 10 s after the last commit');
          await new Promise((resolve) => setTimeout(resolve, 50));
          waited = Date.now() - lastCommit;
        }
        expect(waited).toBeLessThan(10_000);
      } finally {
        await Promise.all(sealers.map((s) => s.stop()));
        await Promise.all(pools.map((p) => p.close()));
      }
      const rows = await chain(database.db);
      expect(rows).toHaveLength(64);
      expect(rows.map((r) => r.chainSeq)).toEqual(rows.map((_, i) => i + 1));
      expect(rows.some((r) => /^test\.tx\.(4|9|14|19|24|29|34|39)$/.test(r.action))).toBe(false);
      const report = await verifyAuditChain({ db: database.db, batchSize: 7, staleAfterSeconds: 0 });
      expect(report).toMatchObject({ rowsChecked: 64, unsealed: 0, breaks: 0, firstBreak: null });
    });
  });

  it('a sealer killed mid-batch leaves nothing half-sealed, and the next one continues', async () => {
    await withDatabase(async (database) => {
      await audit(database.db, { actor: SYSTEM, action: 'test.before' });
      expect(await sealAuditLog(database.db)).toBe(1);
      await database.db.execute(
        sql`insert into audit_log (action, subject) select 'test.bulk', g::text from generate_series(1, 40000) g`,
      );
      const url = await urlOf(database);
      const killed = await withClient(url, async (sealer) => {
        const [{ pid } = { pid: 0 }] = (await sealer.query<{ pid: number }>('select pg_backend_pid() as pid'))
          .rows;
        const running = sealer.query('select audit_log_seal(100000)').then(
          () => 'finished',
          (error: Error) => error.message,
        );
        // Wait until the batch is under way (its first updates made), then end its backend.
        await withClient(url, async (watcher) => {
          for (let i = 0; i < 200; i += 1) {
            const { rows } = await watcher.query<{ active: boolean }>(
              `select state = 'active' and now() - query_start > interval '30 milliseconds' as active
                 from pg_stat_activity where pid = $1`,
              [pid],
            );
            if (rows[0]?.active) break;
            await new Promise((resolve) => setTimeout(resolve, 5));
          }
          await watcher.query('select pg_terminate_backend($1)', [pid]);
        });
        return running;
      });
      expect(killed).not.toBe('finished');
      // Nothing of the killed batch stayed: only the first row is sealed.
      expect(await unsealed(database)).toBe(40000);
      expect(await verifyAuditChain({ db: database.db })).toMatchObject({ rowsChecked: 1, breaks: 0 });
      // The next sealer continues from the same head.
      expect(await sealAuditLog(database.db, { batchSize: 5000 })).toBe(40000);
      expect(await verifyAuditChain({ db: database.db, staleAfterSeconds: 0 })).toMatchObject({
        rowsChecked: 40001,
        unsealed: 0,
        breaks: 0,
      });
    });
  });

  it('an open transaction holds back the rows dated after its own, which are then sealed in date order', async () => {
    await withDatabase(async (database) => {
      const url = await urlOf(database);
      await withClient(url, async (slow) => {
        await slow.query('begin');
        await slow.query(`insert into audit_log (action) values ('test.slow')`);
        // A second later, in another second than the slow row's lock: a row that commits first.
        await new Promise((resolve) => setTimeout(resolve, 1100));
        await audit(database.db, { actor: SYSTEM, action: 'test.fast' });
        await slow.query(`insert into audit_log (action) values ('test.slow.2')`);
        // One lock per transaction, whatever the seconds it writes in.
        const locks = await slow.query<{ n: number }>(
          `select count(*)::int as n from pg_locks where locktype = 'advisory' and classid = 4224023
              and pid = pg_backend_pid()`,
        );
        expect(locks.rows[0]?.n).toBe(1);
        // The fast row is committed but dated after the slow row, which may still commit: not sealed yet.
        expect(await sealBatch(database.db)).toBe(0);
        // Another sealer meanwhile: the lock is free again, and it too leaves both.
        expect(await sealAuditLog(database.db)).toBe(0);
        // audit:verify says why the rows wait, and an old row held back so is not a break.
        const held = await verifyAuditChain({ db: database.db, staleAfterSeconds: 0 });
        expect(held).toMatchObject({ unsealed: 1, breaks: 0 });
        expect(held.heldBackSince).not.toBeNull();
        await slow.query('commit');
      });
      expect(await sealAuditLog(database.db)).toBe(3);
      const rows = await chain(database.db);
      expect(rows.map((r) => r.action)).toEqual(['test.slow', 'test.fast', 'test.slow.2']);
      expect(await verifyAuditChain({ db: database.db })).toMatchObject({ rowsChecked: 3, breaks: 0 });
    });
  });

  it('refuses to seal under REPEATABLE READ, whose snapshot could miss a row committed meanwhile', async () => {
    await withDatabase(async (database) => {
      await audit(database.db, { actor: SYSTEM, action: 'test.row' });
      await withClient(await urlOf(database), async (client) => {
        await client.query('begin isolation level repeatable read');
        await expect(client.query('select audit_log_seal(10)')).rejects.toThrow(/only under READ COMMITTED/);
        await client.query('rollback');
      });
      expect(await unsealed(database)).toBe(1);
    });
  });

  it('cannot deadlock two transactions that audit and update the same row in opposite orders (ADR 022)', async () => {
    await withDatabase(async (database) => {
      await database.db.execute(sql`create table test_rows (id int primary key, n int)`);
      await database.db.execute(sql`insert into test_rows values (1, 0)`);
      const url = await urlOf(database);
      await withClient(url, (first) =>
        withClient(url, async (second) => {
          await first.query('begin');
          await first.query(`insert into audit_log (action) values ('test.first')`);
          await second.query('begin');
          await second.query('update test_rows set n = n + 1 where id = 1');
          // Under ADR 022 this insert waited for the first transaction's chain lock: a deadlock below.
          await second.query(`insert into audit_log (action) values ('test.second')`);
          const firstUpdate = first.query('update test_rows set n = n + 1 where id = 1');
          await second.query('commit');
          await firstUpdate;
          await first.query('commit');
        }),
      );
      const [row] = (
        (await database.db.execute(sql`select n from test_rows where id = 1`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows;
      expect(row?.n).toBe(2);
      expect((await chain(database.db)).map((r) => r.action).sort()).toEqual(['test.first', 'test.second']);
    });
  });
});

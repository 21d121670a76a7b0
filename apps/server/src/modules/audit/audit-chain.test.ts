/**
 * The audit log's hash chain (migration 0023, audit-chain.ts) on both engines: every row chained, Node and the
 * database hashing alike, the log append-only, one strict chain under concurrent writers. Tampering is in
 * audit-tampering.test.ts, erasure in audit-erasure.test.ts, the migrations in audit-migrations.test.ts, the
 * commands in audit-cli.test.ts and the database roles in audit-roles.test.ts.
 */
import { auditLog, createDatabase, eq, sql } from '@taxfirm/db';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers.ts';
import { audit } from '../../lib/audit.ts';
import { SYSTEM } from '../../lib/actor.ts';
import { chainHash, hashedColumns, verifyAuditChain } from './audit-chain.ts';
import { asOwner, chain, clientAndStaffWrites, urlOf, withDatabase, writeRows } from './testing/chain-kit.ts';

describe('the audit chain', () => {
  it('chains every row the app writes, and Node computes the same hash as the database', async () => {
    const t = await createTestApp();
    try {
      await clientAndStaffWrites(t);
      // Text that an encoding could get wrong: several scripts, an empty string, nulls, a long user agent.
      await audit(t.database.db, {
        actor: { kind: 'visitor', userId: null, ip: '2001:db8::1', userAgent: 'Mozilla/5.0 '.repeat(40) },
        action: 'test.encoding',
        subject: 'Ünïcödé — नमस्ते — 税 — 🙂 — ',
      });
      await audit(t.database.db, { actor: SYSTEM, action: 'test.empty', subject: '' });

      const rows = await chain(t.database.db);
      expect(rows.map((r) => r.chainSeq)).toEqual(rows.map((_, i) => i + 1));
      expect(rows.map((r) => r.action)).toEqual(
        expect.arrayContaining([
          'signin.succeeded',
          'profile.update',
          'staff.client.status',
          'test.encoding',
        ]),
      );
      const report = await verifyAuditChain({ db: t.database.db, batchSize: 3 });
      expect(report).toMatchObject({
        rowsChecked: rows.length,
        breaks: 0,
        firstBreak: null,
        erasedReferences: 0,
      });
      expect(report.head).toEqual({ chainSeq: rows.length, hash: rows.at(-1)?.hash.toString('hex') });

      // The encoding, spelled out: the database's audit_log_hash() and Node's chainHash() agree on one row.
      const [row] = await t.database.db
        .select({
          ...hashedColumns,
          recomputed: sql<string>`encode(audit_log_hash(${auditLog.prevHash}, ${auditLog.id}, ${auditLog.action},
            ${auditLog.subject}, ${auditLog.ip}, ${auditLog.userAgent}, ${auditLog.createdAt}, ${auditLog.refDigests}), 'hex')`,
        })
        .from(auditLog)
        .where(eq(auditLog.action, 'test.encoding'));
      if (!row) throw new Error('no test.encoding row');
      const node = chainHash(row.prevHash, {
        ...row,
        chainSeq: 0,
        actorUserId: null,
        clientId: null,
        createdAtMicros: BigInt(row.micros),
      });
      expect(node.toString('hex')).toBe(row.recomputed);
      expect(node.equals(row.hash)).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('chains the rows of one multi-row insert in order, and ignores chain values a writer sends', async () => {
    await withDatabase(async ({ db }) => {
      await writeRows(db, 2);
      await db
        .insert(auditLog)
        .values([
          { action: 'test.bulk.a', chainSeq: 99, hash: Buffer.alloc(32, 1) },
          { action: 'test.bulk.b', prevHash: Buffer.alloc(32, 2) },
          { action: 'test.bulk.c' },
        ]);
      const rows = await chain(db);
      expect(rows.map((r) => [r.chainSeq, r.action])).toEqual([
        [1, 'test.row.1'],
        [2, 'test.row.2'],
        [3, 'test.bulk.a'],
        [4, 'test.bulk.b'],
        [5, 'test.bulk.c'],
      ]);
      expect(await verifyAuditChain({ db })).toMatchObject({ rowsChecked: 5, breaks: 0 });
    });
  });

  it('still refuses updates and deletes, now of the chain columns too', async () => {
    await withDatabase(async ({ db }) => {
      await writeRows(db, 2);
      for (const statement of [
        `update audit_log set hash = sha256('x') where chain_seq = 1`,
        `update audit_log set chain_seq = 7 where chain_seq = 2`,
        `update audit_log set action = 'forged' where chain_seq = 1`,
        `delete from audit_log where chain_seq = 2`,
        `truncate audit_log`,
      ]) {
        await expect(asOwner(db, statement), statement).rejects.toThrow();
      }
      expect(await verifyAuditChain({ db })).toMatchObject({ rowsChecked: 2, breaks: 0 });
    });
  });

  it('gives one strict chain when many connections write at once, each transaction’s rows together', async () => {
    await withDatabase(async (database) => {
      // On PostgreSQL four more pools on the same database; PGlite has one connection, which serialises.
      const pools =
        database.engine === 'postgres'
          ? await Promise.all(
              [1, 2, 3, 4].map(async () =>
                createDatabase({ engine: 'postgres', url: await urlOf(database), maxConnections: 5 }),
              ),
            )
          : [];
      try {
        const dbs = [database.db, ...pools.map((p) => p.db)];
        await Promise.all(
          Array.from({ length: 40 }, (_, i) =>
            (dbs[i % dbs.length] ?? database.db).transaction(async (tx) => {
              await audit(tx, { actor: SYSTEM, action: `test.tx.${i}`, subject: 'first' });
              await tx.execute(sql`select pg_sleep(0.005)`);
              await audit(tx, { actor: SYSTEM, action: `test.tx.${i}`, subject: 'second' });
            }),
          ),
        );
      } finally {
        await Promise.all(pools.map((p) => p.close()));
      }
      const rows = await chain(database.db);
      expect(rows.map((r) => r.chainSeq)).toEqual(rows.map((_, i) => i + 1));
      expect(rows).toHaveLength(80);
      for (let i = 0; i < rows.length; i += 2) expect(rows[i]?.action).toBe(rows[i + 1]?.action);
      expect(await verifyAuditChain({ db: database.db, batchSize: 7 })).toMatchObject({
        rowsChecked: 80,
        breaks: 0,
      });
    });
  });
});

/**
 * The audit log's hash chain (migration 0023, audit-chain.ts) on both engines: every row chained, Node and the
 * database hashing alike, the log append-only, rows sealed after commit (ADR 032; concurrent writers and
 * sealers in audit-sealer.postgres.test.ts). Tampering is in
 * audit-tampering.test.ts, erasure in audit-erasure.test.ts, the migrations in audit-migrations.test.ts, the
 * commands in audit-cli.test.ts and the database roles in audit-roles.test.ts.
 */
import { auditLog, eq, sql } from '@taxfirm/db';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers.ts';
import { audit } from '../../lib/audit.ts';
import { SYSTEM } from '../../lib/actor.ts';
import { chainHash, hashedColumns, verifyAuditChain } from './audit-chain.ts';
import { asOwner, chain, clientAndStaffWrites, withDatabase, writeRows } from './testing/chain-kit.ts';

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
      expect(report.head).toEqual({ chainSeq: rows.length, hash: rows.at(-1)?.hash?.toString('hex') });

      // The encoding, spelled out: the database's audit_log_hash() and Node's chainHash() agree on one row.
      const [row] = await t.database.db
        .select({
          ...hashedColumns,
          recomputed: sql<string>`encode(audit_log_hash(${auditLog.prevHash}, ${auditLog.id}, ${auditLog.action},
            ${auditLog.subject}, ${auditLog.ip}, ${auditLog.userAgent}, ${auditLog.createdAt}, ${auditLog.refDigests}), 'hex')`,
        })
        .from(auditLog)
        .where(eq(auditLog.action, 'test.encoding'));
      if (!row?.prevHash || !row.hash) throw new Error('no sealed test.encoding row');
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

  it('writes a row unsealed and waits for nobody; a rolled-back row leaves no gap', async () => {
    await withDatabase(async ({ db }) => {
      await writeRows(db, 2);
      await audit(db, { actor: SYSTEM, action: 'test.pending' });
      const [pending] = await db
        .select({ chainSeq: auditLog.chainSeq, hash: auditLog.hash })
        .from(auditLog)
        .where(eq(auditLog.action, 'test.pending'));
      expect(pending).toEqual({ chainSeq: null, hash: null });
      // Written a moment ago: pending, not a break.
      expect(await verifyAuditChain({ db })).toMatchObject({ rowsChecked: 2, unsealed: 1, breaks: 0 });
      await expect(
        db.transaction(async (tx) => {
          await audit(tx, { actor: SYSTEM, action: 'test.rolled-back' });
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      await audit(db, { actor: SYSTEM, action: 'test.after' });
      const rows = await chain(db);
      expect(rows.map((r) => [r.chainSeq, r.action])).toEqual([
        [1, 'test.row.1'],
        [2, 'test.row.2'],
        [3, 'test.pending'],
        [4, 'test.after'],
      ]);
      expect(await verifyAuditChain({ db, staleAfterSeconds: 0 })).toMatchObject({
        rowsChecked: 4,
        unsealed: 0,
        breaks: 0,
      });
    });
  });

  it('reports a row that is never sealed, and one slipped in behind the sealer that can never be sealed in order', async () => {
    await withDatabase(async ({ db }) => {
      await writeRows(db, 2);
      await audit(db, { actor: SYSTEM, action: 'test.stuck' });
      await db.execute(sql`select pg_sleep(0.05)`);
      const stale = await verifyAuditChain({ db, staleAfterSeconds: 0.01 });
      expect(stale).toMatchObject({ rowsChecked: 2, unsealed: 1, breaks: 1 });
      expect(stale.firstBreak?.reason).toMatch(/^1 row\(s\) not sealed, the oldest written \d+ s ago/);
      await chain(db);

      // The owner, triggers off, adds an unsealed row dated before the head: the sealer would put it after.
      await asOwner(db, 'alter table audit_log disable trigger audit_log_chain');
      await db.execute(sql`
        insert into audit_log (action, created_at, ref_digests)
        values ('forged.behind', now() - interval '1 hour', audit_log_ref_digests(null, null))`);
      await asOwner(db, 'alter table audit_log enable trigger audit_log_chain');
      const behind = await verifyAuditChain({ db });
      // Two breaks: dated before the head (first), and an hour old unsealed.
      expect(behind).toMatchObject({ rowsChecked: 3, unsealed: 1, breaks: 2 });
      expect(behind.firstBreak?.reason).toMatch(/dated before the chain's head/);
    });
  });

  it('lets only the sealer fill a row’s chain columns, once', async () => {
    await withDatabase(async ({ db }) => {
      await audit(db, { actor: SYSTEM, action: 'test.pending' });
      // The owner could seal a row by hand (the app role has no UPDATE): a wrong hash is caught by verify.
      await asOwner(
        db,
        `update audit_log set chain_seq = 1, prev_hash = sha256('x'), hash = sha256('y') where action = 'test.pending'`,
      );
      expect((await verifyAuditChain({ db })).firstBreak?.reason).toMatch(/prev_hash/);
      // Once sealed, the row is fixed again, and a half-sealed row is refused by the check.
      await expect(asOwner(db, `update audit_log set chain_seq = 2 where chain_seq = 1`)).rejects.toThrow();
      await audit(db, { actor: SYSTEM, action: 'test.next' });
      await expect(
        asOwner(db, `update audit_log set chain_seq = 2 where action = 'test.next'`),
      ).rejects.toThrow();
    });
  });
});

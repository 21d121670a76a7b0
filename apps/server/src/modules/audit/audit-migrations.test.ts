/**
 * The audit-chain migrations on a log that already has rows: 0023 chains them in the order they were written,
 * 0025 keeps the log whole (time order from its own rows on, earlier erasures recorded), 0043 keeps the chain
 * written at insert and seals the rows after it onto its head (ADR 032).
 */
import { auditLog, eq, sql, users } from '@taxfirm/db';
import { describe, expect, it } from 'vitest';
import { audit } from '../../lib/audit.ts';
import { SYSTEM } from '../../lib/actor.ts';
import { verifyAuditChain } from './audit-chain.ts';
import { beforeMigration, chain, visitor } from './testing/chain-kit.ts';

describe('the audit-chain migrations', () => {
  it('migration 0023 chains the rows written before it, in the order they were written', async () => {
    // The migrations up to 0022, then rows, then 0023.
    await beforeMigration('0023_', async (database, rest) => {
      for (let i = 1; i <= 5; i += 1) {
        await database.db.execute(
          sql`insert into audit_log (action, subject, created_at) values (${`old.${i}`}, ${'x'}, now() - make_interval(days => ${10 - i}))`,
        );
      }
      await rest();
      await audit(database.db, { actor: SYSTEM, action: 'new.6' });
      const rows = await chain(database.db);
      expect(rows.map((r) => [r.chainSeq, r.action])).toEqual([
        [1, 'old.1'],
        [2, 'old.2'],
        [3, 'old.3'],
        [4, 'old.4'],
        [5, 'old.5'],
        [6, 'new.6'],
      ]);
      expect(await verifyAuditChain({ db: database.db })).toMatchObject({ rowsChecked: 6, breaks: 0 });
    });
  });

  it('migration 0025 keeps an existing log whole: time order from its own rows on, earlier erasures recorded', async () => {
    await beforeMigration('0025_', async ({ db }, rest) => {
      // Before 0025 a writer's created_at stood: these go back in time along the chain.
      for (const days of [3, 9, 1]) {
        await db.execute(
          sql`insert into audit_log (action, created_at) values (${`old.${days}`}, now() - make_interval(days => ${days}))`,
        );
      }
      // And an account deleted directly, as the app role could until now. (In SQL: the schema of today has
      // columns later migrations add.)
      const inserted = await db.execute(sql`insert into users (email, password_hash, first_name, last_name)
        values ('gone@example.com', 'x', 'Gone', 'Away') returning id`);
      const [gone] = (inserted as unknown as { rows: { id: string }[] }).rows;
      await audit(db, { actor: visitor(1), action: 'old.anonymous' });
      await audit(db, {
        actor: { kind: 'visitor', userId: gone?.id ?? null, ip: '10.0.0.2', userAgent: 'test' },
        action: 'old.gone',
      });
      await db.delete(users).where(eq(users.id, gone?.id ?? ''));

      await rest();
      await audit(db, { actor: SYSTEM, action: 'new.1' });
      const rows = await chain(db);
      expect(rows.map((r) => [r.chainSeq, r.action])).toEqual([
        [1, 'old.3'],
        [2, 'old.9'],
        [3, 'old.1'],
        [4, 'old.anonymous'],
        [5, 'old.gone'],
        [6, 'account.erased'],
        [7, 'new.1'],
      ]);
      const [found] = await db
        .select({ subject: auditLog.subject })
        .from(auditLog)
        .where(eq(auditLog.action, 'account.erased'));
      expect(found?.subject).toMatch(/^actor:[0-9a-f]{64} \| found erased by migration 0025/);
      expect(await verifyAuditChain({ db })).toMatchObject({
        rowsChecked: 7,
        breaks: 0,
        erasures: 1,
        erasedReferences: 1,
        timeOrderedFrom: 6,
      });
    });
  });

  it('migration 0043 keeps the rows chained at insert, and the rows after it are sealed onto that head', async () => {
    await beforeMigration('0043_', async ({ db }, rest) => {
      for (let i = 1; i <= 3; i += 1) await audit(db, { actor: SYSTEM, action: `old.${i}` });
      await rest();
      await audit(db, { actor: SYSTEM, action: 'new.4' });
      await audit(db, { actor: SYSTEM, action: 'new.5' });
      const rows = await chain(db);
      expect(rows.map((r) => [r.chainSeq, r.action])).toEqual([
        [1, 'old.1'],
        [2, 'old.2'],
        [3, 'old.3'],
        [4, 'new.4'],
        [5, 'new.5'],
      ]);
      expect(await verifyAuditChain({ db, staleAfterSeconds: 0 })).toMatchObject({
        rowsChecked: 5,
        unsealed: 0,
        breaks: 0,
      });
    });
  });
});

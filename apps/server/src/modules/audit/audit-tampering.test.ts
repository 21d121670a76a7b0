/**
 * The audit chain finds what the owner changes behind its triggers: a changed row, deleted rows (against the
 * recorded head), a back-dated row, forged or set back.
 */
import { auditLog, eq, sql } from '@taxfirm/db';
import { describe, expect, it } from 'vitest';
import {
  appendForged,
  behindTheTrigger,
  verifySealed,
  withDatabase,
  writeRows,
} from './testing/chain-kit.ts';

describe('the audit chain against tampering', () => {
  it('finds a row changed behind the trigger, and names it', async () => {
    await withDatabase(async ({ db }) => {
      await writeRows(db, 6);
      const [victim] = await db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.chainSeq, 4));
      await behindTheTrigger(db, `update audit_log set subject = 'nothing to see' where chain_seq = 4`);
      const report = await verifySealed({ db, batchSize: 4 });
      expect(report).toMatchObject({ rowsChecked: 6, breaks: 1 });
      expect(report.firstBreak).toMatchObject({ chainSeq: 4, id: victim?.id });
      expect(report.firstBreak?.reason).toMatch(/content/);
    });
  });

  it('finds a deleted row, and rows deleted from the end against the recorded head', async () => {
    await withDatabase(async ({ db }) => {
      await writeRows(db, 6);
      const before = await verifySealed({ db });
      expect(before.breaks).toBe(0);
      const recordedHead = before.head ?? undefined;
      await behindTheTrigger(db, 'delete from audit_log where chain_seq in (3, 6)');
      const report = await verifySealed({ db });
      expect(report).toMatchObject({ rowsChecked: 4, breaks: 1, firstBreak: { chainSeq: 4 } });
      expect(report.firstBreak?.reason).toMatch(/rows 3\.\.3 .* missing/);
      // The last row's removal leaves the chain whole; only the head kept outside the database shows it.
      const withHead = await verifySealed({ db, knownHead: recordedHead });
      expect(withHead.breaks).toBe(2);
      expect(withHead.head?.chainSeq).toBe(5);
      await behindTheTrigger(db, 'delete from audit_log where chain_seq = 4');
      const tailOnly = await verifySealed({ db, knownHead: recordedHead });
      expect(tailOnly.firstBreak).toMatchObject({ chainSeq: 5 });
      expect(tailOnly.firstBreak?.reason).toMatch(/rows 3\.\.4/);
    });
  });

  it('dates every row itself: a writer cannot back-date a row, and a back-dated row is found', async () => {
    await withDatabase(async ({ db }) => {
      await writeRows(db, 2);
      const [{ now } = { now: '' }] = (
        (await db.execute(sql`select now()::text as now`)) as unknown as { rows: { now: string }[] }
      ).rows;
      // The writer's created_at is ignored: the trigger sets its own, never before the previous row's.
      await db
        .insert(auditLog)
        .values({ action: 'test.backdated', createdAt: new Date('2026-01-01T00:00:00Z') });
      const [row] = await db
        .select({ createdAt: auditLog.createdAt })
        .from(auditLog)
        .where(eq(auditLog.action, 'test.backdated'));
      expect(row?.createdAt.getTime()).toBeGreaterThanOrEqual(new Date(now).getTime() - 1000);
      const clean = await verifySealed({ db });
      expect(clean).toMatchObject({ rowsChecked: 3, breaks: 0, timeOrderedFrom: 1 });

      // A crafted chain: the owner appends a row dated last month, linked and hashed as the trigger would.
      await appendForged(db, { action: 'forged.backdated', createdAt: '2026-10-01T09:00:00Z' });
      const crafted = await verifySealed({ db });
      expect(crafted).toMatchObject({ rowsChecked: 4, breaks: 1, firstBreak: { chainSeq: 4 } });
      expect(crafted.firstBreak?.reason).toMatch(/created_at is earlier than the previous row's/);
    });
  });

  it("finds a row whose created_at the owner set back with the log's triggers off", async () => {
    await withDatabase(async ({ db }) => {
      await writeRows(db, 3);
      await behindTheTrigger(
        db,
        `update audit_log set created_at = created_at - interval '40 days' where chain_seq = 3`,
      );
      const report = await verifySealed({ db });
      expect(report).toMatchObject({ breaks: 1, firstBreak: { chainSeq: 3 } });
      expect(report.firstBreak?.reason).toMatch(/content/);
    });
  });
});

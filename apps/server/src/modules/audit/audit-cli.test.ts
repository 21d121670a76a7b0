/**
 * The audit commands as an operator runs them: `npm run audit:verify` (count, head, first break, exit codes)
 * and `npm run accounts:erase`, each a child process on its own database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  auditLog,
  createDatabase,
  eq,
  prepareDatabase,
  SOURCE_MIGRATIONS_DIR,
  users,
  type DatabaseHandle,
} from '@taxfirm/db';
import { createTestDatabase } from '@taxfirm/db/testing';
import { describe, expect, it } from 'vitest';
import { audit } from '../../lib/audit.ts';
import {
  appendForged,
  behindTheTrigger,
  cliRunner,
  provided,
  urlOf,
  writeRows,
} from './testing/chain-kit.ts';

/** The database a command opens: on PostgreSQL a test database, embedded the one in `dataDir`. */
const openAt = async (dataDir: string): Promise<{ database: DatabaseHandle }> => ({
  database:
    provided.engine === 'postgres'
      ? await createTestDatabase()
      : await createDatabase({ engine: 'pglite', dataDir: path.join(dataDir, 'pglite') }),
});

describe('npm run audit:verify', () => {
  it('npm run audit:verify prints the count, the head and the first break, and exits 1 on a break', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'taxfirm-audit-verify-'));
    const open = () => openAt(dataDir);
    const { database } = await open();
    const run = cliRunner(dataDir, provided.engine === 'postgres' ? await urlOf(database) : undefined);
    let reopened: DatabaseHandle | undefined;
    try {
      await prepareDatabase(database, SOURCE_MIGRATIONS_DIR);
      await writeRows(database.db, 3);
      const [last] = await database.db
        .select({ hash: auditLog.hash })
        .from(auditLog)
        .where(eq(auditLog.chainSeq, 3));
      const head = `3:${last?.hash?.toString('hex') ?? ''}`;
      // PGlite is one process's at a time: the tool opens it only once this process lets go.
      if (provided.engine === 'pglite') await database.close();

      const ok = run('audit-verify', '--head', head);
      expect(ok.stderr).toBe('');
      expect(ok.status).toBe(0);
      expect(ok.stdout).toContain('Rows checked: 3\n');
      expect(ok.stdout).toContain('Rows with an erased reference (account deleted): 0\n');
      expect(ok.stdout).toContain('Accounts erased (account.erased rows): 0\n');
      expect(ok.stdout).toContain('Time order checked from chain_seq 1\n');
      expect(ok.stdout).toContain(`Head: ${head}`);
      expect(ok.stdout).toContain('Chain: unbroken.');

      const bad = run('audit-verify', '--head', 'yesterday');
      expect(bad.status).toBe(2);
      expect(bad.stderr).toContain('--head must look like 1234:<64 hex digits>');
      expect(bad.stderr).not.toMatch(/\n\s+at /);

      reopened = provided.engine === 'pglite' ? (await open()).database : database;
      await behindTheTrigger(reopened.db, `update audit_log set ip = '192.0.2.1' where chain_seq = 2`);
      if (provided.engine === 'pglite') await reopened.close();
      const broken = run('audit-verify');
      expect(broken.status).toBe(1);
      expect(broken.stdout).toContain('Chain: BROKEN. Rows failing: 1.');
      expect(broken.stdout).toMatch(/First break: chain_seq 2 \(id [0-9a-f-]{36}\): hash does not match/);

      // A back-dated row, forged with a valid link and hash: exit 1, named.
      reopened = provided.engine === 'pglite' ? (await open()).database : database;
      await behindTheTrigger(reopened.db, `update audit_log set ip = '10.0.0.2' where chain_seq = 2`);
      await appendForged(reopened.db, { action: 'forged.backdated', createdAt: '2026-01-02T03:04:05Z' });
      if (provided.engine === 'pglite') await reopened.close();
      const backdated = run('audit-verify');
      expect(backdated.status).toBe(1);
      expect(backdated.stderr).toBe('');
      expect(backdated.stdout).toContain('Chain: BROKEN. Rows failing: 1.');
      expect(backdated.stdout).toMatch(
        /First break: chain_seq 4 \(id [0-9a-f-]{36}\): created_at is earlier than the previous row's/,
      );
    } finally {
      if (provided.engine === 'postgres') await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
    // Four runs of the command, each opening the database (the embedded one migrates in each).
  }, 120_000);
});

describe('npm run accounts:erase', () => {
  it('erases an account by e-mail through erase_account(); audit:verify then counts the erasure', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'taxfirm-accounts-erase-'));
    const { database } = await openAt(dataDir);
    const run = cliRunner(dataDir, provided.engine === 'postgres' ? await urlOf(database) : undefined);
    try {
      await prepareDatabase(database, SOURCE_MIGRATIONS_DIR);
      const [user] = await database.db
        .insert(users)
        .values({ email: 'Leaving@Example.com', passwordHash: 'x', firstName: 'L', lastName: 'E' })
        .returning({ id: users.id });
      await audit(database.db, {
        actor: { kind: 'visitor', userId: user?.id ?? null, ip: '127.0.0.1', userAgent: 'test' },
        action: 'test.leaving',
      });
      if (provided.engine === 'pglite') await database.close();

      const noReason = run('accounts-erase', '--email', 'leaving@example.com');
      expect(noReason.status).toBe(2);
      expect(noReason.stderr).toContain('Say whose account to erase, and why.');
      const nobody = run('accounts-erase', '--email', 'nobody@example.com', '--reason', 'ticket 9');
      expect(nobody.status).toBe(1);
      expect(nobody.stderr).toBe('No account has the e-mail nobody@example.com.\n');
      const erased = run('accounts-erase', '--email', 'leaving@example.com', '--reason', 'ticket 9');
      expect(erased.stderr).toBe('');
      expect(erased.status).toBe(0);
      expect(erased.stdout).toMatch(
        new RegExp(
          `^Erased the account ${user?.id}; audited as account.erased \\(audit row [0-9a-f-]{36}\\)\\.\n$`,
        ),
      );
      const verified = run('audit-verify');
      expect(verified.status).toBe(0);
      expect(verified.stdout).toContain('Rows with an erased reference (account deleted): 1\n');
      expect(verified.stdout).toContain('Accounts erased (account.erased rows): 1\n');
      expect(verified.stdout).toContain('Chain: unbroken.');
    } finally {
      if (provided.engine === 'postgres') await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
    // Four commands, each opening the database (the embedded one migrates in each).
  }, 120_000);
});

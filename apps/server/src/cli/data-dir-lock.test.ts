import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabase, type DatabaseHandle } from '@taxfirm/db';
import { describe, expect, it } from 'vitest';
import { ADA_ADMIN_ARGS, runCli } from '../../test/cli.ts';

describe('DATA_DIR lock: the command-line tools and a running server', () => {
  it('DATA_DIR lock: staff:create, db:migrate and sessions:revoke refuse, saying how to go on, while another process has the database open; it opens afterwards', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'taxfirm-cli-lock-'));
    let server: DatabaseHandle | undefined;
    try {
      // This test process plays the server: it has the embedded database open, as `npm start` would.
      server = await createDatabase({ engine: 'pglite', dataDir: path.join(dataDir, 'pglite') });
      for (const [script, command, args] of [
        ['staff-create.ts', 'npm run staff:create', ADA_ADMIN_ARGS],
        ['migrate.ts', 'npm run db:migrate', []],
        ['sessions-revoke.ts', 'npm run sessions:revoke', ['--all']],
      ] as const) {
        const refused = runCli(script, dataDir, ...args);
        expect(refused.status, refused.stderr).toBe(1);
        expect(refused.stderr).toContain(
          `The embedded database in ${path.join(dataDir, 'pglite')} is in use by another process (pid ${process.pid}, started `,
        );
        expect(refused.stderr).toContain(
          `To run ${command}:\n  1. stop the server (Ctrl+C in its terminal),`,
        );
        expect(refused.stderr).not.toMatch(/at .+\.ts:\d+/);
        expect(refused.stdout).not.toContain('Created');
      }
      await server.ping();
      await server.close();
      server = undefined;

      // Once the server has stopped, the same command works on the same, intact data directory.
      const made = runCli('staff-create.ts', dataDir, ...ADA_ADMIN_ARGS);
      expect(made.status, made.stderr).toBe(0);
      expect(made.stdout).toContain('Created admin ada@firm.example.');
      const migrated = runCli('migrate.ts', dataDir);
      expect(migrated.status, migrated.stderr).toBe(0);
      expect(migrated.stdout).toContain('Database is up to date (pglite).');
      const revoked = runCli('sessions-revoke.ts', dataDir, '--staff');
      expect(revoked.status, revoked.stderr).toBe(0);
      expect(revoked.stdout).toBe('Ended 0 sessions (staff).\n');
      // Two scopes at once, or an e-mail that is not one, is a usage error that touches nothing.
      for (const args of [['--all', '--staff'], ['--email', 'ada'], []]) {
        const refused = runCli('sessions-revoke.ts', dataDir, ...args);
        expect(refused.status, refused.stderr).toBe(2);
        expect(refused.stderr).toContain('Usage: npm run sessions:revoke -- --all | --staff | --clients');
      }
    } finally {
      await server?.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

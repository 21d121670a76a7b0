/**
 * `npm run backup` and `npm run restore` as an operator runs them, in their own environment.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createDatabase, lockDataDir, prepareDatabase } from '@taxfirm/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childProcessEnv } from '../../env.ts';
import { MIGRATIONS_DIR } from '../../paths.ts';
import {
  OTHER_BACKUP_KEY,
  OWN_SETTINGS,
  ROOT,
  closeWork,
  contents,
  openWork,
  workDir,
} from './testing/backup-kit.ts';

beforeAll(openWork);
afterAll(closeWork);

describe('the commands', () => {
  /** Run an npm script's command as npm run would, in development, for `dataDir`. */
  function cli(
    name: 'backup' | 'restore',
    args: string[],
    dataDir: string,
    extra: Record<string, string> = {},
  ) {
    // The command's own environment only: no database or key of the test run's.
    const env = {
      ...Object.fromEntries(
        Object.entries(
          childProcessEnv({ NODE_ENV: 'development', DATA_DIR: dataDir, STORAGE: 'local' }),
        ).filter(([key]) => !OWN_SETTINGS.has(key)),
      ),
      ...extra,
    };
    return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', `apps/server/src/cli/${name}.ts`, ...args], {
        cwd: ROOT,
        env,
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
  }

  it(
    'back up a development DATA_DIR with its key, restore it, and refuse what they must',
    // Eleven commands, each a new process; six derive the backup key with scrypt at its real cost.
    { timeout: 180_000 },
    async () => {
      const dataDir = await mkdtemp(path.join(workDir(), 'cli-source-'));
      const file = path.join(workDir(), 'cli.tar.gz.age');
      const seeded = await createDatabase({ engine: 'pglite', dataDir: path.join(dataDir, 'pglite') });
      await prepareDatabase(seeded, MIGRATIONS_DIR);
      await seeded.close();

      const usage = await cli('backup', [], dataDir);
      expect(usage.code).toBe(2);
      expect(usage.stderr).toContain('Usage: npm run backup -- <file>');
      // An option the command does not take is a usage error too, not a failure.
      const option = await cli('restore', ['--force', file], dataDir);
      expect(option.code).toBe(2);
      expect(option.stderr).toContain('Usage: npm run restore -- <file>');

      // While something holds the embedded database (the server), the backup is refused.
      const held = lockDataDir(path.join(dataDir, 'pglite'));
      let refused: Awaited<ReturnType<typeof cli>>;
      try {
        refused = await cli('backup', [file], dataDir);
      } finally {
        held.release();
      }
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`The server is running on DATA_DIR ${dataDir}: stop it first`);
      expect(existsSync(file)).toBe(false);

      // A backup key equal to the encryption key is refused, and never printed (the other keys: backup-key.test.ts).
      const sameKey = 'same-key-for-both-0123456789abcdefghijklmn';
      const reused = await cli('backup', [file], dataDir, { ENCRYPTION_KEY: sameKey, BACKUP_KEY: sameKey });
      expect(reused.code).toBe(1);
      expect(reused.stderr).toContain('BACKUP_KEY: must differ from ENCRYPTION_KEY');
      expect(reused.stdout + reused.stderr).not.toContain(sameKey);
      expect(existsSync(file)).toBe(false);

      // No setup on a developer's machine: the backup key is generated into dev-secrets.json.
      const backup = await cli('backup', [file], dataDir);
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stdout).toContain('Key: included dev-secrets.json');
      expect(backup.stdout).toContain('Encrypted and authenticated with the development backup key');
      expect(backup.stdout).toContain(`Backup written to ${file}`);
      expect(existsSync(`${file}.partial`)).toBe(false);
      const secrets = JSON.parse(readFileSync(path.join(dataDir, 'dev-secrets.json'), 'utf8')) as {
        encryptionKey: string;
        backupKey: string;
      };
      expect(secrets.backupKey).toMatch(/^[\w-]{43}$/);
      expect(secrets.backupKey).not.toBe(secrets.encryptionKey);
      expect(backup.stdout + backup.stderr).not.toContain(secrets.backupKey);
      expect(backup.stdout + backup.stderr).not.toContain(secrets.encryptionKey);
      expect(readFileSync(file).includes(secrets.encryptionKey)).toBe(false);

      // A fresh DATA_DIR has no key to open it: refused, with what to do.
      const keyless = await mkdtemp(path.join(workDir(), 'cli-keyless-'));
      const noKey = await cli('restore', [file], keyless);
      expect(noKey.code).toBe(1);
      expect(noKey.stderr).toContain('BACKUP_KEY: is not set');
      expect(noKey.stderr).toContain('copy that dev-secrets.json into DATA_DIR first');
      // The wrong key, a flipped byte: refused in one clear line, nothing written, no stack, no key.
      const wrong = await cli('restore', [file], keyless, { BACKUP_KEY: OTHER_BACKUP_KEY });
      expect(wrong.code).toBe(1);
      expect(wrong.stderr).toMatch(/^Restore refused: .* cannot be opened with the backup key/);
      expect(wrong.stderr + wrong.stdout).not.toContain(OTHER_BACKUP_KEY);
      const flippedFile = path.join(workDir(), 'cli-flipped.age');
      const flipped = readFileSync(file);
      const at = flipped.length - 100;
      flipped.writeUInt8(flipped.readUInt8(at) ^ 0x01, at);
      await writeFile(flippedFile, flipped);
      const damaged = await cli('restore', [flippedFile], keyless, { BACKUP_KEY: secrets.backupKey });
      expect(damaged.code).toBe(1);
      expect(damaged.stderr).toMatch(/^Restore refused: .* failed authentication/);
      expect(damaged.stderr).not.toMatch(/\n\s+at /);
      expect(damaged.stderr + damaged.stdout).not.toContain(secrets.backupKey);
      for (const refused of [noKey, wrong, damaged])
        expect(refused.stderr.trim().split('\n')).toHaveLength(refused === noKey ? 2 : 1);
      // loadEnv makes the development secrets of a new DATA_DIR; nothing of the backup was written.
      expect((await contents(keyless)).filter((name) => name !== 'dev-secrets.json')).toEqual([]);

      const again = await cli('backup', [file], dataDir);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('already exists');

      // As docs/operations.md says: the source's dev-secrets.json copied into the new DATA_DIR first.
      const target = await mkdtemp(path.join(workDir(), 'cli-target-'));
      await writeFile(
        path.join(target, 'dev-secrets.json'),
        readFileSync(path.join(dataDir, 'dev-secrets.json')),
      );
      const restore = await cli('restore', [file], target);
      expect(restore.code, restore.stderr).toBe(0);
      expect(restore.stdout).toContain('every checksum matches');
      expect(restore.stdout).toContain('dev-secrets.json restored');
      expect(readFileSync(path.join(target, 'dev-secrets.json'), 'utf8')).toBe(
        readFileSync(path.join(dataDir, 'dev-secrets.json'), 'utf8'),
      );

      const twice = await cli('restore', [file], target);
      expect(twice.code).toBe(1);
      expect(twice.stderr).toContain('Restore refused:');
      expect(twice.stderr).toContain('already holds a database');
      expect(twice.stderr).not.toMatch(/\n\s+at /);
    },
  );
});

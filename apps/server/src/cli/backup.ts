/**
 * npm run backup -- FILE
 * The database (embedded, or PostgreSQL through pg_dump) and the local files, in one new archive FILE,
 * encrypted and authenticated with BACKUP_KEY (in development, a key generated into DATA_DIR/dev-secrets.json).
 */
import path from 'node:path';
import { DataDirLockedError } from '@taxfirm/db';
import { loadBackupKeys, loadEnv } from '../env.ts';
import { fileArgument } from './lib/file-argument.ts';
import { runCommand } from './lib/run-command.ts';
import { BackupError } from '../modules/backup/backup-error.ts';
import { createBackup } from '../modules/backup/create-backup.ts';
import { dataDirInUse } from './lib/data-dir-in-use.ts';

const usage = 'Usage: npm run backup -- <file>   (a new file, e.g. backups/taxfirm-$(date +%F).age)';

async function main(): Promise<number> {
  const file = fileArgument(usage);
  if (!file) return 2;
  const env = loadEnv();
  const keys = loadBackupKeys(env, { create: true });
  await createBackup({ ...env, ...keys }, file, (line) => process.stdout.write(`${line}\n`));
  return 0;
}

runCommand('backup', main, (error) =>
  error instanceof BackupError
    ? `${error.message}\n`
    : error instanceof DataDirLockedError
      ? `The server is running on DATA_DIR ${path.dirname(error.dataDir)}: stop it first, or run the site on ` +
        `PostgreSQL (DATABASE_URL), which is backed up while it runs. A live embedded database is ` +
        `never copied.\n\n${dataDirInUse(error, 'npm run backup')}`
      : undefined,
);

/**
 * npm run restore -- FILE
 * A backup made by npm run backup, into the configured DATA_DIR (embedded database and local files) or the
 * empty PostgreSQL database of DATABASE_URL. Refuses a target that holds data; writes nothing until the
 * whole archive has been decrypted and authenticated with BACKUP_KEY (or BACKUP_KEY_PREVIOUS) and checked.
 */
import { loadBackupKeys, loadEnv } from '../env.ts';
import { fileArgument } from './lib/file-argument.ts';
import { runCommand } from './lib/run-command.ts';
import { BackupError } from '../modules/backup/backup-error.ts';
import { restoreBackup } from '../modules/backup/restore-backup.ts';

const usage = 'Usage: npm run restore -- <file>   (a file made by npm run backup)';

async function main(): Promise<number> {
  const file = fileArgument(usage);
  if (!file) return 2;
  const env = loadEnv();
  const keys = loadBackupKeys(env, { create: false });
  await restoreBackup({ ...env, ...keys }, file, (line) => process.stdout.write(`${line}\n`));
  return 0;
}

runCommand('restore', main, (error) =>
  error instanceof BackupError ? `Restore refused: ${error.message}\n` : undefined,
);

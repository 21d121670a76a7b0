/**
 * npm run restore -- FILE
 * A backup made by npm run backup, into the configured DATA_DIR (embedded database and local files) or the
 * empty PostgreSQL database of DATABASE_URL. Refuses a target that holds data; writes nothing until the
 * whole archive has been checked.
 */
import { parseArgs } from 'node:util';
import { DataDirLockedError } from '@taxfirm/db';
import { EnvError, loadEnv } from '../env.ts';
import { BackupError } from '../modules/backup/backup-error.ts';
import { restoreBackup } from '../modules/backup/restore-backup.ts';
import { dataDirInUse } from './lib/data-dir-in-use.ts';

const usage = 'Usage: npm run restore -- <file>   (a file made by npm run backup)';

async function main(): Promise<number> {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  const [file] = positionals;
  if (!file || positionals.length > 1) {
    process.stderr.write(`${usage}\n`);
    return 2;
  }
  const env = loadEnv();
  await restoreBackup(env, file, (line) => process.stdout.write(`${line}\n`));
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      error instanceof EnvError
        ? `${error.message}\n`
        : error instanceof BackupError
          ? `Restore refused: ${error.message}\n`
          : error instanceof DataDirLockedError
            ? dataDirInUse(error, 'npm run restore')
            : `restore failed: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  },
);

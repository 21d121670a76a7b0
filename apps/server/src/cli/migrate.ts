/** npm run db:migrate — apply migrations (and the default rows) to the configured database, then exit. */
import { DatabaseRoleError, DataDirLockedError } from '@taxfirm/db';
import { openDatabase } from '../database.ts';
import { EnvError, loadEnv } from '../env.ts';
import { dataDirInUse } from './lib/data-dir-in-use.ts';

try {
  const env = loadEnv();
  const database = await openDatabase(env);
  await database.close();
  process.stdout.write(`Database is up to date (${database.engine}).\n`);
} catch (error) {
  if (error instanceof EnvError || error instanceof DatabaseRoleError)
    process.stderr.write(`${error.message}\n`);
  else if (error instanceof DataDirLockedError)
    process.stderr.write(dataDirInUse(error, 'npm run db:migrate'));
  else throw error;
  process.exitCode = 1;
}

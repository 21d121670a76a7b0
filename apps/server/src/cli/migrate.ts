/** npm run db:migrate — apply migrations (and the default rows) to the configured database, then exit. */
import { openDatabase } from '../database.ts';
import { loadEnv } from '../env.ts';
import { runCommand } from './lib/run-command.ts';

runCommand('db:migrate', async () => {
  const database = await openDatabase(loadEnv());
  await database.close();
  process.stdout.write(`Database is up to date (${database.engine}).\n`);
  return 0;
});

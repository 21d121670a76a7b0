/** npm run db:migrate — apply migrations (and the default rows) to the configured database, then exit. */
import { openDatabase } from '../database.ts';
import { loadEnv } from '../env.ts';

const env = loadEnv();
const database = await openDatabase(env);
await database.close();
process.stdout.write(`Database is up to date (${database.engine}).\n`);

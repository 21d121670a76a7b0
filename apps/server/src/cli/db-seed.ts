/**
 * npm run db:seed [-- --clients 200]
 * Fills an empty database (the embedded one under DATA_DIR, or DATABASE_URL's) with a demo firm, and prints
 * what it made and how to sign in. Refused in production and on a database that already has clients.
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../database.ts';
import { loadEnv } from '../env.ts';
import { runCommand } from './lib/run-command.ts';
import { createKeyring } from '../lib/crypto/keyring.ts';
import { createStorage } from '../lib/storage/create-storage.ts';
import { DEFAULT_DEMO_CLIENTS, DemoRefusedError, seedDemoData } from '../modules/demo/demo-data.ts';

const usage = 'Usage: npm run db:seed [-- --clients <1-1000>]';

class UsageError extends Error {}

function clientsOption(value: string | undefined): number {
  if (value === undefined) return DEFAULT_DEMO_CLIENTS;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 1000)
    throw new UsageError(`--clients must be a whole number from 1 to 1000.`);
  return n;
}

async function main(): Promise<number> {
  let clients: number;
  try {
    const { values } = parseArgs({ options: { clients: { type: 'string' } } });
    clients = clientsOption(values.clients);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${usage}\n`);
    return 2;
  }
  const env = loadEnv();
  // Before opening anything: production is refused whatever the database holds.
  if (env.isProduction) {
    process.stderr.write(
      'db:seed refuses to run with NODE_ENV=production: demo data does not belong in a live database.\n',
    );
    return 1;
  }
  const database = await openDatabase(env);
  try {
    const keyring = createKeyring(env.encryptionKey, env.encryptionKeysPrevious);
    const storage = createStorage({ storage: env.storage, s3: env.s3, dataDir: env.dataDir, keyring });
    const started = Date.now();
    const result = await seedDemoData(
      {
        db: database.db,
        keyring,
        storage,
        isProduction: env.isProduction,
        appUrl: env.appUrl,
        log: (line) => process.stdout.write(`  ${line}\n`),
      },
      { clients },
    );
    const out: string[] = [
      `Demo data for tax year ${result.currentTaxYear} (and ${result.currentTaxYear - 1}) in ${Math.round((Date.now() - started) / 1000)} s:`,
      ...Object.entries(result.counts).map(([name, n]) => `  ${name.padEnd(18)} ${n}`),
      '',
      `Staff console: ${env.appUrl}/staff/login`,
      ...result.staff.map((s) => `  ${s.role.padEnd(8)} ${s.email.padEnd(26)} password: ${s.password}`),
      'At the first sign-in each staff member enrols an authenticator app (the console shows a QR code to scan',
      'with any TOTP app, then asks for a code): staff sign-in always needs the second factor.',
      '',
      `Client portal: ${env.appUrl}/?panel=login (every demo client has the password ${result.clientPassword})`,
      ...result.sampleClients.map((c) => `  ${c.email.padEnd(34)} ${c.status}`),
      '',
      'These passwords are shown only now. To start over, use a new, empty DATA_DIR and run npm run db:seed again.',
    ];
    process.stdout.write(`${out.join('\n')}\n`);
    return 0;
  } catch (error) {
    if (error instanceof DemoRefusedError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

runCommand('db:seed', main);

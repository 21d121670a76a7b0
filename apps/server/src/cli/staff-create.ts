/**
 * npm run staff:create -- --email ada@firm.example --role admin --first-name Ada --last-name Shah
 * Creates a staff account (there are no default credentials) and prints its one-time set-up link.
 */
import { parseArgs } from 'node:util';
import { fieldErrors, MIN_PASSWORD_LENGTH } from '@taxfirm/contract';
import { z } from 'zod';
import { openDatabase } from '../database.ts';
import { loadEnv } from '../env.ts';
import { runCommand } from './lib/run-command.ts';
import { createStaffMember, StaffExistsError } from '../modules/staff/staff-accounts.service.ts';

const usage =
  'Usage: npm run staff:create -- --email <e-mail> --role <admin|analyst> --first-name <name> --last-name <name>';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      role: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
    },
  });
  const env = loadEnv();
  const database = await openDatabase(env);
  try {
    const { role, setupLink } = await createStaffMember(database.db, env.appUrl, {
      email: values.email ?? '',
      role: (values.role ?? '') as 'admin',
      first_name: values['first-name'] ?? '',
      last_name: values['last-name'] ?? '',
    });
    process.stdout.write(
      `Created ${role} ${values.email}.\n\nSet-up link (one use, valid for 24 hours; send it privately):\n  ${setupLink}\n\n` +
        `The password must have at least ${MIN_PASSWORD_LENGTH} characters and not be a common one.\n` +
        `After setting a password, sign in at ${env.appUrl}/staff/login and enrol an authenticator app.\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof z.ZodError) {
      for (const [field, message] of Object.entries(fieldErrors(error))) {
        process.stderr.write(`${field}: ${message}\n`);
      }
      process.stderr.write(`${usage}\n`);
      return 2;
    }
    if (error instanceof StaffExistsError) {
      process.stderr.write(`${error.message}\n`);
      return 2;
    }
    throw error;
  } finally {
    await database.close();
  }
}

runCommand('staff:create', main);

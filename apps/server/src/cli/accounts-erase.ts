/**
 * npm run accounts:erase -- --email <e-mail> --reason "<ticket, request date>"
 * Erases a client's account (a staff account is deactivated, never erased) through erase_account()
 * (migration 0025): the erasure is
 * audited as `account.erased` in the chain, then the user, their client record and everything that cascades
 * from it are deleted, and the audit log keeps their rows without them. The only way to remove an account:
 * the app's database role cannot delete users or clients (security review S2-04). The reason goes into the
 * audit log as written: never personal data.
 */
import { parseArgs } from 'node:util';
import { eq, sql, users } from '@taxfirm/db';
import { openDatabase } from '../database.ts';
import { loadEnv } from '../env.ts';
import { runCommand } from './lib/run-command.ts';
import { AccountErasureError, eraseAccount } from '../modules/audit/account-erasure.ts';

const usage =
  'Usage: npm run accounts:erase -- --email <e-mail> --reason "<why: a ticket, the request\'s date>"';

function argumentsOf(argv: string[]): { email: string; reason: string } | undefined {
  const { values } = parseArgs({
    args: argv,
    options: { email: { type: 'string' }, reason: { type: 'string' } },
  });
  const email = values.email?.trim();
  const reason = values.reason?.trim();
  return email?.includes('@') && reason ? { email, reason } : undefined;
}

async function main(): Promise<number> {
  let args: { email: string; reason: string } | undefined;
  try {
    args = argumentsOf(process.argv.slice(2));
  } catch {
    args = undefined;
  }
  if (!args) {
    process.stderr.write(`Say whose account to erase, and why.\n${usage}\n`);
    return 2;
  }
  const env = loadEnv();
  const database = await openDatabase(env);
  try {
    const [user] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, args.email.toLowerCase()));
    if (!user) {
      process.stderr.write(`No account has the e-mail ${args.email}.\n`);
      return 1;
    }
    const erasure = await eraseAccount(database.db, user.id, args.reason);
    process.stdout.write(
      `Erased the account ${user.id}; audited as account.erased (audit row ${erasure}).\n`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

runCommand('accounts:erase', main, (error) =>
  error instanceof AccountErasureError ? `${error.message}\n` : undefined,
);

/**
 * npm run sessions:revoke -- --all | --staff | --clients | --email <e-mail>
 * Ends live sessions at once (after a suspected breach, or when a laptop is lost): their holders must sign in
 * again. Audited as `sessions.revoked`. Works beside a running server on PostgreSQL; on the embedded database
 * the server must be stopped (it holds the data directory).
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../database.ts';
import { loadEnv } from '../env.ts';
import { runCommand } from './lib/run-command.ts';
import { revokeSessionsInScope, type RevokeScope } from '../modules/accounts/sessions.service.ts';

const usage = 'Usage: npm run sessions:revoke -- --all | --staff | --clients | --email <e-mail>';

function scopeOf(argv: string[]): RevokeScope | undefined {
  const { values } = parseArgs({
    args: argv,
    options: {
      all: { type: 'boolean' },
      staff: { type: 'boolean' },
      clients: { type: 'boolean' },
      email: { type: 'string' },
    },
  });
  const scopes: RevokeScope[] = [
    ...(values.all ? [{ kind: 'all' } as const] : []),
    ...(values.staff ? [{ kind: 'staff' } as const] : []),
    ...(values.clients ? [{ kind: 'clients' } as const] : []),
    ...(values.email !== undefined ? [{ kind: 'email', email: values.email } as const] : []),
  ];
  return scopes.length === 1 && (scopes[0]?.kind !== 'email' || scopes[0].email.includes('@'))
    ? scopes[0]
    : undefined;
}

async function main(): Promise<number> {
  let scope: RevokeScope | undefined;
  try {
    scope = scopeOf(process.argv.slice(2));
  } catch {
    scope = undefined;
  }
  if (!scope) {
    process.stderr.write(`Say whose sessions to end, once.\n${usage}\n`);
    return 2;
  }
  const env = loadEnv();
  const database = await openDatabase(env);
  try {
    const ended = await revokeSessionsInScope(database.db, scope);
    process.stdout.write(`Ended ${ended} session${ended === 1 ? '' : 's'} (${scope.kind}).\n`);
    return 0;
  } finally {
    await database.close();
  }
}

runCommand('sessions:revoke', main);

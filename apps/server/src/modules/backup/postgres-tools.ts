/**
 * pg_dump and pg_restore, the PostgreSQL client tools, run as child processes. The password never goes on
 * their command line (any user of the machine can read that in `ps`): it travels in PGPASSWORD.
 */
import { spawn } from 'node:child_process';
import pg from 'pg';
import { childProcessEnv } from '../../env.ts';
import { BackupError } from './backup-error.ts';

type Connection = { dbname: string; env: NodeJS.ProcessEnv };

/** libpq's view of a postgres:// URL: the URL without its password, and the password in the environment. */
export function libpqConnection(url: string): Connection {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.toString(),
    env: childProcessEnv(password ? { PGPASSWORD: password } : {}),
  };
}

type Run = { code: number; stdout: string; stderr: string };

function run(command: string, args: string[], env: NodeJS.ProcessEnv = childProcessEnv()): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${command} was not found. Install the PostgreSQL client tools of your server's version or newer ` +
                `(Debian/Ubuntu: apt-get install postgresql-client-NN) and make sure ${command} is on PATH.`,
            )
          : error,
      );
    });
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

/** A tool's version, e.g. "15.20" from "pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)". */
export async function toolVersion(tool: 'pg_dump' | 'pg_restore'): Promise<string> {
  const { code, stdout } = await run(tool, ['--version']);
  const version = /\(PostgreSQL\)\s+(\d+(?:\.\d+)?)/.exec(stdout)?.[1];
  if (code !== 0 || !version)
    throw new BackupError(`${tool} --version did not say its version: ${stdout.trim()}`);
  return version;
}

export const majorOf = (version: string) => Number(version.split('.')[0]);

/** The server's major version, e.g. 16. */
export async function serverMajor(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ v: string }>('show server_version_num');
  return Math.floor(Number(rows[0]?.v) / 10_000);
}

/** Connect as `url`, or explain why not without the URL (it may hold the password). */
export async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => {});
    const { hostname, port, pathname } = new URL(url);
    throw new BackupError(
      `Cannot connect to PostgreSQL at ${hostname}:${port || 5432}${pathname}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return client;
}

function failed(tool: string, result: Run): BackupError {
  const tail = result.stderr.trim().split('\n').slice(-5).join('\n');
  return new BackupError(`${tool} failed (exit ${result.code}):\n${tail}`);
}

/** pg_dump --format=custom of `url`'s database into `file`, from an exported snapshot when given. */
export async function pgDump(url: string, file: string, snapshot?: string): Promise<void> {
  const { dbname, env } = libpqConnection(url);
  const result = await run(
    'pg_dump',
    [
      '--format=custom',
      `--file=${file}`,
      ...(snapshot ? [`--snapshot=${snapshot}`] : []),
      `--dbname=${dbname}`,
    ],
    env,
  );
  if (result.code !== 0) throw failed('pg_dump', result);
}

/**
 * pg_restore `file` into `url`'s (empty) database in one transaction, so a failure leaves it empty again.
 * Objects belong to the restoring role (the owner of DATABASE_MIGRATION_URL), whoever owned them before;
 * the app role's grants are given again by the migrator when the server starts.
 */
export async function pgRestore(url: string, file: string): Promise<void> {
  const { dbname, env } = libpqConnection(url);
  const result = await run(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`, file],
    env,
  );
  if (result.code !== 0) throw failed('pg_restore', result);
}

/**
 * Runs the built app (apps/server/dist/server.js) as its own process on a free port with a fresh
 * DATA_DIR: on PGlite by default, or on a fresh PostgreSQL database when TEST_DATABASE_URL is set.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase, type Database, type DatabaseHandle } from '@taxfirm/db';
import { freePort } from '@taxfirm/server/bench/free-port.ts';
import pg from 'pg';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SERVER_ENTRY = path.join(ROOT, 'apps/server/dist/server.js');

function databaseUrl(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export type CliResult = { status: number | null; stdout: string; stderr: string };

export type AppServerOptions = {
  /**
   * Start the server as an operator would run the built app directly: no NODE_ENV at all (so it must
   * behave as production), and on the embedded database whatever TEST_DATABASE_URL says.
   */
  asBuilt?: boolean;
};

export class AppServer {
  /** Extra environment for the server process (e.g. SMTP_URL). */
  constructor(
    private readonly extraEnv: Record<string, string> = {},
    private readonly options: AppServerOptions = {},
  ) {}

  readonly dataDir = mkdtempSync(path.join(tmpdir(), 'taxfirm-e2e-'));
  private child: ChildProcess | undefined;
  private output = '';
  port = 0;
  private pgDatabase: string | undefined;

  get baseURL(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get engine(): 'pglite' | 'postgres' {
    return this.pgDatabase ? 'postgres' : 'pglite';
  }

  private get adminUrl(): string | undefined {
    return this.options.asBuilt ? undefined : process.env['TEST_DATABASE_URL'];
  }

  async start(): Promise<void> {
    if (!existsSync(SERVER_ENTRY))
      throw new Error(`Build the app first (npm run build): ${SERVER_ENTRY} is missing`);
    if (this.adminUrl && !this.pgDatabase) {
      this.pgDatabase = `taxfirm_e2e_${randomBytes(5).toString('hex')}`;
      await this.admin((c) => c.query(`create database "${this.pgDatabase}"`));
    }
    this.port = this.port || (await freePort());
    this.output = '';
    const child = spawn(process.execPath, [SERVER_ENTRY], {
      cwd: ROOT,
      env: this.environment(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d: Buffer) => (this.output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (this.output += d.toString()));
    this.child = child;
    // 30 s, unless E2E_SERVER_READY_SECONDS says more (a loaded machine, when measuring by hand; CI keeps 30).
    const deadline = Date.now() + Number(process.env['E2E_SERVER_READY_SECONDS'] ?? 30) * 1000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`The server exited:\n${this.output}`);
      try {
        const res = await fetch(`${this.baseURL}/readyz`);
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    await this.stop();
    throw new Error(`The server did not become ready:\n${this.output}`);
  }

  /** The app's environment: this data directory and port, on PGlite or its own PostgreSQL database. */
  private environment(): Record<string, string> {
    const env: Record<string, string> = {
      PATH: process.env['PATH'] ?? '',
      HOME: process.env['HOME'] ?? '',
      ...(this.options.asBuilt ? {} : { NODE_ENV: 'test' }),
      PORT: String(this.port),
      HOST: '127.0.0.1',
      DATA_DIR: this.dataDir,
      LOG_LEVEL: 'warn',
      ...this.extraEnv,
    };
    if (this.pgDatabase && this.adminUrl) env['DATABASE_URL'] = databaseUrl(this.adminUrl, this.pgDatabase);
    return env;
  }

  /**
   * Run one of the server's command-line tools against this app's database, as an operator would (e.g.
   * npm run staff:create). PGlite is owned by the server process, so the server is stopped around it.
   */
  async runCli(script: string, args: readonly string[]): Promise<CliResult> {
    const isPglite = this.engine === 'pglite';
    if (isPglite) await this.stop();
    try {
      return this.runCliBesideServer(script, args);
    } finally {
      if (isPglite) await this.start();
    }
  }

  /** Run a command-line tool while the server keeps running (what an operator may well try). */
  runCliBesideServer(script: string, args: readonly string[]): CliResult {
    const result = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: ROOT,
      env: this.environment(),
      encoding: 'utf8',
    });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  }

  /** Everything the server process has printed since it last started. */
  get log(): string {
    return this.output;
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
    this.child = undefined;
  }

  /**
   * Change the app's database directly. PGlite is owned by the server process, so the server is stopped
   * around the change and started again on the same data directory; PostgreSQL is changed live.
   */
  async withDatabase<T>(fn: (db: Database) => Promise<T>): Promise<T> {
    const isPglite = this.engine === 'pglite';
    if (isPglite) await this.stop();
    let handle: DatabaseHandle | undefined;
    try {
      handle =
        this.pgDatabase && this.adminUrl
          ? await createDatabase({
              engine: 'postgres',
              url: databaseUrl(this.adminUrl, this.pgDatabase),
              maxConnections: 1,
            })
          : await createDatabase({ engine: 'pglite', dataDir: path.join(this.dataDir, 'pglite') });
      const result = await fn(handle.db);
      // On PostgreSQL the app drops cached settings when the change's NOTIFY arrives, a moment after commit.
      if (!isPglite) await new Promise((resolve) => setTimeout(resolve, 300));
      return result;
    } finally {
      await handle?.close();
      if (isPglite) await this.start();
    }
  }

  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.dataDir, { recursive: true, force: true });
    if (this.pgDatabase) {
      const name = this.pgDatabase;
      await this.admin((c) => c.query(`drop database if exists "${name}" with (force)`));
    }
  }

  private async admin(fn: (client: pg.Client) => Promise<unknown>): Promise<void> {
    const client = new pg.Client({ connectionString: this.adminUrl });
    await client.connect();
    try {
      await fn(client);
    } finally {
      await client.end();
    }
  }
}

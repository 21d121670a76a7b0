/**
 * A server for the API bench (bench/api.ts), run as a child process so that the load generator and the
 * server under test never share an event loop:
 *   BENCH_TARGET=bare  a bare Fastify route answering BENCH_BARE_BODY as JSON (no hooks, no logger);
 *   BENCH_TARGET=app   the app (buildApp, no web build), LOG_LEVEL as given, its log written to standard
 *                      output as the server writes it (the parent sends it to /dev/null), on PostgreSQL at BENCH_DATABASE_URL when
 *                      set (already migrated by the parent), else on a fresh PGlite data directory.
 * Listens on 127.0.0.1, a free port, and sends { kind: 'ready', url } to the parent over IPC.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabase, prepareDatabase } from '@taxfirm/db';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { createKeyring } from '../src/lib/crypto/keyring.ts';
import { createStorage } from '../src/lib/storage/create-storage.ts';
import { MIGRATIONS_DIR } from '../src/paths.ts';

export const BENCH_SECRET = 'bench-session-secret-0123456789abcdefghij';

const target = process.env['BENCH_TARGET'];
const databaseUrl = process.env['BENCH_DATABASE_URL'];
const cleanups: (() => Promise<void> | void)[] = [];

async function bareServer(): Promise<FastifyInstance> {
  const body = process.env['BENCH_BARE_BODY'] ?? '{}';
  const bare = Fastify();
  bare.post('/api/settings/getsettings', async (_req, reply) => reply.type('application/json').send(body));
  return bare;
}

async function appServer(): Promise<FastifyInstance> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'taxfirm-bench-api-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  // BENCH_POOL_MAX: another pool size than the app's default, to measure one against another.
  const poolMax = Number(process.env['BENCH_POOL_MAX'] ?? 0);
  const database = databaseUrl
    ? await createDatabase({
        engine: 'postgres',
        url: databaseUrl,
        ...(poolMax > 0 ? { maxConnections: poolMax } : {}),
      })
    : await createDatabase({ engine: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  cleanups.unshift(() => database.close());
  if (!databaseUrl) await prepareDatabase(database, MIGRATIONS_DIR);
  const keyring = createKeyring(BENCH_SECRET);
  return buildApp({
    database,
    storage: createStorage({ storage: 'local', dataDir, keyring }),
    keyring,
    config: {
      isProduction: false,
      appUrl: 'http://localhost',
      sessionSecret: BENCH_SECRET,
      logLevel: process.env['LOG_LEVEL'] ?? 'warn',
      trustProxy: 0,
      web: { mode: 'none' },
      mail: { smtpUrl: undefined, from: 'bench@firm.test' },
      orphanSweeper: { enabled: false },
      reminders: { enabled: false },
      retention: { enabled: false },
      digest: { enabled: false },
    },
  });
}

// Run as the bench's child (bench/api.ts sets BENCH_TARGET); importing this file only reads BENCH_SECRET.
if (target !== undefined) {
  const app = target === 'bare' ? await bareServer() : await appServer();
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  process.send?.({ kind: 'ready', url });
  const stop = async () => {
    await app.close();
    for (const cleanup of cleanups) await cleanup();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('disconnect', () => void stop());
}

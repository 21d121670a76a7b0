/** Entry point: environment → database → app → listen, with graceful shutdown. */
import { DatabaseRoleError, DataDirLockedError } from '@taxfirm/db';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { openDatabase } from './database.ts';
import { EnvError, loadEnv, preparePrivateDataDir } from './env.ts';
import { createKeyring } from './lib/crypto/keyring.ts';
import { announceInstance, InstanceCountError } from './lib/instances.ts';
import { createStorage } from './lib/storage/create-storage.ts';
import { WEB_BUILD_DIR, WEB_ROOT } from './paths.ts';

async function main() {
  const isDev = process.argv.includes('--dev');
  // process.env (the default source); npm run dev (--dev) means development when NODE_ENV is unset.
  const env = loadEnv(undefined, { developmentByDefault: isDev });
  preparePrivateDataDir(env.dataDir);
  const keyring = createKeyring(env.encryptionKey, env.encryptionKeysPrevious);
  const storage = createStorage({ storage: env.storage, s3: env.s3, dataDir: env.dataDir, keyring });
  // ioredis is loaded only when REDIS_URL is set (a single instance keeps its counters in memory).
  const redis = env.redisUrl
    ? new (await import('ioredis')).Redis(env.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2_000 })
    : undefined;
  const database = await openDatabase(env);
  // On PostgreSQL this instance announces itself, and is refused beyond INSTANCES or beside another with
  // in-memory rate limits (S2-11). Here, not in buildApp: the tests' in-process apps are not instances.
  // A failed heartbeat is logged once the app (and its logger) exists.
  const heartbeatLog: { warn?: (error: unknown) => void; alert?: (message: string) => void } = {};
  const instance =
    database.engine === 'postgres'
      ? await announceInstance({
          db: database.db,
          declared: env.instances,
          rateLimits: redis ? 'redis' : 'memory',
          heartbeatMs: env.instanceHeartbeatMs,
          onError: (error) => heartbeatLog.warn?.(error),
          onTooMany: (message) => heartbeatLog.alert?.(message),
        }).catch(async (error: unknown) => {
          await database.close();
          redis?.disconnect();
          throw error;
        })
      : undefined;
  const app = await buildApp({
    database,
    storage,
    keyring,
    ...(redis ? { redis } : {}),
    config: {
      isProduction: env.isProduction,
      appUrl: env.appUrl,
      sessionSecret: env.sessionSecret,
      logLevel: env.logLevel,
      trustProxy: env.trustProxy,
      payments: env.payments,
      careers: { resumeBytesPerDay: env.careersResumeBytesPerDay },
      sandbox: env.sandbox,
      // A pass soon after start (at most a minute), then every interval.
      reminders: {
        intervalMs: env.reminderIntervalMs,
        firstRunMs: Math.min(env.reminderIntervalMs, 60_000),
      },
      retention: { years: env.recordsRetentionYears },
      digest: {
        intervalMs: env.digestIntervalMs,
        firstRunMs: Math.min(env.digestIntervalMs, 60_000),
      },
      mail: {
        smtpUrl: env.smtpUrl,
        requireTls: env.smtpRequireTls,
        retentionDays: env.mailRetentionDays,
        from: env.mailFrom ?? `no-reply@${new URL(env.appUrl).hostname}`,
      },
      web: isDev ? { mode: 'vite', webRoot: WEB_ROOT } : { mode: 'build', buildDir: WEB_BUILD_DIR },
    },
  });

  heartbeatLog.alert = (message) => app.log.error(`CONFIGURATION: ${message}`);
  heartbeatLog.warn = (err) =>
    app.log.warn({ err }, 'the instance heartbeat failed (server_instances); retrying');

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    await instance
      ?.stop()
      .catch((error: unknown) => app.log.warn({ err: error }, 'could not remove this instance'));
    await database.close();
    redis?.disconnect();
  });

  for (const warning of env.warnings) app.log.warn(`CONFIGURATION: ${warning}`);
  if (!env.isProduction) app.log.warn(`NODE_ENV=${env.nodeEnv}: development settings, not for a public site`);
  await app.listen({ port: env.port, host: env.host });
  app.log.info(`Serving ${env.appUrl} (database: ${database.engine})`);
  process.stdout.write(`\n  Tax firm site ready at ${env.appUrl}\n\n`);
}

main().catch((error: unknown) => {
  if (
    error instanceof EnvError ||
    error instanceof DataDirLockedError ||
    error instanceof DatabaseRoleError ||
    error instanceof InstanceCountError
  ) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});

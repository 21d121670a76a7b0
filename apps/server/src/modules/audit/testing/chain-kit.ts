/**
 * What the audit-chain tests share (audit-chain, audit-tampering, audit-erasure, audit-migrations, audit-cli,
 * audit-roles): the test database's URLs, rows written and forged as the owner, a fresh database per test, the
 * writes that audit, a database stopped before a migration, and the CLI run as `npm run` would.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  asc,
  auditLog,
  createDatabase,
  sql,
  SOURCE_MIGRATIONS_DIR,
  type Database,
  type DatabaseHandle,
} from '@taxfirm/db';
import { createTestDatabase } from '@taxfirm/db/testing';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { signUpAndLogIn, staffSession, type TestApp } from '../../../../test/helpers.ts';
import { TAXPAYER } from '../../../../test/samples.ts';
import { audit } from '../../../lib/audit.ts';
import { SYSTEM, type Actor } from '../../../lib/actor.ts';
import { SEAL_WAIT_MS, sealAuditLog } from '../audit-sealer.ts';
import { verifyAuditChain } from '../audit-chain.ts';

export const ROOT = fileURLToPath(new URL('../../../../../../', import.meta.url));
export const provided = inject('testDatabase');
export const adminUrl = provided.engine === 'postgres' ? provided.adminUrl : '';

export const withUrl = (url: string, changes: { database?: string; user?: string; password?: string }) => {
  const u = new URL(url);
  if (changes.database) u.pathname = `/${changes.database}`;
  if (changes.user) u.username = changes.user;
  if (changes.password) u.password = changes.password;
  return u.toString();
};

/** The URL of a test database (PostgreSQL), for a second connection or a child process. */
export async function urlOf(database: DatabaseHandle): Promise<string> {
  const result = await database.db.execute(sql`select current_database() as name`);
  const [row] = (result as unknown as { rows: { name: string }[] }).rows;
  return withUrl(adminUrl, { database: row?.name ?? '' });
}

/** Run a statement as the test's superuser (the owner of every test database's tables). */
export const asOwner = (db: Database, statement: string) => db.execute(sql.raw(statement));

/** The owner changing the log behind its append-only trigger: the trigger off, `statement`, the trigger on. */
export async function behindTheTrigger(db: Database, statement: string): Promise<void> {
  await asOwner(db, 'alter table audit_log disable trigger audit_log_append_only');
  await asOwner(db, statement);
  await asOwner(db, 'alter table audit_log enable trigger audit_log_append_only');
}

export const profileOf = (email: string) => ({ unique_code: 'x', ...TAXPAYER, email });

export const visitor = (n: number): Actor => ({
  kind: 'visitor',
  userId: null,
  ip: `10.0.0.${n}`,
  userAgent: 'test',
});

/** `count` audit rows written one after another, then sealed as the sealer would within a second. */
export async function writeRows(db: Database, count: number, from = 1): Promise<void> {
  for (let i = from; i < from + count; i += 1) {
    await audit(db, { actor: i % 2 ? SYSTEM : visitor(i), action: `test.row.${i}`, subject: `row ${i}` });
  }
  await sealAuditLog(db, { waitForLockMs: SEAL_WAIT_MS });
}

/**
 * The owner forging a row the chain accepts (a crafted chain): the chain trigger off, the row linked to the
 * last one and hashed exactly as the trigger would, but dated `createdAt`.
 */
export async function appendForged(
  db: Database,
  {
    action,
    createdAt,
    actorUserId = null,
    clientId = null,
  }: {
    action: string;
    createdAt: string;
    actorUserId?: string | null;
    clientId?: string | null;
  },
): Promise<void> {
  await asOwner(db, 'alter table audit_log disable trigger audit_log_chain');
  try {
    await db.execute(sql`
      insert into audit_log (id, action, actor_user_id, client_id, created_at, chain_seq, prev_hash, ref_digests, hash)
      select f.id, ${action}, f.actor, f.client, f.at, coalesce(last.chain_seq, 0) + 1,
             coalesce(last.hash, decode(repeat('00', 32), 'hex')), audit_log_ref_digests(f.actor, f.client),
             audit_log_hash(coalesce(last.hash, decode(repeat('00', 32), 'hex')), f.id, ${action}, null, null,
               null, f.at, audit_log_ref_digests(f.actor, f.client))
        from (select gen_random_uuid() as id, ${createdAt}::timestamptz as at, ${actorUserId}::uuid as actor,
                     ${clientId}::uuid as client) f
        left join (select chain_seq, hash from audit_log order by chain_seq desc limit 1) last on true`);
  } finally {
    await asOwner(db, 'alter table audit_log enable trigger audit_log_chain');
  }
}

/** Seal what can be sealed, then verify the chain, as `npm run audit:verify` does. */
export async function verifySealed(options: Parameters<typeof verifyAuditChain>[0]) {
  await sealAuditLog(options.db, { waitForLockMs: SEAL_WAIT_MS });
  return verifyAuditChain(options);
}

/** The chain as sealed: every row that can be sealed now is sealed first (audit-sealer.ts), then read. */
export async function chain(db: Database) {
  await sealAuditLog(db, { waitForLockMs: SEAL_WAIT_MS });
  return db
    .select({ chainSeq: auditLog.chainSeq, seq: auditLog.seq, action: auditLog.action, hash: auditLog.hash })
    .from(auditLog)
    .orderBy(asc(auditLog.chainSeq));
}

/** A fresh test database per test: tampering leaves it broken. */
export async function withDatabase(run: (database: DatabaseHandle) => Promise<void>): Promise<void> {
  const database = await createTestDatabase();
  try {
    await run(database);
  } finally {
    await database.close();
  }
}

/** The writes that audit: a client signs up and saves a profile, an admin changes the client's status. */
export async function clientAndStaffWrites(t: TestApp) {
  const asha = await signUpAndLogIn(t, 'asha@example.com');
  const admin = await staffSession(t, 'admin@firm.example', 'admin');
  expect((await t.postAs(asha.sid, '/api/user/savetaxpayer', profileOf('asha@example.com'))).statusCode).toBe(
    200,
  );
  const status = await t.postAs(admin.sid, '/api/staff/clients/status', {
    client_id: asha.clientId,
    status: 'Basic Info Pending',
    comment: 'Welcome call',
  });
  expect(status.statusCode, status.body).toBe(200);
}

async function asAdmin(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * A new database migrated up to, not including, the migration whose tag starts with `tag` (`'0023_'`), for
 * `run` to write rows the old way and then call `rest()`, which applies the remaining migrations. Dropped after.
 */
export async function beforeMigration(
  tag: string,
  run: (database: DatabaseHandle, rest: () => Promise<void>) => Promise<void>,
): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'taxfirm-migrations-'));
  const name = `taxfirm_migration_${randomBytes(6).toString('hex')}`;
  let database: DatabaseHandle | undefined;
  try {
    cpSync(SOURCE_MIGRATIONS_DIR, dir, { recursive: true });
    const journalFile = path.join(dir, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    const full = JSON.stringify(journal);
    const at = journal.entries.findIndex((e) => e.tag.startsWith(tag));
    writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
    if (provided.engine === 'postgres') {
      await asAdmin(`create database ${name}`);
      database = await createDatabase({ engine: 'postgres', url: withUrl(adminUrl, { database: name }) });
    } else {
      database = await createDatabase({ engine: 'pglite' });
    }
    await database.migrate(dir);
    const opened = database;
    await run(opened, async () => {
      writeFileSync(journalFile, full);
      await opened.migrate(dir);
    });
  } finally {
    await database?.close();
    if (provided.engine === 'postgres') await asAdmin(`drop database if exists ${name} with (force)`);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A command of apps/server/src/cli run as `npm run` would, on `dataDir` (and `databaseUrl` on PostgreSQL). */
export const cliRunner =
  (dataDir: string, databaseUrl: string | undefined) =>
  (script: string, ...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', `apps/server/src/cli/${script}.ts`, ...args], {
      cwd: ROOT,
      env: {
        NODE_ENV: 'development',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
      encoding: 'utf8',
    });

/**
 * The audit log's hash chain (migration 0023, audit-chain.ts) on both engines, and on PostgreSQL the split
 * between the owner role that migrates and the app's role, which can only read and append to the log (F-08).
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
  eq,
  prepareDatabase,
  sql,
  SOURCE_MIGRATIONS_DIR,
  users,
  type Database,
  type DatabaseHandle,
} from '@taxfirm/db';
import { createTestDatabase } from '@taxfirm/db/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, signUpAndLogIn, staffSession, type TestApp } from '../../../test/helpers.ts';
import { TAXPAYER } from '../../../test/samples.ts';
import { audit } from '../../lib/audit.ts';
import { SYSTEM, type Actor } from '../../lib/actor.ts';
import { chainHash, verifyAuditChain } from './audit-chain.ts';

const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const provided = inject('testDatabase');
const adminUrl = provided.engine === 'postgres' ? provided.adminUrl : '';

const withUrl = (url: string, changes: { database?: string; user?: string; password?: string }) => {
  const u = new URL(url);
  if (changes.database) u.pathname = `/${changes.database}`;
  if (changes.user) u.username = changes.user;
  if (changes.password) u.password = changes.password;
  return u.toString();
};

/** The URL of a test database (PostgreSQL), for a second connection or a child process. */
async function urlOf(database: DatabaseHandle): Promise<string> {
  const result = await database.db.execute(sql`select current_database() as name`);
  const [row] = (result as unknown as { rows: { name: string }[] }).rows;
  return withUrl(adminUrl, { database: row?.name ?? '' });
}

/** Run a statement as the test's superuser (the owner of every test database's tables). */
const asOwner = (db: Database, statement: string) => db.execute(sql.raw(statement));

const profileOf = (email: string) => ({ unique_code: 'x', ...TAXPAYER, email });

const visitor = (n: number): Actor => ({
  kind: 'visitor',
  userId: null,
  ip: `10.0.0.${n}`,
  userAgent: 'test',
});

async function writeRows(db: Database, count: number, from = 1): Promise<void> {
  for (let i = from; i < from + count; i += 1) {
    await audit(db, { actor: i % 2 ? SYSTEM : visitor(i), action: `test.row.${i}`, subject: `row ${i}` });
  }
}

async function chain(db: Database) {
  return db
    .select({ chainSeq: auditLog.chainSeq, seq: auditLog.seq, action: auditLog.action, hash: auditLog.hash })
    .from(auditLog)
    .orderBy(asc(auditLog.chainSeq));
}

/** A fresh test database per test: tampering leaves it broken. */
async function withDatabase(run: (database: DatabaseHandle) => Promise<void>): Promise<void> {
  const database = await createTestDatabase();
  try {
    await run(database);
  } finally {
    await database.close();
  }
}

/** The writes that audit: a client signs up and saves a profile, an admin changes the client's status. */
async function clientAndStaffWrites(t: TestApp) {
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

describe('the audit chain', () => {
  it('chains every row the app writes, and Node computes the same hash as the database', async () => {
    const t = await createTestApp();
    try {
      await clientAndStaffWrites(t);
      // Text that an encoding could get wrong: several scripts, an empty string, nulls, a long user agent.
      await audit(t.database.db, {
        actor: { kind: 'visitor', userId: null, ip: '2001:db8::1', userAgent: 'Mozilla/5.0 '.repeat(40) },
        action: 'test.encoding',
        subject: 'Ünïcödé — नमस्ते — 税 — 🙂 — ',
      });
      await audit(t.database.db, { actor: SYSTEM, action: 'test.empty', subject: '' });

      const rows = await chain(t.database.db);
      expect(rows.map((r) => r.chainSeq)).toEqual(rows.map((_, i) => i + 1));
      expect(rows.map((r) => r.action)).toEqual(
        expect.arrayContaining([
          'signin.succeeded',
          'profile.update',
          'staff.client.status',
          'test.encoding',
        ]),
      );
      const report = await verifyAuditChain({ db: t.database.db, batchSize: 3 });
      expect(report).toMatchObject({
        rowsChecked: rows.length,
        breaks: 0,
        firstBreak: null,
        erasedReferences: 0,
      });
      expect(report.head).toEqual({ chainSeq: rows.length, hash: rows.at(-1)?.hash.toString('hex') });

      // The encoding, spelled out: the database's audit_log_hash() and Node's chainHash() agree on one row.
      const [row] = await t.database.db
        .select({
          id: auditLog.id,
          action: auditLog.action,
          subject: auditLog.subject,
          ip: auditLog.ip,
          userAgent: auditLog.userAgent,
          micros: sql<string>`(extract(epoch from ${auditLog.createdAt}) * 1000000)::bigint::text`,
          prevHash: auditLog.prevHash,
          hash: auditLog.hash,
          refDigests: auditLog.refDigests,
          recomputed: sql<string>`encode(audit_log_hash(${auditLog.prevHash}, ${auditLog.id}, ${auditLog.action},
            ${auditLog.subject}, ${auditLog.ip}, ${auditLog.userAgent}, ${auditLog.createdAt}, ${auditLog.refDigests}), 'hex')`,
        })
        .from(auditLog)
        .where(eq(auditLog.action, 'test.encoding'));
      if (!row) throw new Error('no test.encoding row');
      const node = chainHash(row.prevHash, {
        ...row,
        chainSeq: 0,
        actorUserId: null,
        clientId: null,
        createdAtMicros: BigInt(row.micros),
      });
      expect(node.toString('hex')).toBe(row.recomputed);
      expect(node.equals(row.hash)).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('chains the rows of one multi-row insert in order, and ignores chain values a writer sends', async () => {
    await withDatabase(async ({ db }) => {
      await writeRows(db, 2);
      await db
        .insert(auditLog)
        .values([
          { action: 'test.bulk.a', chainSeq: 99, hash: Buffer.alloc(32, 1) },
          { action: 'test.bulk.b', prevHash: Buffer.alloc(32, 2) },
          { action: 'test.bulk.c' },
        ]);
      const rows = await chain(db);
      expect(rows.map((r) => [r.chainSeq, r.action])).toEqual([
        [1, 'test.row.1'],
        [2, 'test.row.2'],
        [3, 'test.bulk.a'],
        [4, 'test.bulk.b'],
        [5, 'test.bulk.c'],
      ]);
      expect(await verifyAuditChain({ db })).toMatchObject({ rowsChecked: 5, breaks: 0 });
    });
  });

  it('still refuses updates and deletes, now of the chain columns too', async () => {
    await withDatabase(async ({ db }) => {
      await writeRows(db, 2);
      for (const statement of [
        `update audit_log set hash = sha256('x') where chain_seq = 1`,
        `update audit_log set chain_seq = 7 where chain_seq = 2`,
        `update audit_log set action = 'forged' where chain_seq = 1`,
        `delete from audit_log where chain_seq = 2`,
        `truncate audit_log`,
      ]) {
        await expect(asOwner(db, statement), statement).rejects.toThrow();
      }
      expect(await verifyAuditChain({ db })).toMatchObject({ rowsChecked: 2, breaks: 0 });
    });
  });

  it('finds a row changed behind the trigger, and names it', async () => {
    await withDatabase(async ({ db }) => {
      await writeRows(db, 6);
      const [victim] = await db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.chainSeq, 4));
      await asOwner(db, 'alter table audit_log disable trigger audit_log_append_only');
      await asOwner(db, `update audit_log set subject = 'nothing to see' where chain_seq = 4`);
      await asOwner(db, 'alter table audit_log enable trigger audit_log_append_only');
      const report = await verifyAuditChain({ db, batchSize: 4 });
      expect(report).toMatchObject({ rowsChecked: 6, breaks: 1 });
      expect(report.firstBreak).toMatchObject({ chainSeq: 4, id: victim?.id });
      expect(report.firstBreak?.reason).toMatch(/content/);
    });
  });

  it('finds a deleted row, and rows deleted from the end against the recorded head', async () => {
    await withDatabase(async ({ db }) => {
      await writeRows(db, 6);
      const before = await verifyAuditChain({ db });
      expect(before.breaks).toBe(0);
      const recordedHead = before.head ?? undefined;
      await asOwner(db, 'alter table audit_log disable trigger audit_log_append_only');
      await asOwner(db, 'delete from audit_log where chain_seq in (3, 6)');
      await asOwner(db, 'alter table audit_log enable trigger audit_log_append_only');
      const report = await verifyAuditChain({ db });
      expect(report).toMatchObject({ rowsChecked: 4, breaks: 1, firstBreak: { chainSeq: 4 } });
      expect(report.firstBreak?.reason).toMatch(/rows 3\.\.3 .* missing/);
      // The last row's removal leaves the chain whole; only the head kept outside the database shows it.
      const withHead = await verifyAuditChain({ db, knownHead: recordedHead });
      expect(withHead.breaks).toBe(2);
      expect(withHead.head?.chainSeq).toBe(5);
      await asOwner(db, 'alter table audit_log disable trigger audit_log_append_only');
      await asOwner(db, 'delete from audit_log where chain_seq = 4');
      await asOwner(db, 'alter table audit_log enable trigger audit_log_append_only');
      const tailOnly = await verifyAuditChain({ db, knownHead: recordedHead });
      expect(tailOnly.firstBreak).toMatchObject({ chainSeq: 5 });
      expect(tailOnly.firstBreak?.reason).toMatch(/rows 3\.\.4/);
    });
  });

  it('counts a reference erased with its account, and still checks the references left', async () => {
    await withDatabase(async ({ db }) => {
      const [gone] = await db
        .insert(users)
        .values({ email: 'gone@example.com', passwordHash: 'x', firstName: 'Gone', lastName: 'Away' })
        .returning({ id: users.id });
      const [kept] = await db
        .insert(users)
        .values({ email: 'kept@example.com', passwordHash: 'x', firstName: 'Kept', lastName: 'Here' })
        .returning({ id: users.id });
      if (!gone || !kept) throw new Error('no users');
      const as = (userId: string): Actor => ({ kind: 'visitor', userId, ip: '127.0.0.1', userAgent: 'test' });
      await audit(db, { actor: as(gone.id), action: 'test.gone' });
      await audit(db, { actor: as(kept.id), action: 'test.kept' });
      await db.delete(users).where(eq(users.id, gone.id));
      const report = await verifyAuditChain({ db });
      expect(report).toMatchObject({ rowsChecked: 2, erasedReferences: 1, breaks: 0 });

      // Pointing a row at another account is a break, though the foreign key allows it.
      await asOwner(db, 'alter table audit_log disable trigger audit_log_append_only');
      await asOwner(db, `update audit_log set actor_user_id = '${kept.id}' where action = 'test.gone'`);
      await asOwner(db, 'alter table audit_log enable trigger audit_log_append_only');
      const moved = await verifyAuditChain({ db });
      expect(moved.firstBreak).toMatchObject({ chainSeq: 1 });
      expect(moved.firstBreak?.reason).toMatch(/actor/);
    });
  });

  it('gives one strict chain when many connections write at once, each transaction’s rows together', async () => {
    await withDatabase(async (database) => {
      // On PostgreSQL four more pools on the same database; PGlite has one connection, which serialises.
      const pools =
        database.engine === 'postgres'
          ? await Promise.all(
              [1, 2, 3, 4].map(async () =>
                createDatabase({ engine: 'postgres', url: await urlOf(database), maxConnections: 5 }),
              ),
            )
          : [];
      try {
        const dbs = [database.db, ...pools.map((p) => p.db)];
        await Promise.all(
          Array.from({ length: 40 }, (_, i) =>
            (dbs[i % dbs.length] ?? database.db).transaction(async (tx) => {
              await audit(tx, { actor: SYSTEM, action: `test.tx.${i}`, subject: 'first' });
              await tx.execute(sql`select pg_sleep(0.005)`);
              await audit(tx, { actor: SYSTEM, action: `test.tx.${i}`, subject: 'second' });
            }),
          ),
        );
      } finally {
        await Promise.all(pools.map((p) => p.close()));
      }
      const rows = await chain(database.db);
      expect(rows.map((r) => r.chainSeq)).toEqual(rows.map((_, i) => i + 1));
      expect(rows).toHaveLength(80);
      for (let i = 0; i < rows.length; i += 2) expect(rows[i]?.action).toBe(rows[i + 1]?.action);
      expect(await verifyAuditChain({ db: database.db, batchSize: 7 })).toMatchObject({
        rowsChecked: 80,
        breaks: 0,
      });
    });
  });

  it('migration 0023 chains the rows written before it, in the order they were written', async () => {
    // The migrations up to 0022, then rows, then 0023.
    const dir = mkdtempSync(path.join(tmpdir(), 'taxfirm-migrations-'));
    const name = `taxfirm_chain_${randomBytes(6).toString('hex')}`;
    let database: DatabaseHandle | undefined;
    try {
      cpSync(SOURCE_MIGRATIONS_DIR, dir, { recursive: true });
      const journalFile = path.join(dir, 'meta', '_journal.json');
      const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
      const full = JSON.stringify(journal);
      const at = journal.entries.findIndex((e) => e.tag.startsWith('0023_'));
      writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
      if (provided.engine === 'postgres') {
        const admin = new pg.Client({ connectionString: adminUrl });
        await admin.connect();
        await admin.query(`create database ${name}`);
        await admin.end();
        database = await createDatabase({ engine: 'postgres', url: withUrl(adminUrl, { database: name }) });
      } else {
        database = await createDatabase({ engine: 'pglite' });
      }
      await database.migrate(dir);
      for (let i = 1; i <= 5; i += 1) {
        await database.db.execute(
          sql`insert into audit_log (action, subject, created_at) values (${`old.${i}`}, ${'x'}, now() - make_interval(days => ${10 - i}))`,
        );
      }
      writeFileSync(journalFile, full);
      await database.migrate(dir);
      await audit(database.db, { actor: SYSTEM, action: 'new.6' });
      const rows = await chain(database.db);
      expect(rows.map((r) => [r.chainSeq, r.action])).toEqual([
        [1, 'old.1'],
        [2, 'old.2'],
        [3, 'old.3'],
        [4, 'old.4'],
        [5, 'old.5'],
        [6, 'new.6'],
      ]);
      expect(await verifyAuditChain({ db: database.db })).toMatchObject({ rowsChecked: 6, breaks: 0 });
    } finally {
      await database?.close();
      if (provided.engine === 'postgres') {
        const admin = new pg.Client({ connectionString: adminUrl });
        await admin.connect();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('npm run audit:verify prints the count, the head and the first break, and exits 1 on a break', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'taxfirm-audit-verify-'));
    const open = async () =>
      provided.engine === 'postgres'
        ? { database: await createTestDatabase(), keep: true }
        : {
            database: await createDatabase({ engine: 'pglite', dataDir: path.join(dataDir, 'pglite') }),
            keep: false,
          };
    const { database } = await open();
    const databaseUrl = provided.engine === 'postgres' ? await urlOf(database) : undefined;
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/audit-verify.ts', ...args], {
        cwd: ROOT,
        env: {
          NODE_ENV: 'development',
          DATA_DIR: dataDir,
          LOG_LEVEL: 'silent',
          ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        },
        encoding: 'utf8',
      });
    let reopened: DatabaseHandle | undefined;
    try {
      await prepareDatabase(database, SOURCE_MIGRATIONS_DIR);
      await writeRows(database.db, 3);
      const [last] = await database.db
        .select({ hash: auditLog.hash })
        .from(auditLog)
        .where(eq(auditLog.chainSeq, 3));
      const head = `3:${last?.hash.toString('hex') ?? ''}`;
      // PGlite is one process's at a time: the tool opens it only once this process lets go.
      if (provided.engine === 'pglite') await database.close();

      const ok = run('--head', head);
      expect(ok.stderr).toBe('');
      expect(ok.status).toBe(0);
      expect(ok.stdout).toContain('Rows checked: 3\n');
      expect(ok.stdout).toContain('Rows with an erased reference (account deleted): 0\n');
      expect(ok.stdout).toContain(`Head: ${head}`);
      expect(ok.stdout).toContain('Chain: unbroken.');

      const bad = run('--head', 'yesterday');
      expect(bad.status).toBe(2);
      expect(bad.stderr).toContain('--head must look like 1234:<64 hex digits>');
      expect(bad.stderr).not.toMatch(/\n\s+at /);

      reopened = provided.engine === 'pglite' ? (await open()).database : database;
      await asOwner(reopened.db, 'alter table audit_log disable trigger audit_log_append_only');
      await asOwner(reopened.db, `update audit_log set ip = '192.0.2.1' where chain_seq = 2`);
      await asOwner(reopened.db, 'alter table audit_log enable trigger audit_log_append_only');
      if (provided.engine === 'pglite') await reopened.close();
      const broken = run();
      expect(broken.status).toBe(1);
      expect(broken.stdout).toContain('Chain: BROKEN. Rows failing: 1.');
      expect(broken.stdout).toMatch(/First break: chain_seq 2 \(id [0-9a-f-]{36}\): hash does not match/);
    } finally {
      if (provided.engine === 'postgres') await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

// Roles exist on a PostgreSQL server only; the embedded database has one user and no grants.
if (provided.engine === 'postgres') {
  describe('database roles (PostgreSQL)', () => {
    const suffix = randomBytes(4).toString('hex');
    const ownerRole = `taxfirm_owner_${suffix}`;
    const appRole = `taxfirm_app_${suffix}`;
    const dbName = `taxfirm_roles_${suffix}`;
    const password = randomBytes(12).toString('hex');
    const ownerUrl = withUrl(adminUrl, { database: dbName, user: ownerRole, password });
    const appUrl = withUrl(adminUrl, { database: dbName, user: appRole, password });
    const admin = new pg.Client({ connectionString: adminUrl });
    let t: TestApp;
    let asApp: pg.Client;

    const open = async () => {
      const database = await createDatabase({ engine: 'postgres', url: appUrl, migrationUrl: ownerUrl });
      try {
        await prepareDatabase(database, SOURCE_MIGRATIONS_DIR);
      } catch (error) {
        await database.close();
        throw error;
      }
      return database;
    };

    beforeAll(async () => {
      await admin.connect();
      await admin.query(`create role ${ownerRole} login password '${password}'`);
      await admin.query(`create role ${appRole} login password '${password}'`);
      await admin.query(`create database ${dbName} owner ${ownerRole}`);
      t = await createTestApp({}, { database: await open() });
      asApp = new pg.Client({ connectionString: appUrl });
      await asApp.connect();
    });
    afterAll(async () => {
      await asApp.end();
      await t.close();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.query(`drop role if exists ${appRole}`);
      await admin.query(`drop role if exists ${ownerRole}`);
      await admin.end();
    });

    it('migrates as the owner; the app, as its own role, signs up, saves a profile and acts as staff', async () => {
      await clientAndStaffWrites(t);
      const { rows } = await asApp.query<{ owner: string; n: string }>(
        `select pg_get_userbyid(relowner) as owner, count(*)::text as n from pg_class
          where relnamespace = 'public'::regnamespace group by 1`,
      );
      expect(rows).toEqual([{ owner: ownerRole, n: expect.any(String) }]);
      const report = await verifyAuditChain({ db: t.database.db });
      expect(report.rowsChecked).toBeGreaterThanOrEqual(3);
      expect(report.breaks).toBe(0);
    });

    it('the app role can read and append to the audit log, and nothing else', async () => {
      const appended = await asApp.query<{ chain_seq: string }>(
        `insert into audit_log (action) values ('test.append') returning chain_seq`,
      );
      expect(Number(appended.rows[0]?.chain_seq)).toBeGreaterThan(1);
      for (const statement of [
        `update audit_log set subject = 'x'`,
        `delete from audit_log`,
        `truncate audit_log`,
        `alter table audit_log disable trigger all`,
        `alter table audit_log disable trigger audit_log_append_only`,
        `drop trigger audit_log_append_only on audit_log`,
        `drop trigger audit_log_chain on audit_log`,
        `create trigger sneaky before insert on audit_log for each row execute function audit_log_chain()`,
        `drop table audit_log`,
        `create or replace function audit_log_append_only() returns trigger language plpgsql as $$ begin return new; end $$`,
        `create table public.mine (id int)`,
        `select * from drizzle.__drizzle_migrations`,
      ]) {
        await expect(asApp.query(statement), statement).rejects.toThrow(/permission denied|must be owner/);
      }
    });

    it("an account's erasure, by the app's role, still sets the log's references to null", async () => {
      const [client] = await t.database.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, 'asha@example.com'));
      if (!client) throw new Error('no client');
      const before = await asApp.query<{ n: string }>(
        'select count(*)::text as n from audit_log where actor_user_id = $1',
        [client.id],
      );
      expect(Number(before.rows[0]?.n)).toBeGreaterThan(0);
      // The foreign keys' SET NULL runs as audit_log's owner, so the app needs no UPDATE on it.
      await asApp.query('delete from users where id = $1', [client.id]);
      const after = await asApp.query<{ n: string }>(
        'select count(*)::text as n from audit_log where actor_user_id = $1',
        [client.id],
      );
      expect(after.rows[0]?.n).toBe('0');
      const report = await verifyAuditChain({ db: t.database.db });
      expect(report.breaks).toBe(0);
      expect(report.erasedReferences).toBeGreaterThan(0);
    });

    it('grants again on every start, and refuses to start when the app role could bypass them', async () => {
      const again = await open();
      await again.close();
      // An operator's slip: a table handed to the app's role.
      const superuser = new pg.Client({ connectionString: withUrl(adminUrl, { database: dbName }) });
      await superuser.connect();
      try {
        await superuser.query(`alter table notifications owner to ${appRole}`);
        await expect(open()).rejects.toThrow(new RegExp(`${appRole} .*owns notifications`));
        await superuser.query(`alter table notifications owner to ${ownerRole}`);
      } finally {
        await superuser.end();
      }
      const fixed = await open();
      await fixed.close();
    });
  });
}

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
  clients,
  createDatabase,
  eq,
  ne,
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
import { eraseAccount } from './account-erasure.ts';
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

/**
 * The owner forging a row the chain accepts (a crafted chain): the chain trigger off, the row linked to the
 * last one and hashed exactly as the trigger would, but dated `createdAt`.
 */
async function appendForged(
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

  it('counts a reference erased with its account through erase_account(), and still checks the references left', async () => {
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
      const erasure = await eraseAccount(db, gone.id, 'ticket 4711: the client asked');
      expect(await db.select({ id: users.id }).from(users).where(eq(users.id, gone.id))).toEqual([]);
      const [erased] = await db
        .select({ action: auditLog.action, subject: auditLog.subject, chainSeq: auditLog.chainSeq })
        .from(auditLog)
        .where(eq(auditLog.id, erasure));
      expect(erased).toMatchObject({ action: 'account.erased', chainSeq: 3 });
      // The digest the erased rows keep, not the id: the log no longer names the person.
      expect(erased?.subject).toMatch(/^actor:[0-9a-f]{64} \| ticket 4711: the client asked$/);
      expect(erased?.subject).not.toContain(gone.id);
      const report = await verifyAuditChain({ db });
      expect(report).toMatchObject({ rowsChecked: 3, erasedReferences: 1, erasures: 1, breaks: 0 });

      // A reason is required, and an account that is not there is refused.
      await expect(eraseAccount(db, kept.id, ' ')).rejects.toThrow(/not erased: a reason is required/);
      await expect(eraseAccount(db, gone.id, 'again')).rejects.toThrow(
        /not erased: there is no such account/,
      );

      // Pointing a row at another account is a break, though the foreign key allows it.
      await asOwner(db, 'alter table audit_log disable trigger audit_log_append_only');
      await asOwner(db, `update audit_log set actor_user_id = '${kept.id}' where action = 'test.gone'`);
      await asOwner(db, 'alter table audit_log enable trigger audit_log_append_only');
      const moved = await verifyAuditChain({ db });
      expect(moved.firstBreak).toMatchObject({ chainSeq: 1 });
      expect(moved.firstBreak?.reason).toMatch(/actor/);
    });
  });

  it('finds a reference erased without its account.erased row (a user or a client deleted directly)', async () => {
    await withDatabase(async ({ db }) => {
      const person = async (email: string) => {
        const [user] = await db
          .insert(users)
          .values({ email, passwordHash: 'x', firstName: 'A', lastName: 'B' })
          .returning({ id: users.id });
        if (!user) throw new Error('no user');
        const [client] = await db
          .insert(clients)
          .values({ userId: user.id, firstName: 'A', lastName: 'B', phone: '5550100100', phoneExt: '' })
          .returning({ id: clients.id });
        if (!client) throw new Error('no client');
        const actor: Actor = {
          kind: 'client',
          userId: user.id,
          clientId: client.id,
          email,
          ip: '127.0.0.1',
          userAgent: 't',
        };
        await audit(db, { actor, action: `test.${email}` });
        return { userId: user.id, clientId: client.id };
      };
      const erased = await person('erased@example.com');
      const deleted = await person('deleted@example.com');
      const clientOnly = await person('client-only@example.com');
      await eraseAccount(db, erased.userId, 'ticket 1');
      expect(await verifyAuditChain({ db })).toMatchObject({ breaks: 0, erasures: 1, erasedReferences: 1 });
      // A client with a payment is not erased (the firm keeps money records), and nothing of it is written.
      const paying = await person('paying@example.com');
      await db.execute(sql`
        with filing as (insert into filings (client_id, tax_year) values (${paying.clientId}, 2025) returning id)
        insert into payments (client_id, filing_id, provider, order_id, amount_cents, currency)
        select ${paying.clientId}, id, 'sandbox', 'order-keep', 100, 'USD' from filing`);
      await expect(eraseAccount(db, paying.userId, 'ticket 2')).rejects.toThrow(
        /not erased: the client has invoices or payments, which the firm keeps/,
      );
      expect(await verifyAuditChain({ db })).toMatchObject({ breaks: 0, erasures: 1, rowsChecked: 5 });
      // Nor a client with a signed document (evidence the signed-once trigger keeps): a clear refusal.
      const signing = await person('signed@example.com');
      await db.execute(sql`
        with filing as (insert into filings (client_id, tax_year) values (${signing.clientId}, 2025) returning id)
        insert into signature_documents (filing_id, client_id, kind, title, status, original_name, size,
          storage_key, sha256, signed_storage_key, signed_sha256, signed_size, signed_at)
        select id, ${signing.clientId}, '8879', 'Form 8879', 'signed', '8879.pdf', 10, 'k-signed-orig', 'aa',
          'k-signed', 'bb', 12, now() from filing`);
      await expect(eraseAccount(db, signing.userId, 'ticket 3')).rejects.toThrow(
        /not erased: the client has signed documents, which the firm keeps/,
      );
      expect(await verifyAuditChain({ db })).toMatchObject({ breaks: 0, erasures: 1, rowsChecked: 6 });

      // As the owner (or a superuser; on the embedded database, anyone): the rows lose their references
      // unrecorded, which the foreign keys allow and the chain's hashes cannot see (they cover the digests).
      await db.delete(users).where(eq(users.id, deleted.userId));
      const report = await verifyAuditChain({ db });
      expect(report).toMatchObject({ breaks: 1, erasedReferences: 2, firstBreak: { chainSeq: 2 } });
      expect(report.firstBreak?.reason).toMatch(/actor_user_id was erased without an account\.erased row/);

      await db.delete(clients).where(eq(clients.id, clientOnly.clientId));
      const both = await verifyAuditChain({ db });
      expect(both.breaks).toBe(2);
      const [row] = await db
        .select({ actor: auditLog.actorUserId, client: auditLog.clientId, chainSeq: auditLog.chainSeq })
        .from(auditLog)
        .where(eq(auditLog.action, 'test.client-only@example.com'));
      expect(row).toMatchObject({ actor: clientOnly.userId, client: null, chainSeq: 3 });
    });
  });

  it('dates every row itself: a writer cannot back-date a row, and a back-dated row is found', async () => {
    await withDatabase(async ({ db }) => {
      await writeRows(db, 2);
      const [{ now } = { now: '' }] = (
        (await db.execute(sql`select now()::text as now`)) as unknown as { rows: { now: string }[] }
      ).rows;
      // The writer's created_at is ignored: the trigger sets its own, never before the previous row's.
      await db
        .insert(auditLog)
        .values({ action: 'test.backdated', createdAt: new Date('2026-01-01T00:00:00Z') });
      const [row] = await db
        .select({ createdAt: auditLog.createdAt })
        .from(auditLog)
        .where(eq(auditLog.action, 'test.backdated'));
      expect(row?.createdAt.getTime()).toBeGreaterThanOrEqual(new Date(now).getTime() - 1000);
      const clean = await verifyAuditChain({ db });
      expect(clean).toMatchObject({ rowsChecked: 3, breaks: 0, timeOrderedFrom: 1 });

      // A crafted chain: the owner appends a row dated last month, linked and hashed as the trigger would.
      await appendForged(db, { action: 'forged.backdated', createdAt: '2026-10-01T09:00:00Z' });
      const crafted = await verifyAuditChain({ db });
      expect(crafted).toMatchObject({ rowsChecked: 4, breaks: 1, firstBreak: { chainSeq: 4 } });
      expect(crafted.firstBreak?.reason).toMatch(/created_at is earlier than the previous row's/);
    });
  });

  it("finds a row whose created_at the owner set back with the log's triggers off", async () => {
    await withDatabase(async ({ db }) => {
      await writeRows(db, 3);
      await asOwner(db, 'alter table audit_log disable trigger audit_log_append_only');
      await asOwner(
        db,
        `update audit_log set created_at = created_at - interval '40 days' where chain_seq = 3`,
      );
      await asOwner(db, 'alter table audit_log enable trigger audit_log_append_only');
      const report = await verifyAuditChain({ db });
      expect(report).toMatchObject({ breaks: 1, firstBreak: { chainSeq: 3 } });
      expect(report.firstBreak?.reason).toMatch(/content/);
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

  it('migration 0025 keeps an existing log whole: time order from its own rows on, earlier erasures recorded', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'taxfirm-migrations-'));
    const name = `taxfirm_evidence_${randomBytes(6).toString('hex')}`;
    let database: DatabaseHandle | undefined;
    try {
      cpSync(SOURCE_MIGRATIONS_DIR, dir, { recursive: true });
      const journalFile = path.join(dir, 'meta', '_journal.json');
      const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
      const full = JSON.stringify(journal);
      const at = journal.entries.findIndex((e) => e.tag.startsWith('0025_'));
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
      const { db } = database;
      // Before 0025 a writer's created_at stood: these go back in time along the chain.
      for (const days of [3, 9, 1]) {
        await db.execute(
          sql`insert into audit_log (action, created_at) values (${`old.${days}`}, now() - make_interval(days => ${days}))`,
        );
      }
      // And an account deleted directly, as the app role could until now.
      const [gone] = await db
        .insert(users)
        .values({ email: 'gone@example.com', passwordHash: 'x', firstName: 'Gone', lastName: 'Away' })
        .returning({ id: users.id });
      await audit(db, { actor: visitor(1), action: 'old.anonymous' });
      await audit(db, {
        actor: { kind: 'visitor', userId: gone?.id ?? null, ip: '10.0.0.2', userAgent: 'test' },
        action: 'old.gone',
      });
      await db.delete(users).where(eq(users.id, gone?.id ?? ''));

      writeFileSync(journalFile, full);
      await database.migrate(dir);
      await audit(db, { actor: SYSTEM, action: 'new.1' });
      const rows = await chain(db);
      expect(rows.map((r) => [r.chainSeq, r.action])).toEqual([
        [1, 'old.3'],
        [2, 'old.9'],
        [3, 'old.1'],
        [4, 'old.anonymous'],
        [5, 'old.gone'],
        [6, 'account.erased'],
        [7, 'new.1'],
      ]);
      const [found] = await db
        .select({ subject: auditLog.subject })
        .from(auditLog)
        .where(eq(auditLog.action, 'account.erased'));
      expect(found?.subject).toMatch(/^actor:[0-9a-f]{64} \| found erased by migration 0025/);
      expect(await verifyAuditChain({ db })).toMatchObject({
        rowsChecked: 7,
        breaks: 0,
        erasures: 1,
        erasedReferences: 1,
        timeOrderedFrom: 6,
      });
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
      expect(ok.stdout).toContain('Accounts erased (account.erased rows): 0\n');
      expect(ok.stdout).toContain('Time order checked from chain_seq 1\n');
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

      // A back-dated row, forged with a valid link and hash: exit 1, named.
      reopened = provided.engine === 'pglite' ? (await open()).database : database;
      await asOwner(reopened.db, 'alter table audit_log disable trigger audit_log_append_only');
      await asOwner(reopened.db, `update audit_log set ip = '10.0.0.2' where chain_seq = 2`);
      await asOwner(reopened.db, 'alter table audit_log enable trigger audit_log_append_only');
      await appendForged(reopened.db, { action: 'forged.backdated', createdAt: '2026-01-02T03:04:05Z' });
      if (provided.engine === 'pglite') await reopened.close();
      const backdated = run();
      expect(backdated.status).toBe(1);
      expect(backdated.stderr).toBe('');
      expect(backdated.stdout).toContain('Chain: BROKEN. Rows failing: 1.');
      expect(backdated.stdout).toMatch(
        /First break: chain_seq 4 \(id [0-9a-f-]{36}\): created_at is earlier than the previous row's/,
      );
    } finally {
      if (provided.engine === 'postgres') await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
    // Four runs of the command, each opening the database (the embedded one migrates in each).
  }, 120_000);
});

describe('npm run accounts:erase', () => {
  it('erases an account by e-mail through erase_account(); audit:verify then counts the erasure', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'taxfirm-accounts-erase-'));
    const database =
      provided.engine === 'postgres'
        ? await createTestDatabase()
        : await createDatabase({ engine: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    const databaseUrl = provided.engine === 'postgres' ? await urlOf(database) : undefined;
    const run = (script: string, ...args: string[]) =>
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
    try {
      await prepareDatabase(database, SOURCE_MIGRATIONS_DIR);
      const [user] = await database.db
        .insert(users)
        .values({ email: 'Leaving@Example.com', passwordHash: 'x', firstName: 'L', lastName: 'E' })
        .returning({ id: users.id });
      await audit(database.db, {
        actor: { kind: 'visitor', userId: user?.id ?? null, ip: '127.0.0.1', userAgent: 'test' },
        action: 'test.leaving',
      });
      if (provided.engine === 'pglite') await database.close();

      const noReason = run('accounts-erase', '--email', 'leaving@example.com');
      expect(noReason.status).toBe(2);
      expect(noReason.stderr).toContain('Say whose account to erase, and why.');
      const nobody = run('accounts-erase', '--email', 'nobody@example.com', '--reason', 'ticket 9');
      expect(nobody.status).toBe(1);
      expect(nobody.stderr).toBe('No account has the e-mail nobody@example.com.\n');
      const erased = run('accounts-erase', '--email', 'leaving@example.com', '--reason', 'ticket 9');
      expect(erased.stderr).toBe('');
      expect(erased.status).toBe(0);
      expect(erased.stdout).toMatch(
        new RegExp(
          `^Erased the account ${user?.id}; audited as account.erased \\(audit row [0-9a-f-]{36}\\)\\.\n$`,
        ),
      );
      const verified = run('audit-verify');
      expect(verified.status).toBe(0);
      expect(verified.stdout).toContain('Rows with an erased reference (account deleted): 1\n');
      expect(verified.stdout).toContain('Accounts erased (account.erased rows): 1\n');
      expect(verified.stdout).toContain('Chain: unbroken.');
    } finally {
      if (provided.engine === 'postgres') await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
    // Four commands, each opening the database (the embedded one migrates in each).
  }, 120_000);
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

    it('the app role cannot delete users or clients; it erases an account through erase_account(), audited', async () => {
      const [client] = await t.database.db
        .select({ id: users.id, clientId: clients.id })
        .from(users)
        .innerJoin(clients, eq(clients.userId, users.id))
        .where(eq(users.email, 'asha@example.com'));
      if (!client) throw new Error('no client');
      // Security review S2-04: one such statement used to strip the person from every audit row, unrecorded.
      for (const statement of [
        `delete from users where id = '${client.id}'`,
        `delete from clients where id = '${client.clientId}'`,
        'truncate users cascade',
        'truncate clients cascade',
      ]) {
        await expect(asApp.query(statement), statement).rejects.toThrow(/permission denied/);
      }
      const before = await asApp.query<{ n: string }>(
        'select count(*)::text as n from audit_log where actor_user_id = $1',
        [client.id],
      );
      expect(Number(before.rows[0]?.n)).toBeGreaterThan(0);
      // The foreign keys' SET NULL runs as audit_log's owner, inside the owner's function.
      await asApp.query(`select erase_account($1, 'ticket 77: closed at the client''s request')`, [
        client.id,
      ]);
      const after = await asApp.query<{ n: string }>(
        'select count(*)::text as n from audit_log where actor_user_id = $1 or client_id = $2',
        [client.id, client.clientId],
      );
      expect(after.rows[0]?.n).toBe('0');
      const erasure = await asApp.query<{ subject: string }>(
        `select subject from audit_log where action = 'account.erased' order by chain_seq desc limit 1`,
      );
      expect(erasure.rows[0]?.subject).toMatch(/^actor:[0-9a-f]{64} client:[0-9a-f]{64} \| ticket 77/);
      const report = await verifyAuditChain({ db: t.database.db });
      expect(report).toMatchObject({ breaks: 0, erasures: 1 });
      expect(report.erasedReferences).toBeGreaterThan(0);
      // Nor can it forge an erasure row, or erase a staff member's attribution through the function.
      await expect(
        asApp.query(`insert into audit_log (action, subject) values ('account.erased', 'actor:00 | forged')`),
      ).rejects.toThrow(/written only by erase_account/);
      const [staffMember] = await t.database.db
        .select({ id: users.id })
        .from(users)
        .where(ne(users.role, 'client'))
        .limit(1);
      if (!staffMember) throw new Error('no staff member');
      await expect(asApp.query(`select erase_account($1, 'ticket 78')`, [staffMember.id])).rejects.toThrow(
        /is a staff account/,
      );
      expect(await verifyAuditChain({ db: t.database.db })).toMatchObject({ breaks: 0, erasures: 1 });
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

    it('refuses to start when the app role may create roles, replicate or bypass row security', async () => {
      for (const [attribute, problem] of [
        ['CREATEROLE', 'may create roles \\(CREATEROLE\\)'],
        ['REPLICATION', 'may replicate \\(REPLICATION\\)'],
        ['BYPASSRLS', 'bypasses row security \\(BYPASSRLS\\)'],
      ] as const) {
        await admin.query(`alter role ${appRole} ${attribute}`);
        try {
          await expect(open(), attribute).rejects.toThrow(new RegExp(`${appRole} .*${problem}`));
        } finally {
          await admin.query(`alter role ${appRole} NO${attribute}`);
        }
      }
      const fixed = await open();
      await fixed.close();
    });

    it('takes back a DELETE on users or clients granted by hand, at the next start', async () => {
      const superuser = new pg.Client({ connectionString: withUrl(adminUrl, { database: dbName }) });
      await superuser.connect();
      try {
        await superuser.query(`grant delete, truncate on users, clients to ${appRole}`);
        expect((await asApp.query('delete from users where false')).rowCount).toBe(0);
      } finally {
        await superuser.end();
      }
      const again = await open();
      await again.close();
      for (const table of ['users', 'clients']) {
        await expect(asApp.query(`delete from ${table} where false`)).rejects.toThrow(/permission denied/);
      }
    });
  });
}

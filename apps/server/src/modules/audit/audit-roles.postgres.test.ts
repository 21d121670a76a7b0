/**
 * On PostgreSQL, the split between the owner role that migrates and the app's role, which can only read and
 * append to the audit log (F-08), erases accounts only through erase_account(), and is checked at every start.
 */
import { randomBytes } from 'node:crypto';
import { clients, createDatabase, eq, ne, prepareDatabase, SOURCE_MIGRATIONS_DIR, users } from '@taxfirm/db';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { verifyAuditChain } from './audit-chain.ts';
import { SEAL_WAIT_MS, sealAuditLog } from './audit-sealer.ts';
import { adminUrl, clientAndStaffWrites, verifySealed, withUrl } from './testing/chain-kit.ts';

// Roles exist on a PostgreSQL server only; the embedded database has one user and no grants.
describe('database roles (PostgreSQL)', () => {
  const suffix = randomBytes(4).toString('hex');
  const ownerRole = `taxfirm_owner_${suffix}`;
  const appRole = `taxfirm_app_${suffix}`;
  const dbName = `taxfirm_roles_${suffix}`;
  const password = randomBytes(12).toString('hex');
  // Built when the suite runs: on the embedded database there is no server URL to build them from.
  const ownerUrl = () => withUrl(adminUrl, { database: dbName, user: ownerRole, password });
  const appUrl = () => withUrl(adminUrl, { database: dbName, user: appRole, password });
  const admin = new pg.Client({ connectionString: adminUrl });
  let t: TestApp;
  let asApp: pg.Client;

  const open = async () => {
    const database = await createDatabase({ engine: 'postgres', url: appUrl(), migrationUrl: ownerUrl() });
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
    asApp = new pg.Client({ connectionString: appUrl() });
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
    // The app (its own role) seals through the owner's function (ADR 032), as its sealer does.
    await sealAuditLog(t.database.db, { waitForLockMs: SEAL_WAIT_MS });
    const report = await verifyAuditChain({ db: t.database.db, staleAfterSeconds: 0 });
    expect(report.unsealed).toBe(0);
    expect(report.rowsChecked).toBeGreaterThanOrEqual(3);
    expect(report.breaks).toBe(0);
  });

  it('the app role can read and append to the audit log, and nothing else', async () => {
    const appended = await asApp.query<{ id: string; chain_seq: string | null }>(
      `insert into audit_log (action) values ('test.append') returning id, chain_seq`,
    );
    expect(appended.rows[0]?.chain_seq).toBeNull();
    await sealAuditLog(t.database.db, { waitForLockMs: SEAL_WAIT_MS });
    const sealed = await asApp.query<{ chain_seq: string }>('select chain_seq from audit_log where id = $1', [
      appended.rows[0]?.id,
    ]);
    expect(Number(sealed.rows[0]?.chain_seq)).toBeGreaterThan(1);
    await asApp.query(`insert into audit_log (action) values ('test.unsealed')`);
    for (const statement of [
      `update audit_log set subject = 'x'`,
      `update audit_log set chain_seq = 999999, prev_hash = sha256('x'), hash = sha256('y') where chain_seq is null`,
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

  it("the app role reads the due-date rule's rows and cannot change them (migration 0047)", async () => {
    const rules = await asApp.query<{ n: string }>('select count(*)::text as n from due_rules');
    expect(Number(rules.rows[0]?.n)).toBeGreaterThan(0);
    for (const statement of [
      "update due_rules set due_on = '2000-01-01'",
      "insert into due_rules values ('federal', 1999, false, '2000-04-17')",
      'delete from due_rules',
      'truncate due_rules',
    ]) {
      await expect(asApp.query(statement), statement).rejects.toThrow(/permission denied/);
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
    await asApp.query(`select erase_account($1, 'ticket 77: closed at the client''s request')`, [client.id]);
    const after = await asApp.query<{ n: string }>(
      'select count(*)::text as n from audit_log where actor_user_id = $1 or client_id = $2',
      [client.id, client.clientId],
    );
    expect(after.rows[0]?.n).toBe('0');
    const erasure = await asApp.query<{ subject: string }>(
      `select subject from audit_log where action = 'account.erased' order by seq desc limit 1`,
    );
    expect(erasure.rows[0]?.subject).toMatch(/^actor:[0-9a-f]{64} client:[0-9a-f]{64} \| ticket 77/);
    const report = await verifySealed({ db: t.database.db });
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
    expect(await verifySealed({ db: t.database.db })).toMatchObject({ breaks: 0, erasures: 1 });
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

/**
 * The app's database role on PostgreSQL: what it is granted after every migration, and the refusal when it holds
 * more (security review F-08, S2-04).
 */
import type pg from 'pg';

/** The app's database role holds more than its grants: the server refuses to start (message only, no stack). */
export class DatabaseRoleError extends Error {}

/**
 * Give the app's role (DATABASE_URL's user) exactly what the app needs on the owner's schema, and nothing it
 * could use to rewrite history (security review F-08): read and write every table but the audit log, which it
 * may only read and append to, and no DELETE on users or clients (an account is erased through erase_account(),
 * which audits it); no ownership, so no ALTER, DROP or DISABLE TRIGGER. Idempotent, run as the owner
 * after every migration in one transaction, so the grants also cover tables a migration just made. Refuses
 * (throws) when the separation would be void: the app's role is a superuser or a member of the owner, owns
 * something, may create in the schema or create roles, replicates, bypasses row security, or still holds a write
 * on the audit log (or a delete on users or clients) granted by some other role.
 */
export async function grantAppRole(owner: pg.Client, appRole: string): Promise<void> {
  const refuse = (problems: string[]) => {
    if (problems.length === 0) return;
    throw new DatabaseRoleError(
      `The app's database role ${appRole} (DATABASE_URL) must hold no more than its grants, but it ` +
        `${problems.join('; ')}. See docs/operations.md, "Database roles and the audit chain".`,
    );
  };
  const before = await owner.query<{ problem: string }>(
    `select 'is a superuser' as problem from pg_roles where rolname = $1 and rolsuper
     union all
     select 'is a member of the owner role ' || current_user where pg_has_role($1, current_user, 'MEMBER')
     union all
     select 'owns ' || c.relname from pg_class c
      where c.relnamespace = 'public'::regnamespace and pg_get_userbyid(c.relowner) = $1
     union all
     select 'owns function ' || p.proname from pg_proc p
      where p.pronamespace = 'public'::regnamespace and pg_get_userbyid(p.proowner) = $1
     union all
     select 'may create objects in schema public' where has_schema_privilege($1, 'public', 'CREATE')
     union all
     -- CREATEROLE could (up to PostgreSQL 15) grant itself the owner role; REPLICATION reads every row through
     -- a replication connection; BYPASSRLS skips row security (security review S2-04).
     select 'may create roles (CREATEROLE)' from pg_roles where rolname = $1 and rolcreaterole
     union all
     select 'may replicate (REPLICATION)' from pg_roles where rolname = $1 and rolreplication
     union all
     select 'bypasses row security (BYPASSRLS)' from pg_roles where rolname = $1 and rolbypassrls`,
    [appRole],
  );
  refuse(before.rows.map((r) => r.problem));
  const role = owner.escapeIdentifier(appRole);
  await owner.query('begin');
  try {
    // Revoking first makes the grants exact, whatever an earlier version or an operator granted as the owner.
    await owner.query(`revoke all on all tables in schema public from ${role}`);
    await owner.query(`revoke all on all sequences in schema public from ${role}`);
    await owner.query(`grant usage on schema public to ${role}`);
    await owner.query(`grant select, insert, update, delete on all tables in schema public to ${role}`);
    await owner.query(`revoke update, delete, truncate on audit_log from ${role}`);
    // The due-date rule's rows are the contract's, written by migrations only (migration 0047).
    await owner.query(`revoke insert, update, delete, truncate on due_rules from ${role}`);
    // An account is erased only through erase_account() (migration 0025), which audits it: deleting a user or
    // a client directly would strip their name from the audit log unrecorded (security review S2-04).
    await owner.query(`revoke delete, truncate on users, clients from ${role}`);
    await owner.query(`grant usage, select on all sequences in schema public to ${role}`);
    await owner.query(`grant execute on all functions in schema public to ${role}`);
    await owner.query('commit');
  } catch (error) {
    await owner.query('rollback').catch(() => {});
    throw error;
  }
  // A grant made by another role (a superuser) survives the owner's revoke.
  const after = await owner.query<{ problem: string }>(
    `select 'may update, delete, truncate or add triggers to audit_log (granted by another role)' as problem
      where has_table_privilege($1, 'audit_log', 'UPDATE, DELETE, TRUNCATE, TRIGGER, REFERENCES')
     union all
     select 'may delete from ' || t || ' (granted by another role; erase accounts with erase_account())'
       from unnest(array['users', 'clients']) t where has_table_privilege($1, t, 'DELETE, TRUNCATE')`,
    [appRole],
  );
  refuse(after.rows.map((r) => r.problem));
}

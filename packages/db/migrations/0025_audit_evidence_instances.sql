-- Hand-written (security review 2: S2-04, S2-11).
--
-- 1. The chain trigger dates every row itself (S2-04, back-dating). created_at is clock_timestamp() read after
-- the chain's advisory lock is taken, never raised above the previous row's: rows come out in chain_seq order
-- and never go back in time, whatever a writer sent. Not now(): that is the transaction's start, and a
-- transaction that began first may take the lock last, so now() would run backwards along the chain whenever
-- two audit-writing transactions overlap. greatest() keeps the order when the server's clock is stepped back
-- (NTP): a row is then dated like the one before it, never before it.
CREATE OR REPLACE FUNCTION audit_log_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last_seq bigint;
  last_hash bytea;
  last_at timestamptz;
BEGIN
  -- An erasure row is written only by erase_account() (and this migration), both as audit_log's owner: the
  -- app role cannot forge one to make a reference it nulled look erased.
  IF NEW.action = 'account.erased'
     AND current_user <> (SELECT pg_get_userbyid(relowner) FROM pg_class WHERE oid = 'audit_log'::regclass) THEN
    RAISE EXCEPTION 'audit_log: account.erased is written only by erase_account()'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  PERFORM pg_advisory_xact_lock(4224023);
  SELECT chain_seq, hash, created_at INTO last_seq, last_hash, last_at
    FROM audit_log ORDER BY chain_seq DESC LIMIT 1;
  NEW.created_at := greatest(clock_timestamp(), last_at);
  NEW.chain_seq := coalesce(last_seq, 0) + 1;
  NEW.prev_hash := coalesce(last_hash, decode(repeat('00', 32), 'hex'));
  NEW.ref_digests := audit_log_ref_digests(NEW.actor_user_id, NEW.client_id);
  NEW.hash := audit_log_hash(NEW.prev_hash, NEW.id, NEW.action, NEW.subject, NEW.ip, NEW.user_agent,
    NEW.created_at, NEW.ref_digests);
  RETURN NEW;
END $$;--> statement-breakpoint
-- Rows written before this migration were dated by their writers (now(), the season bench's spread, a test's
-- fixed date), so they need not be in time order. `npm run audit:verify` checks the order from the first row
-- the trigger above dated: this function returns its chain_seq, fixed here (an owner-owned function, which the
-- app role can neither replace nor change, unlike a table row).
DO $$
DECLARE
  first_dated bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(4224023);
  SELECT coalesce(max(chain_seq), 0) + 1 INTO first_dated FROM audit_log;
  EXECUTE format(
    'CREATE FUNCTION audit_log_time_ordered_from() RETURNS bigint LANGUAGE sql IMMUTABLE AS %L',
    'SELECT ' || first_dated::text || '::bigint');
END $$;--> statement-breakpoint
-- 2. Erasing an account (S2-04, attribution). The app role may no longer DELETE from users or clients
-- (packages/db/src/client.ts revokes it); an account is erased only here, as the owner, and the erasure is
-- itself in the chain: an `account.erased` row whose subject names the digests the erased references keep in
-- their rows' ref_digests (`actor:<hex> client:<hex> | <reason>`), so `audit:verify` can tell a reference
-- erased this way from one nulled behind the log's back. The account's own rows then lose their references
-- (the foreign keys' SET NULL), as before. A client with invoices or payments cannot be erased (their foreign
-- keys RESTRICT): the firm keeps those records.
CREATE FUNCTION erase_account(target uuid, reason text) RETURNS uuid
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  target_client uuid;
  digests bytea;
  erasure uuid;
BEGIN
  IF reason IS NULL OR btrim(reason) = '' THEN
    RAISE EXCEPTION 'erase_account: a reason is required' USING ERRCODE = 'invalid_parameter_value';
  END IF;
  PERFORM 1 FROM users WHERE id = target FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'erase_account: no account %', target USING ERRCODE = 'no_data_found';
  END IF;
  -- Clients only: a staff member's name on the log is the firm's record of who did what (a staff account is
  -- deactivated, never erased), so a leaked app role cannot strip an admin's attribution this way.
  PERFORM 1 FROM users WHERE id = target AND role <> 'client';
  IF FOUND THEN
    RAISE EXCEPTION 'erase_account: % is a staff account', target USING ERRCODE = 'insufficient_privilege';
  END IF;
  SELECT id INTO target_client FROM clients WHERE user_id = target;
  digests := audit_log_ref_digests(target, target_client);
  INSERT INTO audit_log (action, subject)
  VALUES ('account.erased',
    'actor:' || encode(substring(digests FROM 1 FOR 32), 'hex')
      || CASE WHEN target_client IS NULL THEN ''
           ELSE ' client:' || encode(substring(digests FROM 33 FOR 32), 'hex') END
      || ' | ' || btrim(reason))
  RETURNING id INTO erasure;
  DELETE FROM users WHERE id = target;
  RETURN erasure;
END $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION erase_account(uuid, text) FROM PUBLIC;--> statement-breakpoint
-- References nulled before this release (accounts deleted directly, which the app role could do until now)
-- have no erasure row: one per reference found erased, written now and saying so, keeps `audit:verify` whole
-- on an existing log without hiding that those erasures happened outside erase_account.
INSERT INTO audit_log (action, subject)
SELECT 'account.erased', token || ' | found erased by migration 0025 (deleted before erasures were audited)'
  FROM (
    SELECT DISTINCT 'actor:' || encode(substring(ref_digests FROM 1 FOR 32), 'hex') AS token
      FROM audit_log
     WHERE actor_user_id IS NULL
       AND substring(ref_digests FROM 1 FOR 32) <> substring(audit_log_ref_digests(NULL, NULL) FROM 1 FOR 32)
    UNION
    SELECT DISTINCT 'client:' || encode(substring(ref_digests FROM 33 FOR 32), 'hex')
      FROM audit_log
     WHERE client_id IS NULL
       AND substring(ref_digests FROM 33 FOR 32) <> substring(audit_log_ref_digests(NULL, NULL) FROM 33 FOR 32)
  ) erased
 ORDER BY token;--> statement-breakpoint
-- 3. Instances announce themselves (S2-11). Each server process on PostgreSQL inserts its row at start,
-- refreshes seen_at while it runs and deletes the row when it stops (apps/server/src/lib/instances.ts); a start
-- that would make more live instances than INSTANCES declares, or more than one with rate limits in memory, is
-- refused. The embedded database needs none of this: its data-directory lock already allows one process.
CREATE TABLE "server_instances" (
  "id" uuid PRIMARY KEY NOT NULL,
  "host" text NOT NULL,
  "pid" integer NOT NULL,
  "rate_limits" text NOT NULL,
  "started_at" timestamp with time zone DEFAULT now() NOT NULL,
  "seen_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "server_instances_rate_limits_check" CHECK ("server_instances"."rate_limits" in ('memory', 'redis'))
);

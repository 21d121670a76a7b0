ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_chained";--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "chain_seq" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "chain_seq" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "prev_hash" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "prev_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "hash" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "hash" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_log_unsealed_idx" ON "audit_log" USING btree ("created_at","seq") WHERE "audit_log"."chain_seq" is null;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_ref_digests_set" CHECK (octet_length("audit_log"."ref_digests") = 64);--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_chained" CHECK (("audit_log"."chain_seq" is null and "audit_log"."prev_hash" is null and "audit_log"."hash" is null) or ("audit_log"."chain_seq" > 0 and "audit_log"."prev_hash" is not null and "audit_log"."hash" is not null and octet_length("audit_log"."prev_hash") = 32 and octet_length("audit_log"."hash") = 32));--> statement-breakpoint
-- Hand-written from here (issue 39, ADR 032: the audit chain off the request's path).
--
-- 1. An insert no longer chains. Until now the BEFORE INSERT trigger took one exclusive advisory lock and
-- chained the row at once, so every audit-writing transaction in the firm waited in one line from its audit
-- row until it committed, and two of them touching the same rows in opposite orders could deadlock (ADR 022).
-- Now the trigger only stamps the row: its date (the database's clock, never before the newest row's, so a
-- writer still cannot back-date it: S2-04), its references' digests, and no chain values whatever the writer
-- sent. It also takes a SHARED advisory lock keyed by the second it writes in (seconds since 2020-01-01):
-- shared locks never wait for each other, and while the transaction is open the lock tells the sealer, through
-- pg_locks (readable by every role), that a row dated from that second on may still commit.
CREATE OR REPLACE FUNCTION audit_log_chain() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An erasure row is written only by erase_account() (and migration 0025), both as audit_log's owner.
  IF NEW.action = 'account.erased'
     AND current_user <> (SELECT pg_get_userbyid(relowner) FROM pg_class WHERE oid = 'audit_log'::regclass) THEN
    RAISE EXCEPTION 'audit_log: account.erased is written only by erase_account()'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  -- Once per transaction (the first row's second bounds all of its rows); a setting made with is_local is
  -- undone with a rolled-back savepoint, as the lock taken in it is released.
  IF current_setting('taxfirm.audit_locked', true) IS DISTINCT FROM '1' THEN
    PERFORM pg_advisory_xact_lock_shared(4224023,
      (floor(extract(epoch FROM clock_timestamp())) - 1577836800)::integer);
    PERFORM set_config('taxfirm.audit_locked', '1', true);
  END IF;
  NEW.created_at := greatest(clock_timestamp(), (SELECT max(created_at) FROM audit_log));
  NEW.chain_seq := NULL;
  NEW.prev_hash := NULL;
  NEW.hash := NULL;
  NEW.ref_digests := audit_log_ref_digests(NEW.actor_user_id, NEW.client_id);
  RETURN NEW;
END $$;--> statement-breakpoint
-- 2. The one update the log allows besides an erased reference: sealing a row once. Its content and
-- references stay as written; only the three chain columns go from null to a value. The app role has no
-- UPDATE grant on audit_log: it seals only through audit_log_seal() below.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND OLD.chain_seq IS NULL AND NEW.chain_seq IS NOT NULL
    AND NEW.id IS NOT DISTINCT FROM OLD.id
    AND NEW.action IS NOT DISTINCT FROM OLD.action
    AND NEW.subject IS NOT DISTINCT FROM OLD.subject
    AND NEW.ip IS NOT DISTINCT FROM OLD.ip
    AND NEW.user_agent IS NOT DISTINCT FROM OLD.user_agent
    AND NEW.created_at IS NOT DISTINCT FROM OLD.created_at
    AND NEW.ref_digests IS NOT DISTINCT FROM OLD.ref_digests
    AND NEW.actor_user_id IS NOT DISTINCT FROM OLD.actor_user_id
    AND NEW.client_id IS NOT DISTINCT FROM OLD.client_id
  THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'DELETE' OR TG_OP = 'TRUNCATE' OR pg_trigger_depth() < 2
    OR NEW.id IS DISTINCT FROM OLD.id
    OR NEW.action IS DISTINCT FROM OLD.action
    OR NEW.subject IS DISTINCT FROM OLD.subject
    OR NEW.ip IS DISTINCT FROM OLD.ip
    OR NEW.user_agent IS DISTINCT FROM OLD.user_agent
    OR NEW.created_at IS DISTINCT FROM OLD.created_at
    OR NEW.chain_seq IS DISTINCT FROM OLD.chain_seq
    OR NEW.prev_hash IS DISTINCT FROM OLD.prev_hash
    OR NEW.hash IS DISTINCT FROM OLD.hash
    OR NEW.ref_digests IS DISTINCT FROM OLD.ref_digests
    OR (NEW.actor_user_id IS NOT NULL AND NEW.actor_user_id IS DISTINCT FROM OLD.actor_user_id)
    OR (NEW.client_id IS NOT NULL AND NEW.client_id IS DISTINCT FROM OLD.client_id)
  THEN
    RAISE EXCEPTION 'audit_log is append-only';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
-- 3. The sealer: seals up to max_rows committed rows, oldest first, and returns how many (-1 when another
-- sealer holds the lock: one at a time across every instance, and a caller never waits for it). One
-- transaction: a sealer killed mid-batch seals nothing, and the next one starts from the same head.
--
-- The horizon: a row is sealed only when it is dated before every audit row that could still commit. An open
-- audit-writing transaction holds the shared lock of the second it first wrote in, so the oldest such second
-- (or now, when none is open) bounds what is safe: every row dated before it is committed or rolled back, and
-- every row that commits later is dated after it. So the chain's order is created_at's order and time never
-- goes back along it (audit:verify's S2-04 rule holds as before), and a rolled-back row never took a chain_seq:
-- no gap. The row query runs after the horizon is read (a new snapshot per statement), so it sees every row
-- whose lock was gone by then: so it runs under READ COMMITTED only (a REPEATABLE READ snapshot, taken before
-- the locks are read, could miss a row committed meanwhile and seal a later one before it). The clock is read
-- before the locks, in its own statement; a prepared transaction's lock (pid null) counts; other databases'
-- writers do not.
CREATE FUNCTION audit_log_seal(max_rows integer) RETURNS integer
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  now_at timestamptz;
  oldest_open timestamptz;
  horizon timestamptz;
  last_seq bigint;
  last_hash bytea;
  r record;
  next_hash bytea;
  sealed integer := 0;
BEGIN
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    RAISE EXCEPTION 'audit_log_seal() runs only under READ COMMITTED'
      USING ERRCODE = 'invalid_transaction_state';
  END IF;
  IF NOT pg_try_advisory_xact_lock(4224024) THEN
    RETURN -1;
  END IF;
  now_at := clock_timestamp();
  SELECT to_timestamp(1577836800 + min(objid::bigint)) INTO oldest_open
    FROM pg_locks
   WHERE locktype = 'advisory' AND classid = 4224023 AND objsubid = 2
     AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
     AND pid IS DISTINCT FROM pg_backend_pid();
  horizon := least(now_at, oldest_open);
  SELECT chain_seq, hash INTO last_seq, last_hash
    FROM audit_log WHERE chain_seq IS NOT NULL ORDER BY chain_seq DESC LIMIT 1;
  last_seq := coalesce(last_seq, 0);
  last_hash := coalesce(last_hash, decode(repeat('00', 32), 'hex'));
  FOR r IN SELECT id, action, subject, ip, user_agent, created_at, ref_digests
             FROM audit_log
            WHERE chain_seq IS NULL AND created_at <= horizon
            ORDER BY created_at, seq
            LIMIT max_rows LOOP
    next_hash := audit_log_hash(last_hash, r.id, r.action, r.subject, r.ip, r.user_agent, r.created_at,
      r.ref_digests);
    last_seq := last_seq + 1;
    UPDATE audit_log SET chain_seq = last_seq, prev_hash = last_hash, hash = next_hash WHERE id = r.id;
    last_hash := next_hash;
    sealed := sealed + 1;
  END LOOP;
  RETURN sealed;
END $$;

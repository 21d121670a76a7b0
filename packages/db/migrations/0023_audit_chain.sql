ALTER TABLE "audit_log" ADD COLUMN "chain_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" "bytea" DEFAULT ''::bytea NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" "bytea" DEFAULT ''::bytea NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "ref_digests" "bytea" DEFAULT ''::bytea NOT NULL;--> statement-breakpoint
-- Hand-written from here (the two constraints drizzle-kit generated come last: existing rows meet them only once
-- the backfill below has chained them).
--
-- The audit log's hash chain (security review F-08). Each row carries the hash of the row before it, so a row
-- changed, removed or slipped in anywhere but at the end breaks the chain; `npm run audit:verify` walks it, and
-- the operator records the head outside the database, which covers the end (docs/operations.md). The hash is
-- sha256(prev_hash || content), where content (version 1; modules/audit/audit-chain.ts encodes the same in Node) is
--   uuid_send(id) || f(action) || f(subject) || f(ip) || f(user_agent)
--     || int8send(created_at in microseconds since 1970-01-01 UTC) || ref_digests
-- with f(NULL) = 0x00 and f(text) = 0x01 || int4send(its UTF-8 length) || its UTF-8 bytes.
CREATE FUNCTION audit_log_field(value text) RETURNS bytea LANGUAGE sql AS $$
  SELECT CASE WHEN value IS NULL THEN '\x00'::bytea
    ELSE '\x01'::bytea || int4send(octet_length(convert_to(value, 'UTF8'))) || convert_to(value, 'UTF8') END
$$;--> statement-breakpoint
-- The references' digests, taken at insert: an account's erasure sets actor_user_id or client_id to null (the
-- foreign keys' SET NULL), which the chain must allow; the digest still shows a reference was there, and that a
-- reference still present is the one written.
CREATE FUNCTION audit_log_ref_digests(actor_user_id uuid, client_id uuid) RETURNS bytea LANGUAGE sql AS $$
  SELECT sha256(convert_to('actor:' || coalesce(actor_user_id::text, ''), 'UTF8'))
      || sha256(convert_to('client:' || coalesce(client_id::text, ''), 'UTF8'))
$$;--> statement-breakpoint
CREATE FUNCTION audit_log_hash(
  prev_hash bytea, id uuid, action text, subject text, ip text, user_agent text, created_at timestamptz,
  ref_digests bytea
) RETURNS bytea LANGUAGE sql AS $$
  SELECT sha256(prev_hash || uuid_send(id) || audit_log_field(action) || audit_log_field(subject)
    || audit_log_field(ip) || audit_log_field(user_agent)
    || int8send((extract(epoch FROM created_at) * 1000000)::bigint) || ref_digests)
$$;--> statement-breakpoint
-- Every insert, by any writer on any instance, joins the chain here, whatever values it sent for the chain's
-- columns. The transaction-scoped advisory lock serialises audit-writing transactions from their first audit
-- row until they commit or roll back: that is the price of a strict chain (each chain_seq once, each row linked
-- to the one committed before it), so a transaction should write its audit rows late and not linger after.
-- Under READ COMMITTED (the app's level) the query after the lock sees the row the previous holder committed;
-- a REPEATABLE READ writer could not, and the unique chain_seq refuses its row rather than fork the chain.
CREATE FUNCTION audit_log_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last_seq bigint;
  last_hash bytea;
BEGIN
  PERFORM pg_advisory_xact_lock(4224023);
  SELECT chain_seq, hash INTO last_seq, last_hash FROM audit_log ORDER BY chain_seq DESC LIMIT 1;
  NEW.chain_seq := coalesce(last_seq, 0) + 1;
  NEW.prev_hash := coalesce(last_hash, decode(repeat('00', 32), 'hex'));
  NEW.ref_digests := audit_log_ref_digests(NEW.actor_user_id, NEW.client_id);
  NEW.hash := audit_log_hash(NEW.prev_hash, NEW.id, NEW.action, NEW.subject, NEW.ip, NEW.user_agent,
    NEW.created_at, NEW.ref_digests);
  RETURN NEW;
END $$;--> statement-breakpoint
-- The existing rows, chained in the order they were written. Their references already erased chain as never
-- set. The append-only trigger is off for this one update and back on below, in the same transaction.
ALTER TABLE "audit_log" DISABLE TRIGGER audit_log_append_only;--> statement-breakpoint
DO $$
DECLARE
  r record;
  n bigint := 0;
  prev bytea := decode(repeat('00', 32), 'hex');
  digests bytea;
BEGIN
  FOR r IN SELECT id, action, subject, ip, user_agent, created_at, actor_user_id, client_id
             FROM audit_log ORDER BY seq LOOP
    n := n + 1;
    digests := audit_log_ref_digests(r.actor_user_id, r.client_id);
    UPDATE audit_log
       SET chain_seq = n, prev_hash = prev, ref_digests = digests,
           hash = audit_log_hash(prev, r.id, r.action, r.subject, r.ip, r.user_agent, r.created_at, digests)
     WHERE id = r.id
    RETURNING hash INTO prev;
  END LOOP;
END $$;--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE TRIGGER audit_log_append_only;--> statement-breakpoint
CREATE TRIGGER audit_log_chain BEFORE INSERT ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION audit_log_chain();--> statement-breakpoint
-- The append-only rule (0013) now also covers the chain's columns.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
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
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_chain_seq_key" UNIQUE("chain_seq");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_chained" CHECK ("audit_log"."chain_seq" > 0 and octet_length("audit_log"."prev_hash") = 32 and octet_length("audit_log"."hash") = 32 and octet_length("audit_log"."ref_digests") = 64);

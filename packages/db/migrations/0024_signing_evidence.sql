-- Security review 2, S2-06 and S2-07 (hand-written).
--
-- S2-06: wrong signing codes are counted per signer across codes (a new code no longer clears the count); after
-- SIGNATURE_FAILED_CODES_LOCK of them the document is locked until staff reopen it.
ALTER TABLE "signature_signers" ADD COLUMN "failed_codes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "signature_documents" ADD COLUMN "locked_at" timestamp with time zone;--> statement-breakpoint
-- S2-07: a signed document is evidence. Besides its keys and hashes (0019), its status never changes once
-- signed, a document only becomes signed with its signed file's key and hash, and it is never deleted; a signer
-- row that has signed keeps its evidence (time, IP, user agent, verification, signature, openings, who and
-- where): only its drawn image may be dropped once it is in the signed file, and its link may be revoked.
-- Foreign keys' own actions (depth 2) are refused too: erasing a client with a signed document is an owner's
-- deliberate act, not a side effect.
CREATE OR REPLACE FUNCTION signature_documents_signed_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.status = 'signed' OR OLD.signed_storage_key IS NOT NULL THEN
      RAISE EXCEPTION 'a signed document is never deleted';
    END IF;
    RETURN OLD;
  END IF;
  IF (OLD.status = 'signed' OR OLD.signed_storage_key IS NOT NULL) AND (
    NEW.status IS DISTINCT FROM OLD.status
    OR NEW.signed_storage_key IS DISTINCT FROM OLD.signed_storage_key
    OR NEW.signed_sha256 IS DISTINCT FROM OLD.signed_sha256
    OR NEW.signed_size IS DISTINCT FROM OLD.signed_size
    OR NEW.signed_at IS DISTINCT FROM OLD.signed_at
    OR NEW.storage_key IS DISTINCT FROM OLD.storage_key
    OR NEW.sha256 IS DISTINCT FROM OLD.sha256
    OR NEW.return_storage_key IS DISTINCT FROM OLD.return_storage_key
    OR NEW.return_sha256 IS DISTINCT FROM OLD.return_sha256
    OR NEW.client_id IS DISTINCT FROM OLD.client_id
    OR NEW.filing_id IS DISTINCT FROM OLD.filing_id
    OR NEW.title IS DISTINCT FROM OLD.title
    OR NEW.kind IS DISTINCT FROM OLD.kind
    OR NEW.original_name IS DISTINCT FROM OLD.original_name
    OR NEW.size IS DISTINCT FROM OLD.size)
  THEN
    RAISE EXCEPTION 'a signed document is never changed';
  END IF;
  IF NEW.status = 'signed' AND (NEW.signed_storage_key IS NULL OR NEW.signed_sha256 IS NULL) THEN
    RAISE EXCEPTION 'a document is signed only with its signed file';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
DROP TRIGGER "signature_documents_signed_once" ON "signature_documents";--> statement-breakpoint
CREATE TRIGGER signature_documents_signed_once BEFORE UPDATE OR DELETE ON "signature_documents"
  FOR EACH ROW EXECUTE FUNCTION signature_documents_signed_once();--> statement-breakpoint
CREATE FUNCTION signature_signers_signed_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.signed_at IS NULL THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'a signature is never deleted';
  END IF;
  IF NEW.document_id IS DISTINCT FROM OLD.document_id
    OR NEW.client_id IS DISTINCT FROM OLD.client_id
    OR NEW.role IS DISTINCT FROM OLD.role
    OR NEW.name IS DISTINCT FROM OLD.name
    OR NEW.email IS DISTINCT FROM OLD.email
    OR NEW.signature_placement IS DISTINCT FROM OLD.signature_placement
    OR NEW.date_placement IS DISTINCT FROM OLD.date_placement
    OR NEW.opened_at IS DISTINCT FROM OLD.opened_at
    OR NEW.return_opened_at IS DISTINCT FROM OLD.return_opened_at
    OR NEW.signature_kind IS DISTINCT FROM OLD.signature_kind
    OR NEW.signature_text IS DISTINCT FROM OLD.signature_text
    OR (NEW.signature_png IS DISTINCT FROM OLD.signature_png AND NEW.signature_png IS NOT NULL)
    OR NEW.signed_at IS DISTINCT FROM OLD.signed_at
    OR NEW.ip IS DISTINCT FROM OLD.ip
    OR NEW.user_agent IS DISTINCT FROM OLD.user_agent
    OR NEW.signed_via IS DISTINCT FROM OLD.signed_via
    OR NEW.verification IS DISTINCT FROM OLD.verification
  THEN
    RAISE EXCEPTION 'a signature is never changed';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER signature_signers_signed_once BEFORE UPDATE OR DELETE ON "signature_signers"
  FOR EACH ROW EXECUTE FUNCTION signature_signers_signed_once();

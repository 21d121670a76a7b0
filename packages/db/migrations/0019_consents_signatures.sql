CREATE TYPE "public"."staff_location" AS ENUM('us', 'offshore');--> statement-breakpoint
CREATE TYPE "public"."consent_kind" AS ENUM('terms', 'offshore_disclosure');--> statement-breakpoint
CREATE TYPE "public"."signature_document_kind" AS ENUM('engagement', '8879', 'other');--> statement-breakpoint
CREATE TYPE "public"."signature_document_status" AS ENUM('pending', 'signed', 'paper', 'void');--> statement-breakpoint
CREATE TYPE "public"."signer_role" AS ENUM('taxpayer', 'spouse');--> statement-breakpoint
CREATE TABLE "consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"user_id" uuid,
	"kind" "consent_kind" NOT NULL,
	"version" text NOT NULL,
	"granted" boolean NOT NULL,
	"signature" text,
	"expires_at" timestamp with time zone,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seq" integer GENERATED ALWAYS AS IDENTITY (sequence name "consents_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1)
);
--> statement-breakpoint
CREATE TABLE "signature_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"filing_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"kind" "signature_document_kind" NOT NULL,
	"title" text NOT NULL,
	"status" "signature_document_status" DEFAULT 'pending' NOT NULL,
	"original_name" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"return_name" text,
	"return_size" integer,
	"return_storage_key" text,
	"return_sha256" text,
	"signed_storage_key" text,
	"signed_sha256" text,
	"signed_size" integer,
	"signed_at" timestamp with time zone,
	"paper_item_id" uuid,
	"voided_at" timestamp with time zone,
	"voided_by" uuid,
	"void_reason" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"last_reminded_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signature_documents_storageKey_unique" UNIQUE("storage_key"),
	CONSTRAINT "signature_documents_returnStorageKey_unique" UNIQUE("return_storage_key"),
	CONSTRAINT "signature_documents_signedStorageKey_unique" UNIQUE("signed_storage_key")
);
--> statement-breakpoint
CREATE TABLE "signature_signers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"role" "signer_role" NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"signature_placement" jsonb NOT NULL,
	"date_placement" jsonb NOT NULL,
	"link_token_hash" text,
	"link_expires_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"return_opened_at" timestamp with time zone,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"signature_kind" text,
	"signature_text" text,
	"signature_png" text,
	"signed_at" timestamp with time zone,
	"ip" text,
	"user_agent" text,
	"signed_via" text,
	"verification" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signature_signers_linkTokenHash_unique" UNIQUE("link_token_hash")
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "offshore_consent" boolean;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "offshore_consent_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "location" "staff_location" DEFAULT 'us' NOT NULL;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_documents" ADD CONSTRAINT "signature_documents_filing_id_filings_id_fk" FOREIGN KEY ("filing_id") REFERENCES "public"."filings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_documents" ADD CONSTRAINT "signature_documents_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_documents" ADD CONSTRAINT "signature_documents_paper_item_id_request_items_id_fk" FOREIGN KEY ("paper_item_id") REFERENCES "public"."request_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_documents" ADD CONSTRAINT "signature_documents_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_documents" ADD CONSTRAINT "signature_documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_signers" ADD CONSTRAINT "signature_signers_document_id_signature_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."signature_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_signers" ADD CONSTRAINT "signature_signers_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consents_client_kind_idx" ON "consents" USING btree ("client_id","kind","seq");--> statement-breakpoint
CREATE INDEX "signature_documents_client_filing_idx" ON "signature_documents" USING btree ("client_id","filing_id","created_at");--> statement-breakpoint
CREATE INDEX "signature_documents_pending_idx" ON "signature_documents" USING btree ("filing_id") WHERE "signature_documents"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "signature_signers_document_idx" ON "signature_signers" USING btree ("document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "signature_signers_document_role_idx" ON "signature_signers" USING btree ("document_id","role");--> statement-breakpoint-- Consents are append-only: a changed answer is a new row. Only the foreign keys' own actions (an erased
-- account's cascade or "set null", depth 2) may touch a row.
CREATE FUNCTION consents_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'consents are append-only';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END;
$$;--> statement-breakpoint
CREATE TRIGGER consents_append_only BEFORE UPDATE OR DELETE ON "consents"
  FOR EACH ROW EXECUTE FUNCTION consents_append_only();--> statement-breakpoint
-- A signed file is written once: its key and hash never change afterwards (a correction is a new document).
CREATE FUNCTION signature_documents_signed_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.signed_storage_key IS NOT NULL AND (
    NEW.signed_storage_key IS DISTINCT FROM OLD.signed_storage_key
    OR NEW.signed_sha256 IS DISTINCT FROM OLD.signed_sha256
    OR NEW.storage_key IS DISTINCT FROM OLD.storage_key
    OR NEW.sha256 IS DISTINCT FROM OLD.sha256)
  THEN
    RAISE EXCEPTION 'a signed document is never changed';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER signature_documents_signed_once BEFORE UPDATE ON "signature_documents"
  FOR EACH ROW EXECUTE FUNCTION signature_documents_signed_once();

CREATE TABLE "work_candidates" (
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"filing_id" uuid NOT NULL,
	"tax_year" integer NOT NULL,
	"analyst_id" uuid,
	"person_id" uuid,
	"at" timestamp with time zone,
	"due" date,
	"sort_at" timestamp with time zone NOT NULL,
	"file_status" text NOT NULL,
	"title" text,
	"amount" integer,
	"currency" text,
	"target" text,
	CONSTRAINT "work_candidates_tax_year_key_pk" PRIMARY KEY("tax_year","key")
);
--> statement-breakpoint
CREATE TABLE "work_stale" (
	"filing_id" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "work_candidates" ADD CONSTRAINT "work_candidates_filing_id_filings_id_fk" FOREIGN KEY ("filing_id") REFERENCES "public"."filings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "work_candidates_person_idx" ON "work_candidates" USING btree ("tax_year","person_id","sort_at","key","kind","at","due","file_status","analyst_id","filing_id");--> statement-breakpoint
CREATE INDEX "work_candidates_unassigned_idx" ON "work_candidates" USING btree ("tax_year","sort_at","key","kind","at","due","file_status","analyst_id","filing_id") WHERE "work_candidates"."person_id" is null;--> statement-breakpoint
CREATE INDEX "work_candidates_filing_idx" ON "work_candidates" USING btree ("filing_id");--> statement-breakpoint
-- My work's candidates (ADR 026) are worked out again for every file whose data changed: each statement that
-- writes a table a rule reads (the app, a cascade, retention, the season bench's generator) names the files it
-- touched in work_stale, and the next read of My work consumes those rows. Statement-level with transition tables:
-- one insert per statement, however many rows it changed.
CREATE FUNCTION work_stale_filings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "work_stale" ("filing_id") SELECT DISTINCT "id" FROM changed;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION work_stale_by_filing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "work_stale" ("filing_id") SELECT DISTINCT "filing_id" FROM changed WHERE "filing_id" IS NOT NULL;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION work_stale_by_client() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "work_stale" ("filing_id")
    SELECT f."id" FROM "filings" f WHERE f."client_id" IN (SELECT DISTINCT "client_id" FROM changed);
  RETURN NULL;
END $$;--> statement-breakpoint
-- A deliverable is its owner's while the owner is an admin: a change of role moves their deliverables' items.
CREATE FUNCTION work_stale_by_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "work_stale" ("filing_id")
    SELECT DISTINCT d."filing_id" FROM "deliverables" d
     WHERE d."owner_id" IN (SELECT n."id" FROM new_rows n JOIN old_rows o ON o."id" = n."id" WHERE n."role" IS DISTINCT FROM o."role");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER filings_work_insert AFTER INSERT ON "filings"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION work_stale_filings();--> statement-breakpoint
CREATE TRIGGER filings_work_update AFTER UPDATE ON "filings"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION work_stale_filings();--> statement-breakpoint
CREATE TRIGGER deliverables_work_insert AFTER INSERT ON "deliverables"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION work_stale_by_filing();--> statement-breakpoint
CREATE TRIGGER deliverables_work_update AFTER UPDATE ON "deliverables"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION work_stale_by_filing();--> statement-breakpoint
CREATE TRIGGER deliverables_work_delete AFTER DELETE ON "deliverables"
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION work_stale_by_filing();--> statement-breakpoint
CREATE TRIGGER request_items_work_insert AFTER INSERT ON "request_items"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION work_stale_by_filing();--> statement-breakpoint
CREATE TRIGGER request_items_work_update AFTER UPDATE ON "request_items"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION work_stale_by_filing();--> statement-breakpoint
CREATE TRIGGER request_items_work_delete AFTER DELETE ON "request_items"
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION work_stale_by_filing();--> statement-breakpoint
CREATE TRIGGER signature_documents_work_insert AFTER INSERT ON "signature_documents"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION work_stale_by_filing();--> statement-breakpoint
CREATE TRIGGER signature_documents_work_update AFTER UPDATE ON "signature_documents"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION work_stale_by_filing();--> statement-breakpoint
CREATE TRIGGER signature_documents_work_delete AFTER DELETE ON "signature_documents"
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION work_stale_by_filing();--> statement-breakpoint
CREATE TRIGGER payments_work_insert AFTER INSERT ON "payments"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION work_stale_by_filing();--> statement-breakpoint
CREATE TRIGGER payments_work_update AFTER UPDATE ON "payments"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION work_stale_by_filing();--> statement-breakpoint
CREATE TRIGGER payments_work_delete AFTER DELETE ON "payments"
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION work_stale_by_filing();--> statement-breakpoint
CREATE TRIGGER invoices_work_insert AFTER INSERT ON "invoices"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION work_stale_by_filing();--> statement-breakpoint
CREATE TRIGGER invoices_work_update AFTER UPDATE ON "invoices"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION work_stale_by_filing();--> statement-breakpoint
CREATE TRIGGER invoices_work_delete AFTER DELETE ON "invoices"
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION work_stale_by_filing();--> statement-breakpoint
CREATE TRIGGER messages_work_insert AFTER INSERT ON "messages"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION work_stale_by_client();--> statement-breakpoint
CREATE TRIGGER messages_work_update AFTER UPDATE ON "messages"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION work_stale_by_client();--> statement-breakpoint
CREATE TRIGGER messages_work_delete AFTER DELETE ON "messages"
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION work_stale_by_client();--> statement-breakpoint
CREATE TRIGGER message_threads_work_insert AFTER INSERT ON "message_threads"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION work_stale_by_client();--> statement-breakpoint
CREATE TRIGGER message_threads_work_update AFTER UPDATE ON "message_threads"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION work_stale_by_client();--> statement-breakpoint
CREATE TRIGGER users_work_update AFTER UPDATE ON "users"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION work_stale_by_owner();--> statement-breakpoint
INSERT INTO "work_stale" ("filing_id") SELECT "id" FROM "filings";

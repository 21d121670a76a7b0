CREATE TABLE "automation_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"status" "file_status" NOT NULL,
	"india_only" boolean DEFAULT false NOT NULL,
	"action" jsonb NOT NULL,
	"summary" text NOT NULL,
	"paused" boolean DEFAULT true NOT NULL,
	"next_turn" integer DEFAULT 0 NOT NULL,
	"updated_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "automation_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rule_id" uuid NOT NULL,
	"history_id" uuid NOT NULL,
	"filing_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"outcome" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "automation_rules" ADD CONSTRAINT "automation_rules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_runs" ADD CONSTRAINT "automation_runs_rule_id_automation_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."automation_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_runs" ADD CONSTRAINT "automation_runs_history_id_filing_status_history_id_fk" FOREIGN KEY ("history_id") REFERENCES "public"."filing_status_history"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_runs" ADD CONSTRAINT "automation_runs_filing_id_filings_id_fk" FOREIGN KEY ("filing_id") REFERENCES "public"."filings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_runs" ADD CONSTRAINT "automation_runs_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "automation_runs_entry_idx" ON "automation_runs" USING btree ("rule_id","history_id");--> statement-breakpoint
CREATE INDEX "automation_runs_pending_idx" ON "automation_runs" USING btree ("created_at") WHERE "automation_runs"."outcome" is null;--> statement-breakpoint
CREATE INDEX "automation_runs_filing_idx" ON "automation_runs" USING btree ("filing_id");--> statement-breakpoint
CREATE INDEX "automation_runs_client_idx" ON "automation_runs" USING btree ("client_id");--> statement-breakpoint
-- An India tie, as the automations' condition reads it: the file has an Indian return or an FBAR to file.
CREATE FUNCTION file_has_india_tie(filing uuid) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM "deliverables" d WHERE d."filing_id" = filing AND d."kind" IN ('itr', 'fbar'))
$$;--> statement-breakpoint
-- Every entry into a status, whoever made it (staff, a payment, a bulk job), fires the rules in force for that
-- status in the same transaction: one run per rule per entry (the unique index), done later by the runner. A
-- status change made while an automation runs (the runner sets taxfirm.automation for its transaction) fires
-- nothing, so rules can never set each other off.
CREATE FUNCTION automation_runs_on_entry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('taxfirm.automation', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  INSERT INTO "automation_runs" ("rule_id", "history_id", "filing_id", "client_id")
    SELECT r."id", NEW."id", f."id", f."client_id"
    FROM "automation_rules" r INNER JOIN "filings" f ON f."id" = NEW."filing_id"
    WHERE r."status" = NEW."to_status" AND NOT r."paused"
      AND (NOT r."india_only" OR file_has_india_tie(f."id"))
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "automation_runs_on_entry" AFTER INSERT ON "filing_status_history"
  FOR EACH ROW EXECUTE FUNCTION automation_runs_on_entry();

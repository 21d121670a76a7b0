CREATE TABLE "work_snoozes" (
	"item_key" text PRIMARY KEY NOT NULL,
	"filing_id" uuid NOT NULL,
	"until" date NOT NULL,
	"note" text,
	"snoozed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "idle_days" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "filings" ADD COLUMN "status_since" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "work_snoozes" ADD CONSTRAINT "work_snoozes_filing_id_filings_id_fk" FOREIGN KEY ("filing_id") REFERENCES "public"."filings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_snoozes" ADD CONSTRAINT "work_snoozes_snoozed_by_users_id_fk" FOREIGN KEY ("snoozed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "work_snoozes_filing_idx" ON "work_snoozes" USING btree ("filing_id");--> statement-breakpoint
CREATE INDEX "request_items_uploaded_idx" ON "request_items" USING btree ("filing_id") WHERE "request_items"."status" = 'uploaded' and "request_items"."removed_at" is null;--> statement-breakpoint
-- A filing has sat in its status since its last status change (or since it was opened, when it never moved).
UPDATE "filings" SET "status_since" = coalesce(
	(SELECT max(h."created_at") FROM "filing_status_history" h WHERE h."filing_id" = "filings"."id"),
	"filings"."created_at"
);

CREATE TABLE "bulk_job_items" (
	"job_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"filing_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"outcome" text,
	"reason" text,
	"done_at" timestamp with time zone,
	CONSTRAINT "bulk_job_items_job_id_position_pk" PRIMARY KEY("job_id","position")
);
--> statement-breakpoint
CREATE TABLE "bulk_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"tax_year" integer NOT NULL,
	"action" jsonb NOT NULL,
	"summary" text NOT NULL,
	"total" integer NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bulk_job_items" ADD CONSTRAINT "bulk_job_items_job_id_bulk_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."bulk_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_job_items" ADD CONSTRAINT "bulk_job_items_filing_id_filings_id_fk" FOREIGN KEY ("filing_id") REFERENCES "public"."filings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_job_items" ADD CONSTRAINT "bulk_job_items_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_jobs" ADD CONSTRAINT "bulk_jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_job_items_pending_idx" ON "bulk_job_items" USING btree ("job_id","position") WHERE "bulk_job_items"."outcome" is null;--> statement-breakpoint
CREATE INDEX "bulk_job_items_filing_idx" ON "bulk_job_items" USING btree ("filing_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_jobs_request_idx" ON "bulk_jobs" USING btree ("created_by","request_id");--> statement-breakpoint
CREATE INDEX "bulk_jobs_created_by_idx" ON "bulk_jobs" USING btree ("created_by","created_at");--> statement-breakpoint
CREATE INDEX "bulk_jobs_unfinished_idx" ON "bulk_jobs" USING btree ("created_at") WHERE "bulk_jobs"."finished_at" is null;
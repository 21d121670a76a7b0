CREATE TYPE "public"."deliverable_kind" AS ENUM('state', 'fbar', 'extension', 'amended', 'itr', 'other');--> statement-breakpoint
CREATE TYPE "public"."deliverable_status" AS ENUM('not_started', 'in_progress', 'waiting_on_client', 'ready_for_review', 'filed', 'accepted', 'rejected');--> statement-breakpoint
CREATE TABLE "deliverables" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"filing_id" uuid NOT NULL,
	"kind" "deliverable_kind" NOT NULL,
	"label" text,
	"owner_id" uuid,
	"status" "deliverable_status" DEFAULT 'not_started' NOT NULL,
	"extended" boolean DEFAULT false NOT NULL,
	"due_on" date,
	"due_reason" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "filings" ADD COLUMN "extended" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "filings" ADD COLUMN "due_on" date;--> statement-breakpoint
ALTER TABLE "filings" ADD COLUMN "due_reason" text;--> statement-breakpoint
ALTER TABLE "deliverables" ADD CONSTRAINT "deliverables_filing_id_filings_id_fk" FOREIGN KEY ("filing_id") REFERENCES "public"."filings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliverables" ADD CONSTRAINT "deliverables_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliverables" ADD CONSTRAINT "deliverables_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deliverables_filing_idx" ON "deliverables" USING btree ("filing_id");--> statement-breakpoint
CREATE INDEX "deliverables_owner_idx" ON "deliverables" USING btree ("owner_id");
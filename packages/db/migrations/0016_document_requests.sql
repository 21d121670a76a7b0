CREATE TYPE "public"."request_item_source" AS ENUM('profile', 'last_year', 'template', 'staff');--> statement-breakpoint
CREATE TYPE "public"."request_item_status" AS ENUM('requested', 'uploaded', 'accepted', 'rejected', 'not_applicable', 'later');--> statement-breakpoint
CREATE TYPE "public"."request_item_type" AS ENUM('w2', '1099-int', '1099-b', '1098', '1098-t', '1095-a', 'k-1', 'prior-return', 'id', 'itin', 'form-16', '26as-ais', 'bank-nre-nro', 'fd-interest', 'mf-cas', 'property-rent', 'other');--> statement-breakpoint
CREATE TYPE "public"."request_person" AS ENUM('taxpayer', 'spouse', 'dependent');--> statement-breakpoint
CREATE TABLE "request_item_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"action" text NOT NULL,
	"from_status" "request_item_status",
	"to_status" "request_item_status",
	"reason" text,
	"actor_kind" text NOT NULL,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"filing_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"type" "request_item_type" NOT NULL,
	"title" text NOT NULL,
	"person" "request_person",
	"dependent_id" uuid,
	"note" text,
	"required" boolean DEFAULT true NOT NULL,
	"status" "request_item_status" DEFAULT 'requested' NOT NULL,
	"reason" text,
	"later_date" date,
	"source" "request_item_source" NOT NULL,
	"source_key" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"last_reminded_at" timestamp with time zone,
	"created_by" uuid,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"filing_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"sent_by" uuid,
	"manual" boolean DEFAULT false NOT NULL,
	"item_titles" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"items" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_templates_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "reminder_first_days" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "reminder_every_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "reminder_max" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "request_item_id" uuid;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "locked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "pdf_password_sealed" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "unlocked_storage_key" text;--> statement-breakpoint
ALTER TABLE "request_item_events" ADD CONSTRAINT "request_item_events_item_id_request_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."request_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_item_events" ADD CONSTRAINT "request_item_events_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_item_events" ADD CONSTRAINT "request_item_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_items" ADD CONSTRAINT "request_items_filing_id_filings_id_fk" FOREIGN KEY ("filing_id") REFERENCES "public"."filings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_items" ADD CONSTRAINT "request_items_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_items" ADD CONSTRAINT "request_items_dependent_id_dependents_id_fk" FOREIGN KEY ("dependent_id") REFERENCES "public"."dependents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_items" ADD CONSTRAINT "request_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_reminders" ADD CONSTRAINT "request_reminders_filing_id_filings_id_fk" FOREIGN KEY ("filing_id") REFERENCES "public"."filings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_reminders" ADD CONSTRAINT "request_reminders_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_reminders" ADD CONSTRAINT "request_reminders_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_templates" ADD CONSTRAINT "request_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_item_events_item_idx" ON "request_item_events" USING btree ("item_id","created_at");--> statement-breakpoint
CREATE INDEX "request_items_client_filing_idx" ON "request_items" USING btree ("client_id","filing_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "request_items_filing_source_key_idx" ON "request_items" USING btree ("filing_id","source_key");--> statement-breakpoint
CREATE INDEX "request_items_open_idx" ON "request_items" USING btree ("filing_id") WHERE "request_items"."status" in ('requested', 'rejected', 'later') and "request_items"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "request_reminders_filing_idx" ON "request_reminders" USING btree ("filing_id","created_at");--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_request_item_id_request_items_id_fk" FOREIGN KEY ("request_item_id") REFERENCES "public"."request_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_request_item_idx" ON "documents" USING btree ("request_item_id");--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_unlockedStorageKey_unique" UNIQUE("unlocked_storage_key");--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_reminders" CHECK ("site_settings"."reminder_first_days" between 1 and 60 and "site_settings"."reminder_every_days" between 1 and 60 and "site_settings"."reminder_max" between 0 and 20);--> statement-breakpoint
INSERT INTO "request_templates" ("name", "items") VALUES
('US individual', '[{"type":"w2","title":"W-2 from each employer","required":true},{"type":"1099-int","title":"1099-INT from each bank","required":true},{"type":"1099-b","title":"1099-B from each brokerage","required":true},{"type":"1098","title":"1098 mortgage interest","required":false},{"type":"1095-a","title":"1095-A if you bought Marketplace insurance","required":false},{"type":"prior-return","title":"Last year''s tax return","required":true},{"type":"id","title":"Photo ID of the taxpayer (and spouse)","required":true}]'),
('NRI add-on', '[{"type":"form-16","title":"Form 16 from your Indian employer","required":false},{"type":"26as-ais","title":"Form 26AS / AIS from the income-tax portal","required":true},{"type":"bank-nre-nro","title":"NRE/NRO bank statements, Jan–Dec","required":true},{"type":"fd-interest","title":"FD interest certificates","required":true},{"type":"mf-cas","title":"Mutual-fund CAS from CAMS/KFintech, 1 Jan–31 Dec","required":true},{"type":"property-rent","title":"Rent received or property sold in India","required":false}]'),
('Business', '[{"type":"k-1","title":"K-1 from each partnership or S corporation","required":true},{"type":"other","title":"Profit and loss statement for the year","required":true},{"type":"other","title":"Balance sheet at year end","required":true},{"type":"other","title":"1099-NEC / 1099-K received","required":true},{"type":"prior-return","title":"Last year''s business return","required":true}]');

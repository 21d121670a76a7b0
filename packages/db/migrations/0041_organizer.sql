CREATE TYPE "public"."organizer_state" AS ENUM('not_started', 'in_progress', 'sent');--> statement-breakpoint
ALTER TYPE "public"."request_item_source" ADD VALUE 'organizer';--> statement-breakpoint
CREATE TABLE "organizer_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"filing_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"tax_year" integer NOT NULL,
	"definition_version" integer DEFAULT 0 NOT NULL,
	"answers_sealed" text,
	"state" "organizer_state" DEFAULT 'not_started' NOT NULL,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer DEFAULT 0 NOT NULL,
	"suggested_kinds" text[] DEFAULT '{}'::text[] NOT NULL,
	"requested_at" timestamp with time zone,
	"requested_by" uuid,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"last_reminded_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organizer_definitions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tax_year" integer NOT NULL,
	"version" integer NOT NULL,
	"definition" jsonb NOT NULL,
	"changes" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"currency" text NOT NULL,
	"year" integer NOT NULL,
	"units_per_usd" numeric(14, 6) NOT NULL,
	"source" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_currency_year_pk" PRIMARY KEY("currency","year")
);
--> statement-breakpoint
ALTER TABLE "organizer_answers" ADD CONSTRAINT "organizer_answers_filing_id_filings_id_fk" FOREIGN KEY ("filing_id") REFERENCES "public"."filings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizer_answers" ADD CONSTRAINT "organizer_answers_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizer_answers" ADD CONSTRAINT "organizer_answers_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizer_definitions" ADD CONSTRAINT "organizer_definitions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "organizer_answers_filing_idx" ON "organizer_answers" USING btree ("filing_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organizer_definitions_year_version_idx" ON "organizer_definitions" USING btree ("tax_year","version");--> statement-breakpoint
-- Year-end rates for the years the portal serves, as the Treasury's Reporting Rates of Exchange quote them
-- (units per US dollar). Entered from memory of the published tables, not fetched: the source says so, and an
-- admin confirms each against fiscaldata.treasury.gov (ADR 030), which replaces the source with theirs.
INSERT INTO "exchange_rates" ("currency", "year", "units_per_usd", "source") VALUES
	('INR', 2023, 83.164, 'Treasury Reporting Rates of Exchange, 31 December 2023 (seeded; confirm at fiscaldata.treasury.gov)'),
	('INR', 2024, 85.614, 'Treasury Reporting Rates of Exchange, 31 December 2024 (seeded; confirm at fiscaldata.treasury.gov)'),
	('INR', 2025, 89.873, 'Treasury Reporting Rates of Exchange, 31 December 2025 (seeded; confirm at fiscaldata.treasury.gov)'),
	('EUR', 2023, 0.906, 'Treasury Reporting Rates of Exchange, 31 December 2023 (seeded; confirm at fiscaldata.treasury.gov)'),
	('EUR', 2024, 0.961, 'Treasury Reporting Rates of Exchange, 31 December 2024 (seeded; confirm at fiscaldata.treasury.gov)'),
	('EUR', 2025, 0.851, 'Treasury Reporting Rates of Exchange, 31 December 2025 (seeded; confirm at fiscaldata.treasury.gov)'),
	('GBP', 2023, 0.786, 'Treasury Reporting Rates of Exchange, 31 December 2023 (seeded; confirm at fiscaldata.treasury.gov)'),
	('GBP', 2024, 0.798, 'Treasury Reporting Rates of Exchange, 31 December 2024 (seeded; confirm at fiscaldata.treasury.gov)'),
	('GBP', 2025, 0.743, 'Treasury Reporting Rates of Exchange, 31 December 2025 (seeded; confirm at fiscaldata.treasury.gov)'),
	('CAD', 2023, 1.326, 'Treasury Reporting Rates of Exchange, 31 December 2023 (seeded; confirm at fiscaldata.treasury.gov)'),
	('CAD', 2024, 1.438, 'Treasury Reporting Rates of Exchange, 31 December 2024 (seeded; confirm at fiscaldata.treasury.gov)'),
	('CAD', 2025, 1.369, 'Treasury Reporting Rates of Exchange, 31 December 2025 (seeded; confirm at fiscaldata.treasury.gov)'),
	('AUD', 2023, 1.468, 'Treasury Reporting Rates of Exchange, 31 December 2023 (seeded; confirm at fiscaldata.treasury.gov)'),
	('AUD', 2024, 1.611, 'Treasury Reporting Rates of Exchange, 31 December 2024 (seeded; confirm at fiscaldata.treasury.gov)'),
	('AUD', 2025, 1.498, 'Treasury Reporting Rates of Exchange, 31 December 2025 (seeded; confirm at fiscaldata.treasury.gov)'),
	('SGD', 2023, 1.320, 'Treasury Reporting Rates of Exchange, 31 December 2023 (seeded; confirm at fiscaldata.treasury.gov)'),
	('SGD', 2024, 1.363, 'Treasury Reporting Rates of Exchange, 31 December 2024 (seeded; confirm at fiscaldata.treasury.gov)'),
	('SGD', 2025, 1.285, 'Treasury Reporting Rates of Exchange, 31 December 2025 (seeded; confirm at fiscaldata.treasury.gov)'),
	('AED', 2023, 3.673, 'Treasury Reporting Rates of Exchange, 31 December 2023 (seeded; confirm at fiscaldata.treasury.gov)'),
	('AED', 2024, 3.673, 'Treasury Reporting Rates of Exchange, 31 December 2024 (seeded; confirm at fiscaldata.treasury.gov)'),
	('AED', 2025, 3.672, 'Treasury Reporting Rates of Exchange, 31 December 2025 (seeded; confirm at fiscaldata.treasury.gov)');

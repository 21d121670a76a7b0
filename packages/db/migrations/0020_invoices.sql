CREATE TYPE "public"."discount_kind" AS ENUM('amount', 'percent');--> statement-breakpoint
CREATE TYPE "public"."invoice_currency" AS ENUM('USD', 'INR');--> statement-breakpoint
CREATE TYPE "public"."invoice_status" AS ENUM('draft', 'sent', 'partly_paid', 'paid', 'void');--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"price_item_id" uuid,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "invoice_lines_amounts" CHECK ("invoice_lines"."quantity" between 1 and 99 and "invoice_lines"."unit_cents" >= 0 and "invoice_lines"."amount_cents" = "invoice_lines"."quantity" * "invoice_lines"."unit_cents")
);
--> statement-breakpoint
CREATE TABLE "invoice_sequences" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"filing_id" uuid NOT NULL,
	"tax_year" integer NOT NULL,
	"number" text NOT NULL,
	"number_year" integer NOT NULL,
	"number_seq" integer NOT NULL,
	"currency" "invoice_currency" NOT NULL,
	"status" "invoice_status" DEFAULT 'draft' NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"discount_kind" "discount_kind",
	"discount_value" integer,
	"discount_reason" text,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"paid_cents" integer DEFAULT 0 NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"due_date" date,
	"note" text,
	"created_by" uuid,
	"sent_at" timestamp with time zone,
	"sent_by" uuid,
	"paid_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"voided_by" uuid,
	"void_reason" text,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"last_reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_number_seq" UNIQUE("number_year","number_seq"),
	CONSTRAINT "invoices_amounts" CHECK ("invoices"."subtotal_cents" >= 0 and "invoices"."discount_cents" >= 0 and "invoices"."total_cents" = "invoices"."subtotal_cents" - "invoices"."discount_cents" and "invoices"."total_cents" >= 0 and "invoices"."paid_cents" >= 0 and "invoices"."refunded_cents" >= 0 and "invoices"."refunded_cents" <= "invoices"."paid_cents"),
	CONSTRAINT "invoices_discount" CHECK (("invoices"."discount_kind" is null) = ("invoices"."discount_value" is null) and ("invoices"."discount_kind" is null) = ("invoices"."discount_reason" is null)),
	CONSTRAINT "invoices_void" CHECK (("invoices"."status" = 'void') = ("invoices"."voided_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "payment_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"invoice_id" uuid,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"provider_refund_id" text,
	"reason" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refunds_providerRefundId_unique" UNIQUE("provider_refund_id"),
	CONSTRAINT "payment_refunds_amount" CHECK ("payment_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "price_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" "invoice_currency" DEFAULT 'USD' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_items_amount" CHECK ("price_items"."amount_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "invoice_inr_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "invoice_part_payments" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "invoice_hold_summary" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_charges" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "attachment" text;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_price_item_id_price_items_id_fk" FOREIGN KEY ("price_item_id") REFERENCES "public"."price_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_filing_id_filings_id_fk" FOREIGN KEY ("filing_id") REFERENCES "public"."filings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice_idx" ON "invoice_lines" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE INDEX "invoices_client_year_idx" ON "invoices" USING btree ("client_id","tax_year");--> statement-breakpoint
CREATE INDEX "invoices_status_due_idx" ON "invoices" USING btree ("status","due_date");--> statement-breakpoint
CREATE INDEX "invoices_created_idx" ON "invoices" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payment_refunds_payment_idx" ON "payment_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_refunds_invoice_idx" ON "payment_refunds" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "payments_invoice_idx" ON "payments" USING btree ("invoice_id");--> statement-breakpoint
-- A payment names the invoice it pays (set by the service; kept here so the reference cannot dangle).
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- Money records are never deleted: an invoice is voided, a refund is a new row.
CREATE FUNCTION billing_never_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% rows are never deleted', TG_TABLE_NAME;
END;
$$;--> statement-breakpoint
CREATE TRIGGER invoices_never_deleted BEFORE DELETE ON "invoices"
  FOR EACH ROW EXECUTE FUNCTION billing_never_deleted();--> statement-breakpoint
CREATE TRIGGER payment_refunds_never_deleted BEFORE DELETE ON "payment_refunds"
  FOR EACH ROW EXECUTE FUNCTION billing_never_deleted();--> statement-breakpoint
-- A starting price list, for the firm to edit in settings (names and prices are the firm's to set).
INSERT INTO "price_items" ("name", "amount_cents", "currency", "position") VALUES
  ('Federal return (Form 1040)', 25000, 'USD', 0),
  ('State return (each state)', 10000, 'USD', 1),
  ('FBAR (FinCEN 114)', 7500, 'USD', 2),
  ('ITIN application (Form W-7)', 15000, 'USD', 3),
  ('India income tax return (ITR)', 10000, 'USD', 4),
  ('Amended return (Form 1040-X)', 15000, 'USD', 5);

-- Refunds recorded before money moves (security review S2-09). Hand-written.
--
-- A refund row is written `pending`, with a random idempotency key, in its own committed transaction before the
-- provider is asked; the provider gets the key (Razorpay: the X-Refund-Idempotency header and the refund's
-- receipt); the row turns `completed` (with the provider's refund id, and the payment and invoice follow) or
-- `failed` (no money moved) afterwards. A row left pending by a process that died in between is looked up at
-- the provider by its key and settled by the reconcile pass (modules/invoices/billing.service.ts).
CREATE TYPE "public"."refund_status" AS ENUM('pending', 'completed', 'failed');--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "status" "refund_status" DEFAULT 'completed' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_refunds" ALTER COLUMN "status" SET DEFAULT 'pending';--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
-- Refunds recorded before this migration were made before their rows: each gets a key of its own.
UPDATE "payment_refunds" SET "idempotency_key" = gen_random_uuid()::text WHERE "idempotency_key" IS NULL;--> statement-breakpoint
ALTER TABLE "payment_refunds" ALTER COLUMN "idempotency_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_idempotencyKey_unique" UNIQUE("idempotency_key");--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
UPDATE "payment_refunds" SET "settled_at" = "created_at" WHERE "settled_at" IS NULL;--> statement-breakpoint
-- A completed refund names the provider's refund; a pending one is not settled yet, the others are.
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_settled" CHECK (("payment_refunds"."status" = 'pending') = ("payment_refunds"."settled_at" is null) and ("payment_refunds"."status" <> 'completed' or "payment_refunds"."provider_refund_id" is not null));--> statement-breakpoint
-- One refund in flight per payment: a second request while one is pending is refused, never sent twice.
CREATE UNIQUE INDEX "payment_refunds_one_pending_idx" ON "payment_refunds" USING btree ("payment_id") WHERE "payment_refunds"."status" = 'pending';--> statement-breakpoint
-- The sandbox provider's book of refunds, as a real provider keeps them: looked up by the idempotency key.
CREATE TABLE "sandbox_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"charge_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_refunds_idempotencyKey_unique" UNIQUE("idempotency_key")
);--> statement-breakpoint
ALTER TABLE "sandbox_refunds" ADD CONSTRAINT "sandbox_refunds_charge_id_sandbox_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."sandbox_charges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_refunds_charge_idx" ON "sandbox_refunds" USING btree ("charge_id");

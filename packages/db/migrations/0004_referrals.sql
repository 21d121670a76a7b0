CREATE TABLE "referrals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid,
	"tax_year" integer NOT NULL,
	"referrer_name" text NOT NULL,
	"referrer_email" text NOT NULL,
	"referrer_phone" text NOT NULL,
	"referrer_phone_ext" text NOT NULL,
	"friend_name" text NOT NULL,
	"friend_email" text NOT NULL,
	"friend_phone" text NOT NULL,
	"friend_phone_ext" text NOT NULL,
	"comment" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "referrals_client_year_created_idx" ON "referrals" USING btree ("client_id","tax_year","created_at");--> statement-breakpoint
CREATE INDEX "referrals_created_idx" ON "referrals" USING btree ("created_at");
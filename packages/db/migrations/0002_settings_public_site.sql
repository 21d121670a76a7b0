ALTER TABLE "site_settings" ADD COLUMN "reviews_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "offer_ends_on" date;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "hosted_button_id" text DEFAULT '' NOT NULL;
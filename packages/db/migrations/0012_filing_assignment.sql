ALTER TABLE "filings" ADD COLUMN "assigned_to" uuid;--> statement-breakpoint
ALTER TABLE "filings" ADD CONSTRAINT "filings_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "filings_year_assigned_idx" ON "filings" USING btree ("tax_year","assigned_to");
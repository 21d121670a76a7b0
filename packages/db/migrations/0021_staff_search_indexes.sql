-- The staff search's trigram indexes (ILIKE '%term%'); pg_trgm is a trusted extension (PostgreSQL 13+), and PGlite
-- loads it from its contrib build (packages/db/src/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "career_applications_created_idx" ON "career_applications" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "clients_full_name_idx" ON "clients" USING btree (("first_name" || ' ' || "last_name"));--> statement-breakpoint
CREATE INDEX "clients_full_name_trgm_idx" ON "clients" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_file_number_trgm_idx" ON "clients" USING gin ("file_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_phone_trgm_idx" ON "clients" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "filings_year_updated_idx" ON "filings" USING btree ("tax_year","updated_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at","seq");--> statement-breakpoint
CREATE INDEX "audit_log_actor_created_idx" ON "audit_log" USING btree ("actor_user_id","created_at","seq");--> statement-breakpoint
CREATE INDEX "audit_log_action_trgm_idx" ON "audit_log" USING gin ("action" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_log_subject_trgm_idx" ON "audit_log" USING gin ("subject" gin_trgm_ops);
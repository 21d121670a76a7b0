ALTER TABLE "automation_rules" DROP CONSTRAINT "automation_rules_updated_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "automation_rules" ALTER COLUMN "updated_by" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "automation_rules" ADD CONSTRAINT "automation_rules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
CREATE TYPE "public"."career_application_status" AS ENUM('new', 'reviewed', 'interviewing', 'closed');--> statement-breakpoint
CREATE TABLE "career_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"phone_ext" text NOT NULL,
	"message" text NOT NULL,
	"resume_key" text,
	"resume_name" text,
	"resume_type" text,
	"resume_size" integer,
	"resume_sha256" text,
	"status" "career_application_status" DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "career_applications_status_created_idx" ON "career_applications" USING btree ("status","created_at");
-- Hand-written (issue 33, security review 2, S2-10): the password of a locked PDF is no longer kept. It was
-- sealed onto the document row when the client unlocked the file, and nothing read it afterwards (the unlocked
-- copy is what staff open). Every stored value is wiped with the column: Indian statement passwords are usually
-- derived from PAN and date of birth and reused across banks, so none should outlive this migration.
UPDATE "documents" SET "pdf_password_sealed" = NULL WHERE "pdf_password_sealed" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" DROP COLUMN "pdf_password_sealed";

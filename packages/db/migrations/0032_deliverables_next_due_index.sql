-- The new index first, then the old one dropped: while the new one builds, writes to deliverables wait and reads do not (a DROP first would hold an exclusive lock through the whole build).
CREATE INDEX "deliverables_filing_next_due_idx" ON "deliverables" USING btree ("filing_id","status","kind","extended","due_on");--> statement-breakpoint
DROP INDEX "deliverables_filing_idx";

DROP INDEX "deliverables_filing_idx";--> statement-breakpoint
CREATE INDEX "deliverables_filing_idx" ON "deliverables" USING btree ("filing_id","status","kind","extended","due_on");
-- The queue's due filters and counts by status test each file from the index alone: the new index (with the
-- old one's columns first) is built before the old one is dropped, so reads never lose theirs.
CREATE INDEX "filings_year_status_due_idx" ON "filings" USING btree ("tax_year","status","extended","due_on","id");--> statement-breakpoint
DROP INDEX "filings_year_status_idx";--> statement-breakpoint
CREATE INDEX "deliverables_kind_idx" ON "deliverables" USING btree ("kind","status","filing_id");

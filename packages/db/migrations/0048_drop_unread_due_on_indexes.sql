-- Issue 39, ADR 035: the queue's due windows read filings.next_due_on (migration 0047), so nothing reads the
-- two partial indexes of staff's own dates that migration 0030 made for them; every write of a dated filing or
-- deliverable paid for them.
DROP INDEX "filings_year_due_on_idx";--> statement-breakpoint
DROP INDEX "deliverables_due_on_idx";
CREATE INDEX "filings_year_status_since_idx" ON "filings" USING btree ("tax_year","status_since","id");--> statement-breakpoint
CREATE INDEX "filings_year_due_on_idx" ON "filings" USING btree ("tax_year","due_on") WHERE "filings"."due_on" is not null;--> statement-breakpoint
CREATE INDEX "request_item_events_staff_idx" ON "request_item_events" USING btree ("created_at","client_id") WHERE "request_item_events"."actor_kind" = 'staff';--> statement-breakpoint
CREATE INDEX "request_items_later_idx" ON "request_items" USING btree ("later_date") WHERE "request_items"."status" = 'later' and "request_items"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "messages_staff_sent_idx" ON "messages" USING btree ("created_at","client_id","tax_year") WHERE "messages"."author_kind" = 'staff' and not "messages"."internal";--> statement-breakpoint
CREATE INDEX "deliverables_due_on_idx" ON "deliverables" USING btree ("due_on") WHERE "deliverables"."due_on" is not null;
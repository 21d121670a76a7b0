ALTER TABLE "message_threads" ADD COLUMN "unread_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "message_threads_inbox_idx" ON "message_threads" USING btree (("unread_count" > 0) desc,"last_message_at" DESC NULLS FIRST,"id");--> statement-breakpoint
-- The inbox's unread count per thread, kept by the database: every statement that writes, reads (read_at) or
-- deletes messages (the app, retention, a cascade, the season bench's generator) recounts the threads it touched.
-- Statement-level with transition tables: one recount per statement, however many rows it changed.
CREATE FUNCTION message_threads_recount_unread() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "message_threads" t
     SET "unread_count" = (SELECT count(*) FROM "messages" m
                            WHERE m."client_id" = t."client_id" AND m."author_kind" = 'client' AND m."read_at" IS NULL)
   WHERE t."client_id" IN (SELECT DISTINCT "client_id" FROM changed);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER messages_unread_insert AFTER INSERT ON "messages"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION message_threads_recount_unread();--> statement-breakpoint
CREATE TRIGGER messages_unread_update AFTER UPDATE ON "messages"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION message_threads_recount_unread();--> statement-breakpoint
CREATE TRIGGER messages_unread_delete AFTER DELETE ON "messages"
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION message_threads_recount_unread();--> statement-breakpoint
UPDATE "message_threads" t
   SET "unread_count" = (SELECT count(*) FROM "messages" m
                          WHERE m."client_id" = t."client_id" AND m."author_kind" = 'client' AND m."read_at" IS NULL);

-- The staff search box (issue 39): one text per client holding all that the search matches (the name, the file
-- number, the phone, the login's e-mail) behind one trigram index, so that a search is one index scan and not a
-- union of two searches. Kept by the database: every write of a client (the app, the season bench's generator)
-- and every change of a login's e-mail rewrites it. A household member's own login (issue 38) is not in it: the
-- search matches the file holder's login only, as it did.
ALTER TABLE "clients" ADD COLUMN "search" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE FUNCTION client_search_text(first_name text, last_name text, file_number text, phone text, email text)
  RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT first_name || ' ' || last_name || E'\n' || coalesce(file_number, '') || E'\n' || phone || E'\n' || coalesce(email, '')
$$;--> statement-breakpoint
CREATE FUNCTION clients_search_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."search" := client_search_text(NEW."first_name", NEW."last_name", NEW."file_number", NEW."phone",
    (SELECT u."email" FROM "users" u WHERE u."id" = NEW."user_id"));
  RETURN NEW;
END $$;--> statement-breakpoint
-- "search" among the columns: a write of the text itself is replaced by the kept one.
CREATE TRIGGER clients_search_kept BEFORE INSERT OR UPDATE OF "first_name", "last_name", "file_number", "phone", "user_id", "search"
  ON "clients" FOR EACH ROW EXECUTE FUNCTION clients_search_kept();--> statement-breakpoint
CREATE FUNCTION users_email_client_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "clients" SET "search" = '' WHERE "user_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
-- A login's new e-mail: its client's text again (the update of "search" has clients_search_kept recompute it).
CREATE TRIGGER users_email_client_search AFTER UPDATE OF "email" ON "users"
  FOR EACH ROW WHEN (OLD."email" IS DISTINCT FROM NEW."email") EXECUTE FUNCTION users_email_client_search();--> statement-breakpoint
-- Every client's text now (after the triggers: a login's e-mail changed meanwhile waits for this transaction).
UPDATE "clients" SET "search" = '';--> statement-breakpoint
CREATE INDEX "clients_search_trgm_idx" ON "clients" USING gin ("search" gin_trgm_ops);

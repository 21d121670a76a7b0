-- Every change to the site settings tells each app instance (LISTEN site_settings_changed) to drop its
-- cached copy, so a change shows on the public site at once without a database read per request.
CREATE OR REPLACE FUNCTION notify_site_settings_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('site_settings_changed', '');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER site_settings_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "site_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_site_settings_changed();

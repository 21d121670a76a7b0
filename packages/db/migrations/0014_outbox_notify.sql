-- A committed e-mail wakes the mail worker of every app instance (LISTEN email_outbox_pending), so no code
-- path has to remember to: the notification is sent at commit, and never for a rolled-back message.
CREATE OR REPLACE FUNCTION notify_email_outbox_pending() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('email_outbox_pending', '');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER email_outbox_pending
  AFTER INSERT ON "email_outbox"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_email_outbox_pending();

-- Tells every server process whose cached data a committed transaction changed (decision 046): a NOTIFY on
-- channel podium_changes whose payload is the user's id. PostgreSQL delivers notifications at commit, in commit
-- order, once per distinct payload per transaction, so a statement touching many rows of one speaker sends one.
-- Row-level, on tables written a few rows at a time; the book tables already bump book_versions once a statement.
CREATE FUNCTION notify_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.user_id IS NOT NULL THEN
    PERFORM pg_notify('podium_changes', OLD.user_id::text);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.user_id IS NOT NULL THEN
    PERFORM pg_notify('podium_changes', NEW.user_id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The account itself: what a session lookup reads of it, and its password.
CREATE FUNCTION notify_account_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('podium_changes', OLD.id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Every change to a speaker's book (events, clients, partners, profile, invoices, tasks) bumps their version.
CREATE TRIGGER book_versions_notify AFTER INSERT OR UPDATE ON book_versions
  FOR EACH ROW EXECUTE FUNCTION notify_user_changed();
--> statement-breakpoint
CREATE TRIGGER users_notify_update AFTER UPDATE OF username, email, password_hash, email_verified_at, role, trial_ends_at, disabled_at ON users
  FOR EACH ROW WHEN (
    (OLD.username, OLD.email, OLD.password_hash, OLD.email_verified_at, OLD.role, OLD.trial_ends_at, OLD.disabled_at)
    IS DISTINCT FROM
    (NEW.username, NEW.email, NEW.password_hash, NEW.email_verified_at, NEW.role, NEW.trial_ends_at, NEW.disabled_at)
  ) EXECUTE FUNCTION notify_account_changed();
--> statement-breakpoint
CREATE TRIGGER users_notify_delete AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_account_changed();
--> statement-breakpoint
-- Sessions end by deletion (logout, password change, disabled account, expiry sweep); the sliding expiry
-- moves forward only, which no cache needs to hear of.
CREATE TRIGGER sessions_notify AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_user_changed();
--> statement-breakpoint
-- What the public answers show (the shared media kit, the invoice link) beyond the book: a link's state, not
-- its view counts, which are written behind every second.
CREATE TRIGGER share_links_notify AFTER INSERT OR DELETE OR UPDATE OF kind, token_hash, event_id, expires_at, revoked_at ON share_links
  FOR EACH ROW EXECUTE FUNCTION notify_user_changed();
--> statement-breakpoint
CREATE TRIGGER share_link_files_notify AFTER INSERT OR UPDATE OR DELETE ON share_link_files
  FOR EACH ROW EXECUTE FUNCTION notify_user_changed();
--> statement-breakpoint
CREATE TRIGGER speaker_slugs_notify AFTER INSERT OR UPDATE OR DELETE ON speaker_slugs
  FOR EACH ROW EXECUTE FUNCTION notify_user_changed();
--> statement-breakpoint
CREATE TRIGGER media_kits_notify AFTER INSERT OR UPDATE OR DELETE ON media_kits
  FOR EACH ROW EXECUTE FUNCTION notify_user_changed();
--> statement-breakpoint
CREATE TRIGGER media_kit_files_notify AFTER INSERT OR UPDATE OR DELETE ON media_kit_files
  FOR EACH ROW EXECUTE FUNCTION notify_user_changed();
--> statement-breakpoint
CREATE TRIGGER files_notify AFTER INSERT OR UPDATE OR DELETE ON files
  FOR EACH ROW EXECUTE FUNCTION notify_user_changed();
--> statement-breakpoint
CREATE TRIGGER invoice_items_notify AFTER INSERT OR UPDATE OR DELETE ON invoice_items
  FOR EACH ROW EXECUTE FUNCTION notify_user_changed();
--> statement-breakpoint
CREATE TRIGGER invoice_settings_notify AFTER INSERT OR UPDATE OR DELETE ON invoice_settings
  FOR EACH ROW EXECUTE FUNCTION notify_user_changed();
--> statement-breakpoint
CREATE TRIGGER payment_accounts_notify AFTER INSERT OR UPDATE OR DELETE ON payment_accounts
  FOR EACH ROW EXECUTE FUNCTION notify_user_changed();

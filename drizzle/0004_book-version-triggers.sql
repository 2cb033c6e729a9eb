-- Bumps book_versions for every speaker whose events, clients or bureau partners a statement changed, in the
-- same transaction. Statement-level with transition tables, so a bulk import bumps once, not once a row.
-- A speaker being deleted is skipped: the cascade from users must not insert a row that points to them.
CREATE FUNCTION bump_book_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO book_versions (user_id, version)
    SELECT DISTINCT changed.user_id, 1 FROM new_rows AS changed
    WHERE EXISTS (SELECT 1 FROM users WHERE users.id = changed.user_id)
    ON CONFLICT (user_id) DO UPDATE SET version = book_versions.version + 1;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO book_versions (user_id, version)
    SELECT DISTINCT changed.user_id, 1
    FROM (SELECT user_id FROM new_rows UNION SELECT user_id FROM old_rows) AS changed
    WHERE EXISTS (SELECT 1 FROM users WHERE users.id = changed.user_id)
    ON CONFLICT (user_id) DO UPDATE SET version = book_versions.version + 1;
  ELSE
    INSERT INTO book_versions (user_id, version)
    SELECT DISTINCT changed.user_id, 1 FROM old_rows AS changed
    WHERE EXISTS (SELECT 1 FROM users WHERE users.id = changed.user_id)
    ON CONFLICT (user_id) DO UPDATE SET version = book_versions.version + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER events_book_version_insert AFTER INSERT ON events
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_book_versions();
--> statement-breakpoint
CREATE TRIGGER events_book_version_update AFTER UPDATE ON events
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_book_versions();
--> statement-breakpoint
CREATE TRIGGER events_book_version_delete AFTER DELETE ON events
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_book_versions();
--> statement-breakpoint
CREATE TRIGGER clients_book_version_insert AFTER INSERT ON clients
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_book_versions();
--> statement-breakpoint
CREATE TRIGGER clients_book_version_update AFTER UPDATE ON clients
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_book_versions();
--> statement-breakpoint
CREATE TRIGGER clients_book_version_delete AFTER DELETE ON clients
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_book_versions();
--> statement-breakpoint
CREATE TRIGGER bureau_partners_book_version_insert AFTER INSERT ON bureau_partners
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_book_versions();
--> statement-breakpoint
CREATE TRIGGER bureau_partners_book_version_update AFTER UPDATE ON bureau_partners
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_book_versions();
--> statement-breakpoint
CREATE TRIGGER bureau_partners_book_version_delete AFTER DELETE ON bureau_partners
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_book_versions();

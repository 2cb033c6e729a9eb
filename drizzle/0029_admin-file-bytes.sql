-- The bytes of the stored files (uploads) for the admin dashboard, kept like the other installation counts
-- (0013): one signed delta row per statement that adds or removes files, account deletion's cascade included.
CREATE FUNCTION count_file_bytes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO installation_counts (name, delta)
    SELECT 'files:bytes', sum(size) FROM new_rows HAVING count(*) > 0;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO installation_counts (name, delta)
    SELECT 'files:bytes', coalesce((SELECT sum(size) FROM new_rows), 0) - coalesce((SELECT sum(size) FROM old_rows), 0)
    WHERE coalesce((SELECT sum(size) FROM new_rows), 0) <> coalesce((SELECT sum(size) FROM old_rows), 0);
  ELSE
    INSERT INTO installation_counts (name, delta)
    SELECT 'files:bytes', -sum(size) FROM old_rows HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- TRUNCATE forgets a table's counts: for files, every name under "files:".
CREATE OR REPLACE FUNCTION forget_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    DELETE FROM installation_counts WHERE name = 'users' OR name LIKE 'users:%' OR name LIKE 'signups:%';
  ELSE
    DELETE FROM installation_counts WHERE name = TG_TABLE_NAME OR name LIKE TG_TABLE_NAME || ':%';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER files_bytes_insert AFTER INSERT ON files
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_file_bytes();
--> statement-breakpoint
CREATE TRIGGER files_bytes_update AFTER UPDATE ON files
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_file_bytes();
--> statement-breakpoint
CREATE TRIGGER files_bytes_delete AFTER DELETE ON files
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_file_bytes();
--> statement-breakpoint
CREATE TRIGGER files_bytes_truncate AFTER TRUNCATE ON files FOR EACH STATEMENT EXECUTE FUNCTION forget_counts();
--> statement-breakpoint
-- The bytes of the files already there.
INSERT INTO installation_counts (name, delta) SELECT 'files:bytes', sum(size) FROM files HAVING count(*) > 0;

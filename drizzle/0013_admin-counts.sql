CREATE TABLE "installation_counts" (
	"name" text NOT NULL,
	"delta" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "users_trial_ends_at_index" ON "users" USING btree ("trial_ends_at");--> statement-breakpoint
-- The names an account counts under on the admin dashboard (schema.ts, installationCounts).
CREATE FUNCTION account_count_names(verified_at timestamptz, role user_role, disabled_at timestamptz, created_at timestamptz)
RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT name FROM (VALUES
    ('users'),
    (CASE WHEN verified_at IS NOT NULL THEN 'users:verified' END),
    (CASE WHEN role = 'admin' THEN 'users:admin' END),
    (CASE WHEN disabled_at IS NOT NULL THEN 'users:disabled' END),
    ('signups:' || to_char(date_trunc('week', created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD'))
  ) AS names(name) WHERE name IS NOT NULL
$$;
--> statement-breakpoint
-- One delta row per name a statement changed: +1 for each new row that counts under it, -1 for each old one.
CREATE FUNCTION count_accounts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO installation_counts (name, delta)
    SELECT n, count(*) FROM new_rows AS r,
      account_count_names(r.email_verified_at, r.role, r.disabled_at, r.created_at) AS n GROUP BY n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO installation_counts (name, delta)
    SELECT n, sum(sign) FROM (
      SELECT n, 1 AS sign FROM new_rows AS r,
        account_count_names(r.email_verified_at, r.role, r.disabled_at, r.created_at) AS n
      UNION ALL
      SELECT n, -1 FROM old_rows AS r,
        account_count_names(r.email_verified_at, r.role, r.disabled_at, r.created_at) AS n
    ) AS changed GROUP BY n HAVING sum(sign) <> 0;
  ELSE
    INSERT INTO installation_counts (name, delta)
    SELECT n, -count(*) FROM old_rows AS r,
      account_count_names(r.email_verified_at, r.role, r.disabled_at, r.created_at) AS n GROUP BY n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION count_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO installation_counts (name, delta) SELECT 'events', count(*) FROM new_rows HAVING count(*) > 0;
  ELSE
    INSERT INTO installation_counts (name, delta) SELECT 'events', -count(*) FROM old_rows HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- TRUNCATE empties a table without row triggers: its counts go with it.
CREATE FUNCTION forget_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    DELETE FROM installation_counts WHERE name = 'users' OR name LIKE 'users:%' OR name LIKE 'signups:%';
  ELSE
    DELETE FROM installation_counts WHERE name = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_count_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_accounts();
--> statement-breakpoint
CREATE TRIGGER users_count_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_accounts();
--> statement-breakpoint
CREATE TRIGGER users_count_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_accounts();
--> statement-breakpoint
CREATE TRIGGER users_count_truncate AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION forget_counts();
--> statement-breakpoint
CREATE TRIGGER events_count_insert AFTER INSERT ON events
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_events();
--> statement-breakpoint
CREATE TRIGGER events_count_delete AFTER DELETE ON events
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_events();
--> statement-breakpoint
CREATE TRIGGER events_count_truncate AFTER TRUNCATE ON events FOR EACH STATEMENT EXECUTE FUNCTION forget_counts();
--> statement-breakpoint
-- The counts of the rows already there.
INSERT INTO installation_counts (name, delta)
SELECT n, count(*) FROM users AS r,
  account_count_names(r.email_verified_at, r.role, r.disabled_at, r.created_at) AS n GROUP BY n;
--> statement-breakpoint
INSERT INTO installation_counts (name, delta) SELECT 'events', count(*) FROM events HAVING count(*) > 0;

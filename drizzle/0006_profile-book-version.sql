-- The dashboard shows the speaker's annual goal, so a change of the speaker profile bumps the book version
-- like a change of their events, clients or bureau partners (0004): answers cached under the old version
-- are then never served again.
CREATE TRIGGER speaker_profiles_book_version_insert AFTER INSERT ON speaker_profiles
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_book_versions();
--> statement-breakpoint
CREATE TRIGGER speaker_profiles_book_version_update AFTER UPDATE ON speaker_profiles
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_book_versions();
--> statement-breakpoint
CREATE TRIGGER speaker_profiles_book_version_delete AFTER DELETE ON speaker_profiles
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_book_versions();

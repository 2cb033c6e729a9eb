-- The dashboard is cached per book version (decision 007) and also reads hold challenges ("the first hold did not
-- answer"): asking a hold again replaces its challenge and writes nothing else the book tables hold, so a change to
-- hold challenges bumps the speaker's version too, and no process answers the older dashboard (decision 046).
-- (Its "Booked: <event>" needs no trigger: confirming a booking always writes the event.)
CREATE TRIGGER hold_challenges_book_version_insert AFTER INSERT ON hold_challenges
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_book_versions();
--> statement-breakpoint
CREATE TRIGGER hold_challenges_book_version_update AFTER UPDATE ON hold_challenges
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_book_versions();
--> statement-breakpoint
CREATE TRIGGER hold_challenges_book_version_delete AFTER DELETE ON hold_challenges
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_book_versions();

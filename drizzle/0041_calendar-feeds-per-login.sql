-- A calendar feed per login that reads a speaker's book (issue 40 item 6, decision 059): the speaker's own
-- (member_id null) and one per team member, which ends with the membership and with a change of its role.
ALTER TABLE "calendar_feeds" DROP CONSTRAINT "calendar_feeds_pkey";--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD COLUMN "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD COLUMN "member_id" uuid;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_member_id_key" UNIQUE NULLS NOT DISTINCT("user_id","member_id");--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_member_fk" FOREIGN KEY ("user_id","member_id") REFERENCES "public"."team_members"("speaker_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A member's feed was made for the role they had: another role gets another address, and the old one stops.
CREATE FUNCTION end_member_calendar_feeds() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM calendar_feeds WHERE user_id = OLD.speaker_id AND member_id = OLD.user_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER team_members_end_calendar_feeds AFTER UPDATE OF role ON team_members
  FOR EACH ROW WHEN (OLD.role IS DISTINCT FROM NEW.role) EXECUTE FUNCTION end_member_calendar_feeds();

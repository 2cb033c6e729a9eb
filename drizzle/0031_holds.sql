CREATE TYPE "public"."event_activity_actor" AS ENUM('speaker', 'planner', 'system');--> statement-breakpoint
CREATE TYPE "public"."hold_answer" AS ENUM('confirm', 'release');--> statement-breakpoint
CREATE TABLE "event_activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"type" text NOT NULL,
	"actor" "event_activity_actor" NOT NULL,
	"detail" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hold_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"sent_to" text NOT NULL,
	"deadline" date NOT NULL,
	"answer" "hold_answer",
	"message" text,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hold_challenges_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "hold_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"default_expiry_days" integer DEFAULT 14,
	"notify_new_first_hold" boolean DEFAULT false NOT NULL,
	"show_availability_on_inquiry_form" boolean DEFAULT false NOT NULL,
	"new_first_hold_template" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hold_settings_default_expiry_days" CHECK ("hold_settings"."default_expiry_days" is null or "hold_settings"."default_expiry_days" between 1 and 365)
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "hold_rank" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "hold_expires_at" date;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "first_held_at" timestamp with time zone;--> statement-breakpoint
-- Holds made before ranks existed are ranked on each date in the order they were created; each is taken as
-- placed on hold at its last change, so the conversion figure counts them.
UPDATE "events" SET "hold_rank" = ranked.rank, "first_held_at" = "events"."updated_at"
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "user_id", "date" ORDER BY "created_at", "id") AS rank
  FROM "events" WHERE "status" = 'hold'
) AS ranked
WHERE "events"."id" = ranked."id";--> statement-breakpoint
ALTER TABLE "event_activity" ADD CONSTRAINT "event_activity_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_activity" ADD CONSTRAINT "event_activity_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hold_challenges" ADD CONSTRAINT "hold_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hold_challenges" ADD CONSTRAINT "hold_challenges_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hold_settings" ADD CONSTRAINT "hold_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_activity_event_id_at_index" ON "event_activity" USING btree ("event_id","at");--> statement-breakpoint
CREATE INDEX "hold_challenges_event_id_index" ON "hold_challenges" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "hold_challenges_user_id_deadline_index" ON "hold_challenges" USING btree ("user_id","deadline");--> statement-breakpoint
CREATE INDEX "events_hold_expires_at" ON "events" USING btree ("hold_expires_at") WHERE "events"."hold_expires_at" is not null;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_hold_rank_while_held" CHECK (("events"."status" = 'hold') = ("events"."hold_rank" is not null));--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_hold_rank_positive" CHECK ("events"."hold_rank" is null or "events"."hold_rank" >= 1);--> statement-breakpoint
-- The public hold page and the inquiry form's availability read these (decision 046): a change drops the
-- speaker's cached public answers in every process.
CREATE TRIGGER hold_challenges_notify AFTER INSERT OR UPDATE OR DELETE ON hold_challenges
  FOR EACH ROW EXECUTE FUNCTION notify_user_changed();
--> statement-breakpoint
CREATE TRIGGER hold_settings_notify AFTER INSERT OR UPDATE OR DELETE ON hold_settings
  FOR EACH ROW EXECUTE FUNCTION notify_user_changed();
--> statement-breakpoint
-- Hold ranks (DESIGN §11) are kept by the database, so that every writer (the API, imports, a signed contract,
-- the sweep) keeps them right: an event entering hold on a date takes the next rank there, and one leaving a
-- date (released, booked, moved, deleted) lets the holds after it move up. A per-speaker-per-date advisory
-- lock, taken in date order, makes concurrent holds on one date take distinct ranks; each statement of the
-- function sees what the transactions before it committed.
CREATE FUNCTION hold_lock(owner uuid, day date) RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(hashtextextended('holds:' || owner::text || ':' || day::text, 0))
$$;
--> statement-breakpoint
CREATE FUNCTION events_rank_hold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status <> 'hold' THEN
    NEW.hold_rank := NULL;
    NEW.hold_expires_at := NULL;
    RETURN NEW;
  END IF;
  IF NEW.first_held_at IS NULL THEN
    NEW.first_held_at := now();
  END IF;
  IF TG_OP = 'INSERT' OR OLD.status <> 'hold' OR OLD.date <> NEW.date THEN
    IF TG_OP = 'UPDATE' AND OLD.status = 'hold' AND OLD.date < NEW.date THEN
      PERFORM hold_lock(OLD.user_id, OLD.date);
    END IF;
    PERFORM hold_lock(NEW.user_id, NEW.date);
    NEW.hold_rank := (
      SELECT coalesce(max(hold_rank), 0) + 1 FROM events
      WHERE user_id = NEW.user_id AND date = NEW.date AND status = 'hold' AND id <> NEW.id
    );
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE FUNCTION events_close_hold_gap() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'hold' AND (TG_OP = 'DELETE' OR NEW.status <> 'hold' OR NEW.date <> OLD.date) THEN
    PERFORM hold_lock(OLD.user_id, OLD.date);
    UPDATE events SET hold_rank = hold_rank - 1
    WHERE user_id = OLD.user_id AND date = OLD.date AND status = 'hold' AND hold_rank > OLD.hold_rank;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER events_rank_hold BEFORE INSERT OR UPDATE OF status, date, hold_expires_at ON events
  FOR EACH ROW EXECUTE FUNCTION events_rank_hold();
--> statement-breakpoint
CREATE TRIGGER events_close_hold_gap AFTER UPDATE OF status, date OR DELETE ON events
  FOR EACH ROW EXECUTE FUNCTION events_close_hold_gap();

-- The planner's questionnaire (issue 33, DESIGN §11): the speaker's questions, and per event the questions as
-- sent, the answers and the proposals for fields that already held another value. Events gain arrival_time.
ALTER TABLE "events" ADD COLUMN "arrival_time" text;--> statement-breakpoint
CREATE TABLE "questionnaires" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"questions" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_questionnaires" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"token_hash" text,
	"link_version" integer DEFAULT 0 NOT NULL,
	"sent_to" text,
	"message" text,
	"questions" jsonb NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"proposals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sent_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"reminded_week_at" timestamp with time zone,
	"reminded_three_days_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_questionnaires_eventId_unique" UNIQUE("event_id"),
	CONSTRAINT "event_questionnaires_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "questionnaires" ADD CONSTRAINT "questionnaires_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_questionnaires" ADD CONSTRAINT "event_questionnaires_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_questionnaires" ADD CONSTRAINT "event_questionnaires_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_questionnaires_user_id_index" ON "event_questionnaires" USING btree ("user_id");--> statement-breakpoint
CREATE TRIGGER event_questionnaires_notify AFTER INSERT OR DELETE OR UPDATE ON event_questionnaires
  FOR EACH ROW EXECUTE FUNCTION notify_user_changed();

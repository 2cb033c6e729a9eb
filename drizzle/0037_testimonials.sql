-- Testimonials after the talk (issue 33, DESIGN §11): a request e-mailed to the planner with a link whose
-- 256-bit token is kept only as its SHA-256, and the planner's answer on the same row. Action-list steps may
-- send their e-mail by themselves on their due date (`automatic`), once per task (`auto_sent_at`).
CREATE TYPE "public"."action_item_sends" AS ENUM('testimonial_request');--> statement-breakpoint
ALTER TABLE "action_items" ADD COLUMN "automatic" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "action_items" ADD COLUMN "sends" "action_item_sends";--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "auto_sent_at" timestamp with time zone;--> statement-breakpoint
-- The default step a speaker has not renamed becomes the testimonial request (off until they turn it on).
UPDATE "action_items" SET "sends" = 'testimonial_request'
  WHERE "title" = 'Ask for a testimonial and referrals' AND "anchor" = 'event_date';--> statement-breakpoint
CREATE TABLE "testimonials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"sent_to" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"rating" integer,
	"quote" text,
	"highlights" text,
	"name" text,
	"role" text,
	"organization" text,
	"permission" boolean DEFAULT false NOT NULL,
	"referrals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"show_anyway" boolean DEFAULT false NOT NULL,
	"added_to_media_kit_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "testimonials_tokenHash_unique" UNIQUE("token_hash"),
	CONSTRAINT "testimonials_rating" CHECK ("testimonials"."rating" is null or "testimonials"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "testimonials" ADD CONSTRAINT "testimonials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testimonials" ADD CONSTRAINT "testimonials_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "testimonials_user_id_submitted_at_index" ON "testimonials" USING btree ("user_id","submitted_at");--> statement-breakpoint
CREATE INDEX "testimonials_event_id_index" ON "testimonials" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "tasks_automatic_unsent" ON "tasks" USING btree ("due_date") WHERE "auto_sent_at" is null and "done_at" is null and "closed_at" is null;--> statement-breakpoint
CREATE TRIGGER testimonials_notify AFTER INSERT OR DELETE OR UPDATE ON testimonials
  FOR EACH ROW EXECUTE FUNCTION notify_user_changed();

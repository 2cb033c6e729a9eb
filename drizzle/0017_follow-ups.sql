CREATE TYPE "public"."action_anchor" AS ENUM('event_date', 'status_change');--> statement-breakpoint
CREATE TYPE "public"."digest_frequency" AS ENUM('off', 'daily', 'weekly');--> statement-breakpoint
CREATE TABLE "action_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"anchor" "action_anchor" NOT NULL,
	"status" "event_status",
	"offset_days" integer NOT NULL,
	"email_template" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "action_items_status_change_has_status" CHECK ("action_items"."anchor" <> 'status_change' or "action_items"."status" is not null)
);
--> statement-breakpoint
CREATE TABLE "action_lists" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"feed_key" uuid DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"content_hash" text,
	"content_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"digest" "digest_frequency" DEFAULT 'off' NOT NULL,
	"digest_hour" integer DEFAULT 7 NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"last_digest_on" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_settings_digest_hour" CHECK ("notification_settings"."digest_hour" between 0 and 23)
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"event_id" uuid,
	"action_item_id" uuid,
	"title" text NOT NULL,
	"due_date" date NOT NULL,
	"anchor" "action_anchor",
	"offset_days" integer,
	"email_template" text,
	"done_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "action_items" ADD CONSTRAINT "action_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_lists" ADD CONSTRAINT "action_lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_action_item_id_action_items_id_fk" FOREIGN KEY ("action_item_id") REFERENCES "public"."action_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "action_items_user_id_position_index" ON "action_items" USING btree ("user_id","position");--> statement-breakpoint
CREATE INDEX "notification_settings_digest_on" ON "notification_settings" USING btree ("digest") WHERE "notification_settings"."digest" <> 'off';--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_event_id_action_item_id_key" ON "tasks" USING btree ("event_id","action_item_id");--> statement-breakpoint
CREATE INDEX "tasks_open_by_due_date" ON "tasks" USING btree ("user_id","due_date") WHERE "tasks"."done_at" is null and "tasks"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "tasks_action_item_id_index" ON "tasks" USING btree ("action_item_id");--> statement-breakpoint
-- The dashboard lists tasks due today and overdue; like invoices (0012), a change of a task bumps the book
-- version so a dashboard cached under the old one is never served again.
CREATE TRIGGER tasks_book_version_insert AFTER INSERT ON tasks
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_book_versions();
--> statement-breakpoint
CREATE TRIGGER tasks_book_version_update AFTER UPDATE ON tasks
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_book_versions();
--> statement-breakpoint
CREATE TRIGGER tasks_book_version_delete AFTER DELETE ON tasks
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_book_versions();

-- The speaker's side of the booking link (issue 32): which media-kit sections travel with a booking, and the
-- saved signature that countersigns by itself when the planner signs.
ALTER TABLE "bookings" ADD COLUMN "media_kit_sections" jsonb;--> statement-breakpoint
CREATE TABLE "countersign_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"auto_countersign" boolean DEFAULT false NOT NULL,
	"typed_name" text,
	"signature_image" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "countersign_settings" ADD CONSTRAINT "countersign_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TRIGGER countersign_settings_notify AFTER INSERT OR UPDATE OR DELETE ON countersign_settings
  FOR EACH ROW EXECUTE FUNCTION notify_user_changed();

-- The speaker's team (issue 34, decision 051): members with a role, invitations (token hashes, 7 days), the
-- owner's team settings, the workspace a session acts for, and who acted on activity and audit entries.
CREATE TYPE "public"."team_role" AS ENUM('assistant', 'bookkeeper', 'viewer');--> statement-breakpoint
CREATE TABLE "team_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"speaker_id" uuid NOT NULL,
	"email" "citext" NOT NULL,
	"role" "team_role" NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_invitations_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"speaker_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" "team_role" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_members_speaker_id_user_id_pk" PRIMARY KEY("speaker_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "team_settings" (
	"speaker_id" uuid PRIMARY KEY NOT NULL,
	"reply_to" text DEFAULT 'speaker' NOT NULL,
	"require_second_factor" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contract_audit" ADD COLUMN "by" jsonb;--> statement-breakpoint
ALTER TABLE "invoice_activity" ADD COLUMN "by" jsonb;--> statement-breakpoint
ALTER TABLE "event_activity" ADD COLUMN "by" jsonb;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_speaker_id_users_id_fk" FOREIGN KEY ("speaker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_speaker_id_users_id_fk" FOREIGN KEY ("speaker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_settings" ADD CONSTRAINT "team_settings_speaker_id_users_id_fk" FOREIGN KEY ("speaker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_invitations_speaker_id_index" ON "team_invitations" USING btree ("speaker_id");--> statement-breakpoint
CREATE INDEX "team_members_user_id_index" ON "team_members" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_workspace_id_users_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_workspace_id_index" ON "sessions" USING btree ("workspace_id");--> statement-breakpoint
-- A membership made, changed or ended changes what the member's sessions may do: their reused sessions go at
-- once in every process (decision 046). The member's login is the row's user_id.
CREATE TRIGGER team_members_notify AFTER INSERT OR UPDATE OR DELETE ON team_members
  FOR EACH ROW EXECUTE FUNCTION notify_user_changed();
--> statement-breakpoint
-- Choosing another speaker changes whose book the session's next read shows.
CREATE TRIGGER sessions_notify_workspace AFTER UPDATE OF workspace_id ON sessions
  FOR EACH ROW WHEN (OLD.workspace_id IS DISTINCT FROM NEW.workspace_id) EXECUTE FUNCTION notify_user_changed();

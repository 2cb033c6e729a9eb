CREATE TYPE "public"."file_kind" AS ENUM('headshot', 'document', 'receipt', 'logo');--> statement-breakpoint
CREATE TYPE "public"."media_kit_file_role" AS ENUM('headshot', 'resource');--> statement-breakpoint
CREATE TYPE "public"."share_link_kind" AS ENUM('media_kit', 'resources');--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" "file_kind" DEFAULT 'document' NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_kit_files" (
	"user_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"role" "media_kit_file_role" NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "media_kit_files_user_id_role_file_id_pk" PRIMARY KEY("user_id","role","file_id")
);
--> statement-breakpoint
CREATE TABLE "media_kits" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"headline" text,
	"short_bio" text,
	"long_bio" text,
	"topics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fee_from" integer,
	"fee_to" integer,
	"travels_from" text,
	"videos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"testimonials" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"links" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share_link_files" (
	"share_link_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "share_link_files_share_link_id_file_id_pk" PRIMARY KEY("share_link_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "share_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" "share_link_kind" NOT NULL,
	"label" text NOT NULL,
	"token_hash" text NOT NULL,
	"event_id" uuid,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"view_count" integer DEFAULT 0 NOT NULL,
	"last_viewed_at" timestamp with time zone,
	"download_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "share_links_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "speaker_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_kit_files" ADD CONSTRAINT "media_kit_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_kit_files" ADD CONSTRAINT "media_kit_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_kits" ADD CONSTRAINT "media_kits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_link_files" ADD CONSTRAINT "share_link_files_share_link_id_share_links_id_fk" FOREIGN KEY ("share_link_id") REFERENCES "public"."share_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_link_files" ADD CONSTRAINT "share_link_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_link_files" ADD CONSTRAINT "share_link_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "speaker_slugs" ADD CONSTRAINT "speaker_slugs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_user_id_kind_created_at_index" ON "files" USING btree ("user_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "media_kit_files_file_id_index" ON "media_kit_files" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "share_link_files_file_id_index" ON "share_link_files" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "share_link_files_user_id_index" ON "share_link_files" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "share_links_user_id_created_at_index" ON "share_links" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "speaker_slugs_user_id_index" ON "speaker_slugs" USING btree ("user_id");
ALTER TABLE "speaker_slugs" DROP CONSTRAINT "speaker_slugs_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "speaker_slugs" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "speaker_slugs" ADD CONSTRAINT "speaker_slugs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
CREATE TABLE "promotion_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"promotion_key" text NOT NULL,
	"user_id" uuid,
	"redeemed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "promotion_redemptions" ADD CONSTRAINT "promotion_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_redemptions_promotion_key_user_id_index" ON "promotion_redemptions" USING btree ("promotion_key","user_id");--> statement-breakpoint
CREATE INDEX "promotion_redemptions_user_id_index" ON "promotion_redemptions" USING btree ("user_id");
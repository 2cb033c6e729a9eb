CREATE TYPE "public"."nearby_category" AS ENUM('food', 'activities');--> statement-breakpoint
CREATE TABLE "nearby_places" (
	"address_key" text NOT NULL,
	"category" "nearby_category" NOT NULL,
	"lat" double precision,
	"lon" double precision,
	"places" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nearby_places_address_key_category_pk" PRIMARY KEY("address_key","category")
);
--> statement-breakpoint
CREATE INDEX "nearby_places_fetched_at_index" ON "nearby_places" USING btree ("fetched_at");
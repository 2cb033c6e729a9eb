ALTER TYPE "public"."invoice_activity_type" ADD VALUE 'link_reissued';--> statement-breakpoint
CREATE TABLE "token_key_fingerprints" (
	"purpose" text PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "link_version" integer DEFAULT 1 NOT NULL;
-- The planner's booking page (issue 32, DESIGN §11): one link per event that carries the agreement, the
-- deposit and balance invoices and the materials. The link's token is derived (HMAC of id and link version,
-- decision 037), so only its SHA-256 is stored.
CREATE TYPE "public"."booking_status" AS ENUM('sent', 'opened', 'signed', 'deposit_paid', 'confirmed', 'revoked');--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"link_version" integer DEFAULT 1 NOT NULL,
	"status" "booking_status" DEFAULT 'sent' NOT NULL,
	"recipient_email" text NOT NULL,
	"message" text,
	"contract_id" uuid,
	"earlier_contract_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"deposit_invoice_id" uuid,
	"balance_invoice_id" uuid,
	"file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"include_media_kit" boolean DEFAULT true NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"opened_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"deposit_paid_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"contract_revised_at" timestamp with time zone,
	"view_count" integer DEFAULT 0 NOT NULL,
	"last_viewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_tokenHash_unique" UNIQUE("token_hash"),
	CONSTRAINT "bookings_eventId_unique" UNIQUE("event_id")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_deposit_invoice_id_invoices_id_fk" FOREIGN KEY ("deposit_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_balance_invoice_id_invoices_id_fk" FOREIGN KEY ("balance_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_user_id_created_at_index" ON "bookings" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "bookings_contract_id_index" ON "bookings" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "bookings_deposit_invoice_id_index" ON "bookings" USING btree ("deposit_invoice_id");--> statement-breakpoint
CREATE INDEX "bookings_balance_invoice_id_index" ON "bookings" USING btree ("balance_invoice_id");--> statement-breakpoint
CREATE TRIGGER bookings_notify AFTER INSERT OR DELETE OR UPDATE ON bookings
  FOR EACH ROW EXECUTE FUNCTION notify_user_changed();

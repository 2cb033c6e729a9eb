CREATE TYPE "public"."invoice_activity_type" AS ENUM('created', 'updated', 'sent', 'viewed', 'reminder_sent', 'payment_recorded', 'payment_removed', 'paid', 'voided', 'deleted');--> statement-breakpoint
CREATE TYPE "public"."invoice_kind" AS ENUM('standard', 'deposit', 'balance');--> statement-breakpoint
CREATE TYPE "public"."invoice_status" AS ENUM('draft', 'sent', 'partial', 'paid', 'void');--> statement-breakpoint
CREATE TYPE "public"."payment_method" AS ENUM('card', 'check', 'bank_transfer', 'cash', 'other');--> statement-breakpoint
CREATE TABLE "invoice_activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"type" "invoice_activity_type" NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"detail" text
);
--> statement-breakpoint
CREATE TABLE "invoice_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"quantity_hundredths" integer NOT NULL,
	"unit_price" integer NOT NULL,
	"amount" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"date" date NOT NULL,
	"method" "payment_method" NOT NULL,
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_payments_amount" CHECK ("invoice_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_reminders" (
	"invoice_id" uuid NOT NULL,
	"rule" text NOT NULL,
	"user_id" uuid NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invoice_reminders_invoice_id_rule_pk" PRIMARY KEY("invoice_id","rule")
);
--> statement-breakpoint
CREATE TABLE "invoice_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"number_prefix" text DEFAULT 'INV-' NOT NULL,
	"next_number" integer DEFAULT 1 NOT NULL,
	"highest_number" integer DEFAULT 0 NOT NULL,
	"default_due_days" integer DEFAULT 14 NOT NULL,
	"payment_instructions" text,
	"tax_rate_basis_points" integer DEFAULT 0 NOT NULL,
	"business_address" text,
	"logo_file_id" uuid,
	"reminders" jsonb DEFAULT '{"beforeDueDays":[3],"onDueDate":true,"afterDueDays":[3,7,14]}'::jsonb NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_settings_next_number" CHECK ("invoice_settings"."next_number" > "invoice_settings"."highest_number")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"event_id" uuid,
	"client_id" uuid,
	"number" text NOT NULL,
	"kind" "invoice_kind" DEFAULT 'standard' NOT NULL,
	"status" "invoice_status" DEFAULT 'draft' NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"tax_rate_basis_points" integer DEFAULT 0 NOT NULL,
	"subtotal" integer DEFAULT 0 NOT NULL,
	"tax" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"amount_paid" integer DEFAULT 0 NOT NULL,
	"notes" text,
	"recipient_email" text,
	"token_hash" text,
	"sent_at" timestamp with time zone,
	"first_viewed_at" timestamp with time zone,
	"last_viewed_at" timestamp with time zone,
	"view_count" integer DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"void_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_tokenHash_unique" UNIQUE("token_hash"),
	CONSTRAINT "invoices_amounts" CHECK ("invoices"."total" >= 0 and "invoices"."amount_paid" >= 0 and "invoices"."amount_paid" <= "invoices"."total")
);
--> statement-breakpoint
ALTER TABLE "invoice_activity" ADD CONSTRAINT "invoice_activity_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_settings" ADD CONSTRAINT "invoice_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_settings" ADD CONSTRAINT "invoice_settings_logo_file_id_files_id_fk" FOREIGN KEY ("logo_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_activity_invoice_id_at_index" ON "invoice_activity" USING btree ("invoice_id","at");--> statement-breakpoint
CREATE INDEX "invoice_activity_user_id_index" ON "invoice_activity" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "invoice_items_invoice_id_position_index" ON "invoice_items" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE INDEX "invoice_items_user_id_index" ON "invoice_items" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_id_index" ON "invoice_payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_payments_user_id_date_index" ON "invoice_payments" USING btree ("user_id","date");--> statement-breakpoint
CREATE INDEX "invoice_reminders_user_id_index" ON "invoice_reminders" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_user_id_number_key" ON "invoices" USING btree ("user_id","number");--> statement-breakpoint
CREATE INDEX "invoices_user_id_issue_date_id_index" ON "invoices" USING btree ("user_id","issue_date","id");--> statement-breakpoint
CREATE INDEX "invoices_user_id_status_due_date_index" ON "invoices" USING btree ("user_id","status","due_date");--> statement-breakpoint
CREATE INDEX "invoices_event_id_index" ON "invoices" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "invoices_client_id_index" ON "invoices" USING btree ("client_id");--> statement-breakpoint
-- Invoices feed the dashboard's action items (overdue invoices), which are cached on the book version.
CREATE TRIGGER invoices_book_version_insert AFTER INSERT ON invoices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_book_versions();
--> statement-breakpoint
CREATE TRIGGER invoices_book_version_update AFTER UPDATE ON invoices
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_book_versions();
--> statement-breakpoint
CREATE TRIGGER invoices_book_version_delete AFTER DELETE ON invoices
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_book_versions();

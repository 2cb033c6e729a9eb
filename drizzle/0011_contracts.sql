CREATE TYPE "public"."contract_status" AS ENUM('draft', 'sent', 'viewed', 'signed', 'completed', 'declined', 'voided', 'expired');--> statement-breakpoint
CREATE TABLE "contract_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "contract_audit_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"actor" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"body" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"event_id" uuid,
	"template_id" uuid,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"status" "contract_status" DEFAULT 'draft' NOT NULL,
	"signer_name" text,
	"signer_email" text,
	"message" text,
	"missing_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"token_hash" text,
	"sent_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"viewed_at" timestamp with time zone,
	"viewed_ip" text,
	"viewed_user_agent" text,
	"consented_at" timestamp with time zone,
	"client_signature" jsonb,
	"client_signed_at" timestamp with time zone,
	"speaker_signature" jsonb,
	"speaker_signed_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"decline_reason" text,
	"voided_at" timestamp with time zone,
	"void_reason" text,
	"completed_at" timestamp with time zone,
	"document_key" text,
	"document_sha256" text,
	"final_key" text,
	"final_sha256" text,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"last_reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contracts_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "contract_audit" ADD CONSTRAINT "contract_audit_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_audit" ADD CONSTRAINT "contract_audit_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_templates" ADD CONSTRAINT "contract_templates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_template_id_contract_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."contract_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_audit_contract_id_at_index" ON "contract_audit" USING btree ("contract_id","at");--> statement-breakpoint
CREATE INDEX "contract_audit_user_id_index" ON "contract_audit" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "contract_templates_user_id_created_at_index" ON "contract_templates" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_templates_one_default" ON "contract_templates" USING btree ("user_id") WHERE "contract_templates"."is_default";--> statement-breakpoint
CREATE INDEX "contracts_user_id_created_at_index" ON "contracts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "contracts_event_id_index" ON "contracts" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "contracts_template_id_index" ON "contracts" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "contracts_open_by_status" ON "contracts" USING btree ("status","sent_at");--> statement-breakpoint
CREATE FUNCTION contract_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'contract_audit is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER contract_audit_no_update BEFORE UPDATE ON "contract_audit"
  FOR EACH ROW EXECUTE FUNCTION contract_audit_append_only();

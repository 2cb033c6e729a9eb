ALTER TABLE "email_outbox" ADD COLUMN "sender_id" uuid;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "body_purged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_outbox_sender_id_created_at_index" ON "email_outbox" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE INDEX "email_outbox_sender_id_recipient_index" ON "email_outbox" USING btree ("sender_id",lower("to"));--> statement-breakpoint
CREATE INDEX "email_outbox_unpurged_sent_at_index" ON "email_outbox" USING btree ("sent_at") WHERE status = 'sent' and body_purged_at is null;
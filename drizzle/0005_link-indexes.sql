CREATE INDEX "events_client_id_user_id_index" ON "events" USING btree ("client_id","user_id");--> statement-breakpoint
CREATE INDEX "events_bureau_partner_id_user_id_index" ON "events" USING btree ("bureau_partner_id","user_id");--> statement-breakpoint
DROP INDEX "events_user_id_client_id_index";

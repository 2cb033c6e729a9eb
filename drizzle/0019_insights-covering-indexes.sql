DROP INDEX "events_user_id_date_id_index";--> statement-breakpoint
DROP INDEX "expenses_user_id_date_id_index";--> statement-breakpoint
DROP INDEX "invoice_payments_user_id_date_index";--> statement-breakpoint
DROP INDEX "invoices_user_id_issue_date_id_index";--> statement-breakpoint
DROP INDEX "mileage_trips_user_id_date_id_index";--> statement-breakpoint
CREATE INDEX "events_user_id_date_id_covering" ON "events" USING btree ("user_id","date","id","status","fee","travel_fee","attendees","client_id","bureau_partner_id","state");--> statement-breakpoint
CREATE INDEX "expenses_user_id_date_id_covering" ON "expenses" USING btree ("user_id","date","id","category","amount");--> statement-breakpoint
CREATE INDEX "invoice_payments_user_id_date_covering" ON "invoice_payments" USING btree ("user_id","date","amount");--> statement-breakpoint
CREATE INDEX "invoices_user_id_issue_date_id_covering" ON "invoices" USING btree ("user_id","issue_date","id","status","total");--> statement-breakpoint
CREATE INDEX "mileage_trips_user_id_date_id_covering" ON "mileage_trips" USING btree ("user_id","date","id","miles_hundredths","round_trip");
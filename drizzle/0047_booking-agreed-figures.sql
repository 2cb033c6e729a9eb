-- The fees the booking's sent agreement was made with: the booking page shows these, not the event's
-- current ones, until the speaker sends the revised agreement (issue 41). Null on bookings sent before.
ALTER TABLE "bookings" ADD COLUMN "agreed_fee" integer;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "agreed_travel_fee" integer;
--> statement-breakpoint
-- Revoking a booking withdraws the links of its invoices (issue 40).
ALTER TYPE "public"."invoice_activity_type" ADD VALUE 'link_withdrawn';

CREATE TYPE "public"."expense_category" AS ENUM('airfare', 'lodging', 'meals', 'ground_transport', 'materials', 'marketing', 'commissions', 'fees', 'office', 'other');--> statement-breakpoint
CREATE TABLE "expenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"event_id" uuid,
	"date" date NOT NULL,
	"amount" integer NOT NULL,
	"category" "expense_category" NOT NULL,
	"vendor" text,
	"description" text,
	"receipt_file_id" uuid,
	"billable" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expenses_amount_positive" CHECK ("expenses"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "mileage_rates" (
	"user_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"tenths_of_cent_per_mile" integer NOT NULL,
	CONSTRAINT "mileage_rates_user_id_year_pk" PRIMARY KEY("user_id","year"),
	CONSTRAINT "mileage_rates_rate" CHECK ("mileage_rates"."tenths_of_cent_per_mile" >= 0)
);
--> statement-breakpoint
CREATE TABLE "mileage_trips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"event_id" uuid,
	"date" date NOT NULL,
	"from_place" text NOT NULL,
	"to_place" text NOT NULL,
	"purpose" text NOT NULL,
	"miles_hundredths" integer NOT NULL,
	"round_trip" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mileage_trips_miles_positive" CHECK ("mileage_trips"."miles_hundredths" > 0)
);
--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_receipt_file_id_files_id_fk" FOREIGN KEY ("receipt_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mileage_rates" ADD CONSTRAINT "mileage_rates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mileage_trips" ADD CONSTRAINT "mileage_trips_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mileage_trips" ADD CONSTRAINT "mileage_trips_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expenses_user_id_date_id_index" ON "expenses" USING btree ("user_id","date","id");--> statement-breakpoint
CREATE INDEX "expenses_event_id_index" ON "expenses" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "expenses_receipt_file_id_index" ON "expenses" USING btree ("receipt_file_id");--> statement-breakpoint
CREATE INDEX "mileage_trips_user_id_date_id_index" ON "mileage_trips" USING btree ("user_id","date","id");--> statement-breakpoint
CREATE INDEX "mileage_trips_event_id_index" ON "mileage_trips" USING btree ("event_id");
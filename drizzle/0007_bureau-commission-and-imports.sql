CREATE TABLE "workbook_imports" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"last_imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bureau_partners" ADD COLUMN "commission_basis_points" integer;--> statement-breakpoint
ALTER TABLE "workbook_imports" ADD CONSTRAINT "workbook_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
CREATE TABLE "configured_admin_grants" (
	"username" "citext" PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL
);

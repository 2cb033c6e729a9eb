-- Issue 40 item 5. Automatic countersigning never signs an agreement whose merged values the planner supplied
-- (questionnaire answers that filled the event) unless the speaker has opened that agreement since.
-- `events.planner_filled_at`: when the planner's answers last filled a field a contract merges;
-- `contracts.planner_filled_at`: that time as merged into the draft; `contracts.speaker_read_at`: when the
-- speaker last opened the agreement in the app.
ALTER TABLE "events" ADD COLUMN "planner_filled_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "planner_filled_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "speaker_read_at" timestamp with time zone;

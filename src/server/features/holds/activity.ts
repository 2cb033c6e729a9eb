import type { Queryable } from "../../platform/db/client.ts";
import { eventActivity } from "../../platform/db/schema.ts";

export type ActivityEntry = {
  userId: string;
  eventId: string;
  type:
    | "hold_released"
    | "hold_expired"
    | "hold_challenge_sent"
    | "hold_challenge_confirmed"
    | "hold_challenge_released";
  actor: "speaker" | "planner" | "system";
  detail: string;
  at: Date;
};

/** Notes in the event's activity what happened to its hold, inside the caller's transaction. */
export async function recordActivity(db: Queryable, entry: ActivityEntry): Promise<void> {
  await db.insert(eventActivity).values(entry);
}

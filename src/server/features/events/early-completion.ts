import {
  type EventStatus,
  earlyCompletionRefusal,
  isTooEarlyToComplete,
} from "../../../shared/schemas/event-status.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { AppError } from "../../platform/http/errors.ts";
import { speakerToday } from "../follow-ups/notification-settings.ts";

type Anchors = { status: EventStatus; date: string };

/**
 * Refuses (409) an event that would be Completed before its date has come in the speaker's time zone. Only
 * a change is judged, a status becoming Completed or a Completed event's date moving, so an event saved
 * before this rule existed can still be edited or reopened.
 */
export async function refuseEarlyCompletion(
  db: Queryable,
  userId: string,
  before: Anchors | null,
  after: Anchors,
  now: Date,
): Promise<void> {
  if (after.status !== "completed") return;
  if (before?.status === "completed" && before.date === after.date) return;
  if (isTooEarlyToComplete(after.date, await speakerToday(db, userId, now))) {
    throw new AppError("CONFLICT", earlyCompletionRefusal(after.date));
  }
}

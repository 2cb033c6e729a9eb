import { and, asc, eq } from "drizzle-orm";
import type { EventActivityEntry } from "../../../shared/schemas/holds.ts";
import { currentActor } from "../../platform/auth/acting-login.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { columnRows, columns } from "../../platform/db/columns.ts";
import { eventActivity, events } from "../../platform/db/schema.ts";
import { isUuid } from "../../platform/http/ids.ts";
import { eventNotFound } from "../events/get-event.ts";

export type ActivityEntry = {
  userId: string;
  eventId: string;
  type:
    | "created"
    | "changed"
    | "status_changed"
    | "booking_sent"
    | "booking_opened"
    | "booking_signed"
    | "booking_deposit_paid"
    | "booking_confirmed"
    | "booking_revoked"
    | "booking_reissued"
    | "hold_released"
    | "hold_expired"
    | "hold_challenge_sent"
    | "hold_challenge_confirmed"
    | "hold_challenge_released"
    | "questionnaire_sent"
    | "questionnaire_answered";
  actor: "speaker" | "planner" | "system";
  detail: string;
  at: Date;
};

/**
 * Notes in the event's activity what happened to it (its creation and changes, its hold, its booking's steps),
 * inside the caller's transaction, naming the login that acted for the speaker (DESIGN §11 `by`).
 */
export async function recordActivity(db: Queryable, entry: ActivityEntry): Promise<void> {
  const by = entry.actor === "speaker" ? currentActor() : null;
  await db.insert(eventActivity).values(columns(eventActivity, { ...entry, by }));
}

/** Activity rows of one write per statement: a 10,000-row import stays a handful of statements. */
const ENTRIES_PER_STATEMENT = 1000;

/** `recordActivity` for many notes of one write (an import), in a few statements. */
export async function recordActivities(db: Queryable, entries: ActivityEntry[]): Promise<void> {
  const by = currentActor();
  for (let start = 0; start < entries.length; start += ENTRIES_PER_STATEMENT) {
    const part = entries.slice(start, start + ENTRIES_PER_STATEMENT);
    await db.insert(eventActivity).values(
      columnRows(
        eventActivity,
        part.map((entry) => ({ ...entry, by: entry.actor === "speaker" ? by : null })),
      ),
    );
  }
}

/** `GET /api/events/:id/activity`: the speaker's event's activity, oldest first; another user's event is a 404. */
export async function listActivity(
  db: Queryable,
  userId: string,
  eventId: string,
): Promise<EventActivityEntry[]> {
  if (!isUuid(eventId)) throw eventNotFound();
  const [event] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.userId, userId)));
  if (!event) throw eventNotFound();
  const rows = await db
    .select({
      type: eventActivity.type,
      at: eventActivity.at,
      actor: eventActivity.actor,
      by: eventActivity.by,
      detail: eventActivity.detail,
    })
    .from(eventActivity)
    .where(and(eq(eventActivity.userId, userId), eq(eventActivity.eventId, eventId)))
    .orderBy(asc(eventActivity.at), asc(eventActivity.seq));
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
}

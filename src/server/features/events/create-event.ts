import type { CreateEvent, EventDetail } from "../../../shared/schemas/events.ts";
import type { Database, Queryable } from "../../platform/db/client.ts";
import type { JsonText } from "../../platform/http/send-json.ts";
import { syncEventTasks } from "../follow-ups/event-tasks.ts";
import { refuseDoubleBooking, withConflicts } from "../holds/conflicts.ts";
import { defaultHoldExpiry } from "../holds/hold-settings.ts";
import { refuseEarlyCompletion } from "./early-completion.ts";
import { BY_THE_SPEAKER, type EventOrigin, recordEventCreation } from "./event-changes.ts";
import { toEventValues } from "./event-values.ts";
import { getEvent } from "./get-event.ts";
import { resolveEventLinks } from "./link-records.ts";
import { insertEvent } from "./queries.ts";

/**
 * Creates an event, linking (or creating) its client and bureau partner and making the action list's tasks
 * for its status, in one transaction; the answer carries its conflicts.
 */
export async function createEvent(
  db: Database,
  userId: string,
  input: CreateEvent,
  now = new Date(),
): Promise<JsonText<EventDetail>> {
  return db.transaction(async (tx) => {
    const id = await insertEventWithLinks(tx, userId, input, now, BY_THE_SPEAKER);
    return withConflicts(tx, userId, id, await getEvent(tx, userId, id));
  });
}

/**
 * Inserts an event, links its client and bureau partner and makes its follow-up tasks, inside the caller's
 * transaction; its id. Completed is refused before the event's date, and a second confirmed talk on one day
 * without `bookAnyway`. A new hold takes the next rank on its date (the database's trigger) and, unless
 * given, the default expiry of the speaker's hold settings. Its activity notes who made it (`origin`).
 */
export async function insertEventWithLinks(
  db: Queryable,
  userId: string,
  input: CreateEvent,
  now: Date,
  origin: EventOrigin,
): Promise<string> {
  const anchors = { status: input.status ?? "inquiry", date: input.date };
  await refuseEarlyCompletion(db, userId, null, anchors, now);
  const links = await resolveEventLinks(db, userId, input);
  const holdExpiresAt =
    anchors.status === "hold" && input.holdExpiresAt === undefined
      ? await defaultHoldExpiry(db, userId, input.date, now)
      : input.holdExpiresAt;
  const id = await insertEvent(db, userId, {
    ...toEventValues(input),
    ...links,
    title: input.title,
    date: input.date,
    holdExpiresAt,
  });
  await recordEventCreation(db, userId, { id, ...anchors }, origin, now);
  if (anchors.status === "confirmed" && !input.bookAnyway) await refuseDoubleBooking(db, userId, id);
  await syncEventTasks(db, userId, id, null, anchors, now);
  return id;
}

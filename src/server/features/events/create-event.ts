import type { CreateEvent, Event } from "../../../shared/schemas/events.ts";
import type { Database, Queryable } from "../../platform/db/client.ts";
import type { JsonText } from "../../platform/http/send-json.ts";
import { syncEventTasks } from "../follow-ups/event-tasks.ts";
import { refuseEarlyCompletion } from "./early-completion.ts";
import { toEventValues } from "./event-values.ts";
import { getEvent } from "./get-event.ts";
import { resolveEventLinks } from "./link-records.ts";
import { insertEvent } from "./queries.ts";

/**
 * Creates an event, linking (or creating) its client and bureau partner and making the action list's tasks
 * for its status, in one transaction.
 */
export async function createEvent(
  db: Database,
  userId: string,
  input: CreateEvent,
  now = new Date(),
): Promise<JsonText<Event>> {
  return db.transaction(async (tx) =>
    getEvent(tx, userId, await insertEventWithLinks(tx, userId, input, now)),
  );
}

/**
 * Inserts an event, links its client and bureau partner and makes its follow-up tasks, inside the caller's
 * transaction; its id. Completed is refused before the event's date.
 */
export async function insertEventWithLinks(
  db: Queryable,
  userId: string,
  input: CreateEvent,
  now = new Date(),
): Promise<string> {
  const anchors = { status: input.status ?? "inquiry", date: input.date };
  await refuseEarlyCompletion(db, userId, null, anchors, now);
  const links = await resolveEventLinks(db, userId, input);
  const id = await insertEvent(db, userId, {
    ...toEventValues(input),
    ...links,
    title: input.title,
    date: input.date,
  });
  await syncEventTasks(db, userId, id, null, anchors, now);
  return id;
}

import type { CreateEvent, Event } from "../../../shared/schemas/events.ts";
import type { Database, Queryable } from "../../platform/db/client.ts";
import type { JsonText } from "../../platform/http/send-json.ts";
import { toEventValues } from "./event-values.ts";
import { getEvent } from "./get-event.ts";
import { resolveEventLinks } from "./link-records.ts";
import { insertEvent } from "./queries.ts";

/** Creates an event, linking (or creating) its client and bureau partner in the same transaction. */
export async function createEvent(
  db: Database,
  userId: string,
  input: CreateEvent,
): Promise<JsonText<Event>> {
  return db.transaction(async (tx) => getEvent(tx, userId, await insertEventWithLinks(tx, userId, input)));
}

/** Inserts an event and links its client and bureau partner, inside the caller's transaction; its id. */
export async function insertEventWithLinks(
  db: Queryable,
  userId: string,
  input: CreateEvent,
): Promise<string> {
  const links = await resolveEventLinks(db, userId, input);
  return insertEvent(db, userId, { ...toEventValues(input), ...links, title: input.title, date: input.date });
}

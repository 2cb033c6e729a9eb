import type { CreateEvent, Event } from "../../../shared/schemas/events.ts";
import type { Database } from "../../platform/db/client.ts";
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
  return db.transaction(async (tx) => {
    const links = await resolveEventLinks(tx, userId, input);
    const id = await insertEvent(tx, userId, {
      ...toEventValues(input),
      ...links,
      title: input.title,
      date: input.date,
    });
    return getEvent(tx, userId, id);
  });
}

import type { CreateEvent, Event } from "../../../shared/schemas/events.ts";
import type { Database } from "../../platform/db/client.ts";
import { resolveEventLinks } from "./link-records.ts";
import { toEvent, toEventValues } from "./map-event.ts";
import { findEventRow, insertEvent } from "./queries.ts";

/** Creates an event, linking (or creating) its client and bureau partner in the same transaction. */
export async function createEvent(db: Database, userId: string, input: CreateEvent): Promise<Event> {
  return db.transaction(async (tx) => {
    const links = await resolveEventLinks(tx, userId, input);
    const id = await insertEvent(tx, userId, {
      ...toEventValues(input),
      ...links,
      title: input.title,
      date: input.date,
    });
    return toEvent((await findEventRow(tx, userId, id))!);
  });
}

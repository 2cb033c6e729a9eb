import type { Queryable } from "../../platform/db/client.ts";
import { isUuid } from "../../platform/http/ids.ts";
import { eventNotFound } from "./get-event.ts";
import { deleteEventRow } from "./queries.ts";

/** Deletes the user's event in one statement whose WHERE names the owner. */
export async function deleteEvent(db: Queryable, userId: string, id: string): Promise<void> {
  if (!isUuid(id) || !(await deleteEventRow(db, userId, id))) throw eventNotFound();
}

import type { Event } from "../../../shared/schemas/events.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { notFound } from "../../platform/http/errors.ts";
import { isUuid } from "../../platform/http/ids.ts";
import { toEvent } from "./map-event.ts";
import { findEventRow } from "./queries.ts";

export const eventNotFound = () => notFound("Event not found");

/** The user's event; another user's id is a 404 exactly like an unknown one. */
export async function getEvent(db: Queryable, userId: string, id: string): Promise<Event> {
  const row = isUuid(id) ? await findEventRow(db, userId, id) : null;
  if (!row) throw eventNotFound();
  return toEvent(row);
}

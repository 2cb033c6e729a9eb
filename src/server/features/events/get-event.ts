import type { Event } from "../../../shared/schemas/events.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { notFound } from "../../platform/http/errors.ts";
import { isUuid } from "../../platform/http/ids.ts";
import type { JsonText } from "../../platform/http/send-json.ts";
import { findEventJson } from "./queries.ts";

export const eventNotFound = () => notFound("Event not found");

/** The user's event as API JSON; another user's id is a 404 exactly like an unknown one. */
export async function getEvent(db: Queryable, userId: string, id: string): Promise<JsonText<Event>> {
  const json = isUuid(id) ? await findEventJson(db, userId, id) : null;
  if (!json) throw eventNotFound();
  return json;
}

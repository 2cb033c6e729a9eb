import { eq } from "drizzle-orm";
import type { ClientDetail } from "../../../shared/schemas/clients.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { events } from "../../platform/db/schema.ts";
import { notFound } from "../../platform/http/errors.ts";
import { isUuid } from "../../platform/http/ids.ts";
import { listEventSummaries } from "../events/event-summaries.ts";
import { toClient } from "./map-client.ts";
import { findClientRow } from "./queries.ts";

export const clientNotFound = () => notFound("Client not found");

/** The user's client with its totals and all its events, newest first. */
export async function getClient(db: Queryable, userId: string, id: string): Promise<ClientDetail> {
  const row = isUuid(id) ? await findClientRow(db, userId, id) : null;
  if (!row) throw clientNotFound();
  const clientEvents = await listEventSummaries(db, userId, {
    where: eq(events.clientId, id),
    order: "desc",
  });
  return { ...toClient(row), events: clientEvents };
}

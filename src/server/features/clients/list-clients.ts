import type { ClientListQuery, ClientPage } from "../../../shared/schemas/clients.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { clients, events } from "../../platform/db/schema.ts";
import { buildPage, decodeCursor } from "../../platform/http/cursor.ts";
import { findEventTotals } from "../events/event-summaries.ts";
import { toClient } from "./map-client.ts";
import { clientListFilter, listClientRows } from "./queries.ts";

/**
 * A page of the user's clients by name, each with its event count and total fees, and the totals over
 * every client the query matches.
 */
export async function listClients(
  db: Queryable,
  userId: string,
  query: ClientListQuery,
): Promise<ClientPage> {
  const after = query.cursor ? decodeCursor(query.cursor, query.sort, "string") : null;
  const filter = clientListFilter(userId, query.q);
  const rows = await listClientRows(db, filter, query, after);
  const page = buildPage(rows, {
    limit: query.limit,
    sort: query.sort,
    keyOf: (row) => row.sortKey,
    toItem: toClient,
  });
  return { ...page, totals: await findEventTotals(db, clients, events.clientId, filter) };
}

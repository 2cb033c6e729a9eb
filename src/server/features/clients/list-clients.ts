import type { ClientListQuery, ClientPage } from "../../../shared/schemas/clients.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { buildPage, decodeCursor } from "../../platform/http/cursor.ts";
import { toClient } from "./map-client.ts";
import { listClientRows } from "./queries.ts";

/** A page of the user's clients by name, each with its event count and total fees. */
export async function listClients(
  db: Queryable,
  userId: string,
  query: ClientListQuery,
): Promise<ClientPage> {
  const after = query.cursor ? decodeCursor(query.cursor, query.sort, "string") : null;
  const rows = await listClientRows(db, userId, query, after);
  return buildPage(rows, {
    limit: query.limit,
    sort: query.sort,
    keyOf: (row) => row.sortKey,
    toItem: toClient,
  });
}

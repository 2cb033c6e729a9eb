import type { EventListQuery, EventPage } from "../../../shared/schemas/events.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { buildPage, decodeCursor } from "../../platform/http/cursor.ts";
import type { JsonText } from "../../platform/http/send-json.ts";
import { listEventRows, sortKeyType } from "./list-query.ts";

/** A page of the user's events as API JSON; `nextCursor` continues after the last row in the same sort. */
export async function listEvents(
  db: Queryable,
  userId: string,
  query: EventListQuery,
): Promise<JsonText<EventPage>> {
  const after = query.cursor ? decodeCursor(query.cursor, query.sort, sortKeyType(query.sort)) : null;
  const rows = await listEventRows(db, userId, query, after);
  const page = buildPage(rows, {
    limit: query.limit,
    sort: query.sort,
    keyOf: (row) => row.sortKey as string | number,
    toItem: (row) => row.json,
  });
  return `{"items":[${page.items.join(",")}],"nextCursor":${JSON.stringify(page.nextCursor)}}`;
}

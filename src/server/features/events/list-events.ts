import type { EventListQuery, EventPage } from "../../../shared/schemas/events.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { type BookReader, cachedJsonText } from "../../platform/http/book-cache.ts";
import type { CachedAnswer } from "../../platform/http/cached-answer.ts";
import { buildPage, decodeCursor } from "../../platform/http/cursor.ts";
import { listEventRows, sortKeyType } from "./list-query.ts";

/**
 * A page of the user's events as API JSON; `nextCursor` continues after the last row in the same sort.
 * Served from the book cache while the speaker's book version is unchanged (decision 007). The version was
 * read before the page, so a page is never older than the version it is cached under.
 */
export async function listEvents(
  db: Queryable,
  reader: BookReader,
  query: EventListQuery,
): Promise<CachedAnswer<EventPage>> {
  const after = query.cursor ? decodeCursor(query.cursor, query.sort, sortKeyType(query.sort)) : null;
  return cachedJsonText(db, reader, ["events", query], async () => {
    const rows = await listEventRows(db, reader.userId, query, after);
    const page = buildPage(rows, {
      limit: query.limit,
      sort: query.sort,
      keyOf: (row) => row.sortKey as string | number,
      toItem: (row) => row.json,
    });
    return { text: `{"items":[${page.items.join(",")}],"nextCursor":${JSON.stringify(page.nextCursor)}}` };
  });
}

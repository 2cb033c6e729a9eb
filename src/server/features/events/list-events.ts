import type { EventListQuery, EventPage } from "../../../shared/schemas/events.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { buildPage, decodeCursor } from "../../platform/http/cursor.ts";
import type { JsonText } from "../../platform/http/send-json.ts";
import { pageCacheFor } from "./list-cache.ts";
import { listEventRows, sortKeyType } from "./list-query.ts";

/** Whose list, and their book version read before the page (the session lookup reads it). */
export type ListReader = { userId: string; bookVersion: number };

/**
 * A page of the user's events as API JSON; `nextCursor` continues after the last row in the same sort.
 * Served from the page cache while the speaker's book version is unchanged. The version was read before the
 * page, so a page is never older than the version it is cached under.
 */
export async function listEvents(
  db: Queryable,
  { userId, bookVersion }: ListReader,
  query: EventListQuery,
): Promise<JsonText<EventPage>> {
  const after = query.cursor ? decodeCursor(query.cursor, query.sort, sortKeyType(query.sort)) : null;
  const cache = pageCacheFor(db);
  const key = JSON.stringify([userId, bookVersion, query]);
  const cached = cache.get(key);
  if (cached !== undefined) return cached;

  const rows = await listEventRows(db, userId, query, after);
  const page = buildPage(rows, {
    limit: query.limit,
    sort: query.sort,
    keyOf: (row) => row.sortKey as string | number,
    toItem: (row) => row.json,
  });
  const text = `{"items":[${page.items.join(",")}],"nextCursor":${JSON.stringify(page.nextCursor)}}`;
  cache.set(key, text);
  return text;
}

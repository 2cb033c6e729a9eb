import { SEARCH_MIN_LENGTH, type SearchResults } from "../../../shared/schemas/search.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { searchClients, searchEvents } from "./queries.ts";

/**
 * Universal search (spec §2, §5): under two trimmed characters the answer is empty and no query runs.
 * Events on or after `today` (YYYY-MM-DD) rank before past ones.
 */
export async function search(
  db: Queryable,
  userId: string,
  query: string,
  today: string,
): Promise<SearchResults> {
  const text = query.trim();
  if (text.length < SEARCH_MIN_LENGTH) return { events: [], clients: [] };
  const [foundEvents, foundClients] = await Promise.all([
    searchEvents(db, userId, text, today),
    searchClients(db, userId, text),
  ]);
  return { events: foundEvents, clients: foundClients };
}

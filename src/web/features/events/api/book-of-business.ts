import { hashKey, type QueryClient, type QueryKey } from "@tanstack/react-query";

/**
 * The first element of every query key that holds events, clients or bureau partners. An event names a
 * client and a partner, and clients and partners carry totals of their events, so any change to one of them
 * can change what all of these show.
 */
const BOOK_OF_BUSINESS_PATHS = [
  "/api/events",
  "/api/clients",
  "/api/bureau-partners",
  "/api/dashboard",
  "/api/search",
  // An event's status and date make and move its tasks, and tasks show their event's title.
  "/api/tasks",
  // Free, held or booked follows every event's date and status.
  "/api/availability",
] as const;

/**
 * Refreshes every list, page and figure that shows the book of business, after any change to it. The page
 * of a just-deleted record (`deletedKey`) is only marked stale: asking for it again would answer 404 while
 * that page is still on screen, before it moves away.
 */
export async function refreshBookOfBusiness(queryClient: QueryClient, deletedKey?: QueryKey) {
  if (deletedKey) await queryClient.invalidateQueries({ queryKey: deletedKey, refetchType: "none" });
  const deletedHash = deletedKey ? hashKey(deletedKey) : null;
  await Promise.all(
    BOOK_OF_BUSINESS_PATHS.map((path) =>
      queryClient.invalidateQueries({
        queryKey: [path],
        predicate: (query) => query.queryHash !== deletedHash,
      }),
    ),
  );
}

/** `?a=1&b=2` from the parameters that have a value, or "" when none has. */
export function toQueryString(params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== "") search.set(name, String(value));
  }
  const query = search.toString();
  return query ? `?${query}` : "";
}

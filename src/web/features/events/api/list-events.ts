import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import type { EventPage, EventSort, EventStatus } from "../../../../shared/schemas/events.ts";
import { api } from "../../../lib/api.ts";
import { toQueryString } from "./book-of-business.ts";

export type EventFilters = {
  q?: string;
  status?: EventStatus;
  from?: string;
  to?: string;
  sort?: EventSort;
  clientId?: string;
};

/** Events per page of the list. */
export const EVENT_PAGE_SIZE = 25;

export function fetchEventPage(filters: EventFilters, cursor: string | null, signal?: AbortSignal) {
  const query = toQueryString({ ...filters, limit: EVENT_PAGE_SIZE, cursor });
  return api.get<EventPage>(`/api/events${query}`, { signal });
}

export function eventListOptions(filters: EventFilters) {
  return infiniteQueryOptions({
    queryKey: ["/api/events", "list", filters],
    queryFn: ({ pageParam, signal }) => fetchEventPage(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** The events matching `filters`, a page at a time; the previous results stay while new filters load. */
export function useEventList(filters: EventFilters) {
  return useInfiniteQuery({ ...eventListOptions(filters), placeholderData: keepPreviousData });
}

/**
 * Whether the speaker has any event at all, asked only when `enabled` (an empty upcoming view must tell a new
 * speaker "No events yet" rather than "No upcoming events"). Shares its cache with the All view.
 */
export function useHasAnyEvent(enabled: boolean) {
  const all = useInfiniteQuery({ ...eventListOptions({}), enabled });
  // Should the question fail, the view's own empty state is still true.
  if (all.isError) return true;
  return all.data ? all.data.pages[0]!.items.length > 0 : undefined;
}

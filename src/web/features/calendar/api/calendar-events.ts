import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { Event, EventPage } from "../../../../shared/schemas/events.ts";
import { MAX_PAGE_SIZE } from "../../../../shared/schemas/fields.ts";
import { api } from "../../../lib/api.ts";
import { toQueryString } from "../../events/api/book-of-business.ts";

/** Every event from `from` to `to` (both included), however many pages the list takes. */
async function fetchEventsBetween(from: string, to: string, signal: AbortSignal): Promise<Event[]> {
  const events: Event[] = [];
  let cursor: string | null = null;
  do {
    const query = toQueryString({ from, to, sort: "date", limit: MAX_PAGE_SIZE, cursor });
    const page: EventPage = await api.get<EventPage>(`/api/events${query}`, { signal });
    events.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return events;
}

/** Under "/api/events", so any change to the book of business refreshes the calendar. */
export function calendarEventsOptions(from: string, to: string) {
  return queryOptions({
    queryKey: ["/api/events", "calendar", { from, to }] as const,
    queryFn: ({ signal }) => fetchEventsBetween(from, to, signal),
  });
}

/** The events of the dates on screen; the previous month stays while the next one loads. */
export function useCalendarEvents(from: string, to: string) {
  return useQuery({ ...calendarEventsOptions(from, to), placeholderData: keepPreviousData });
}

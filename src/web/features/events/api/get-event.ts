import { queryOptions, useQuery } from "@tanstack/react-query";
import type { EventDetail } from "../../../../shared/schemas/events.ts";
import { api } from "../../../lib/api.ts";

export const eventQueryKey = (id: string) => ["/api/events", "detail", id] as const;

export function fetchEvent(id: string, signal?: AbortSignal) {
  return api.get<EventDetail>(`/api/events/${encodeURIComponent(id)}`, { signal });
}

export function eventOptions(id: string) {
  return queryOptions({ queryKey: eventQueryKey(id), queryFn: ({ signal }) => fetchEvent(id, signal) });
}

export function useEvent(id: string) {
  return useQuery(eventOptions(id));
}

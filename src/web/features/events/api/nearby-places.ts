import { useQuery } from "@tanstack/react-query";
import type { NearbyCategory, NearbyPlaces } from "../../../../shared/schemas/nearby-places.ts";
import { api } from "../../../lib/api.ts";

/** Under the event's key, so editing the event (and its address) asks again. */
export const nearbyPlacesKey = (eventId: string, category: NearbyCategory) =>
  ["/api/events", "detail", eventId, "nearby", category] as const;

export function useNearbyPlaces(eventId: string, category: NearbyCategory) {
  return useQuery({
    queryKey: nearbyPlacesKey(eventId, category),
    queryFn: ({ signal }) =>
      api.get<NearbyPlaces>(`/api/events/${encodeURIComponent(eventId)}/nearby?category=${category}`, {
        signal,
      }),
    // The server keeps the answer 30 days; no need to ask again on every visit to the page.
    staleTime: 10 * 60 * 1000,
  });
}

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Event } from "../../../../shared/schemas/events.ts";
import type {
  Availability,
  ChallengeSent,
  HoldSettings,
  HoldSettingsInput,
} from "../../../../shared/schemas/holds.ts";
import { api } from "../../../lib/api.ts";
import { refreshBookOfBusiness, toQueryString } from "../../events/api/book-of-business.ts";
import { eventQueryKey } from "../../events/api/get-event.ts";

const eventPath = (id: string, action: string) => `/api/events/${encodeURIComponent(id)}/${action}`;

/** Free, held or booked for each date with events from `from` to `to` (DESIGN §11). */
export function useAvailability(from: string, to: string, isEnabled = true) {
  return useQuery({
    queryKey: ["/api/availability", { from, to }] as const,
    queryFn: ({ signal }) =>
      api.get<Availability>(`/api/availability${toQueryString({ from, to })}`, { signal }),
    enabled: isEnabled && Boolean(from && to),
  });
}

/** A change to a hold renumbers the others on its date, so every event list, page and the calendar refresh. */
function useHoldMutation<Input>(request: (input: Input) => Promise<Event>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: request, onSuccess: () => refreshBookOfBusiness(queryClient) });
}

export const useSetHoldRank = () =>
  useHoldMutation(({ id, rank }: { id: string; rank: number }) =>
    api.post<Event>(eventPath(id, "hold-rank"), { rank }),
  );

export const useReleaseHold = () =>
  useHoldMutation(({ id }: { id: string }) => api.post<Event>(eventPath(id, "release")));

export function useChallengeFirstHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, deadline }: { id: string; deadline: string }) =>
      api.post<ChallengeSent>(eventPath(id, "challenge"), { deadline }),
    // The challenge shows in the event's activity.
    onSuccess: (_, { id }) => queryClient.invalidateQueries({ queryKey: eventQueryKey(id) }),
  });
}

const HOLD_SETTINGS_KEY = ["/api/hold-settings"] as const;

export const useHoldSettings = () =>
  useQuery({
    queryKey: HOLD_SETTINGS_KEY,
    queryFn: ({ signal }) => api.get<HoldSettings>("/api/hold-settings", { signal }),
  });

export function useSaveHoldSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: HoldSettingsInput) => api.put<HoldSettings>("/api/hold-settings", settings),
    onSuccess: (saved) => queryClient.setQueryData(HOLD_SETTINGS_KEY, saved),
  });
}

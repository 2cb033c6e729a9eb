import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CountersignSettings } from "../../../../shared/schemas/countersign-settings.ts";
import { api } from "../../../lib/api.ts";

const COUNTERSIGN_KEY = ["/api/countersign-settings"] as const;

/** The saved signature and whether it countersigns by itself when a planner signs (issue 32). */
export const useCountersignSettings = () =>
  useQuery({
    queryKey: COUNTERSIGN_KEY,
    queryFn: ({ signal }) => api.get<CountersignSettings>("/api/countersign-settings", { signal }),
  });

export function useSaveCountersignSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: CountersignSettings) =>
      api.put<CountersignSettings>("/api/countersign-settings", settings),
    onSuccess: async (saved) => {
      queryClient.setQueryData(COUNTERSIGN_KEY, saved);
      // The booking dialog's preview says whether sending countersigns by itself.
      await queryClient.invalidateQueries({ queryKey: ["/api/bookings", "preview"] });
    },
  });
}

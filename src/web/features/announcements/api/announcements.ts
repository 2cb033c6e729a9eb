import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ActiveAnnouncement } from "../../../../shared/schemas/announcements.ts";
import { api } from "../../../lib/api.ts";

const ACTIVE_KEY = ["/api/announcements"];

/** GET /api/announcements: what the banner shows this speaker now. */
export function useActiveAnnouncements() {
  return useQuery({
    queryKey: ACTIVE_KEY,
    queryFn: ({ signal }) => api.get<{ items: ActiveAnnouncement[] }>("/api/announcements", { signal }),
    select: (data) => data.items,
  });
}

/** POST /api/announcements/:id/dismiss; the banner hides it at once and for good. */
export function useDismissAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<void>(`/api/announcements/${id}/dismiss`),
    onMutate: (id) => {
      queryClient.setQueryData<{ items: ActiveAnnouncement[] }>(ACTIVE_KEY, (data) =>
        data ? { items: data.items.filter((item) => item.id !== id) } : data,
      );
    },
    onError: () => queryClient.invalidateQueries({ queryKey: ACTIVE_KEY }),
  });
}

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Announcement, AnnouncementInput } from "../../../../shared/schemas/announcements.ts";
import { api } from "../../../lib/api.ts";
import { mutationWithIdempotency } from "../../../lib/idempotent-mutation.ts";

const KEY = ["/api/admin/announcements"];

export function useAdminAnnouncements() {
  return useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => api.get<{ items: Announcement[] }>("/api/admin/announcements", { signal }),
    select: (data) => data.items,
  });
}

/** Creates (no id) or updates (with id) an announcement; the lists of admins and speakers refresh. */
export function useSaveAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: mutationWithIdempotency(
      ({ id, input }: { id?: string; input: AnnouncementInput }, options) =>
        id
          ? api.patch<Announcement>(`/api/admin/announcements/${id}`, input, options)
          : api.post<Announcement>("/api/admin/announcements", input, options),
    ),
    onSettled: () => {
      queryClient.invalidateQueries({ queryKey: KEY });
      queryClient.invalidateQueries({ queryKey: ["/api/announcements"] });
    },
  });
}

export function useDeleteAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/admin/announcements/${id}`),
    onSettled: () => {
      queryClient.invalidateQueries({ queryKey: KEY });
      queryClient.invalidateQueries({ queryKey: ["/api/announcements"] });
    },
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { mutationWithIdempotency } from "../../../lib/idempotent-mutation.ts";
import { refreshBookOfBusiness } from "./book-of-business.ts";
import { eventQueryKey } from "./get-event.ts";

export const deleteEvent = mutationWithIdempotency((id: string, options) =>
  api.delete<void>(`/api/events/${encodeURIComponent(id)}`, undefined, options),
);

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEvent,
    onSuccess: (_, id) => refreshBookOfBusiness(queryClient, eventQueryKey(id)),
  });
}

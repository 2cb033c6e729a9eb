import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { EventDetail, UpdateEvent } from "../../../../shared/schemas/events.ts";
import { api } from "../../../lib/api.ts";
import { mutationWithIdempotency } from "../../../lib/idempotent-mutation.ts";
import { refreshBookOfBusiness } from "./book-of-business.ts";
import { eventQueryKey } from "./get-event.ts";

export type EventChange = { id: string; changes: UpdateEvent };

export const updateEvent = mutationWithIdempotency(({ id, changes }: EventChange, options) =>
  api.patch<EventDetail>(`/api/events/${encodeURIComponent(id)}`, changes, options),
);

/** A partial update (the form, or one status change); the event's page shows the answer at once. */
export function useUpdateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEvent,
    onSuccess: (event) => {
      queryClient.setQueryData(eventQueryKey(event.id), event);
      return refreshBookOfBusiness(queryClient);
    },
  });
}

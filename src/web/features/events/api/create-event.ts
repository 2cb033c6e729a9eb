import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateEvent, EventDetail } from "../../../../shared/schemas/events.ts";
import { api } from "../../../lib/api.ts";
import { mutationWithIdempotency } from "../../../lib/idempotent-mutation.ts";
import { refreshBookOfBusiness } from "./book-of-business.ts";

export const createEvent = mutationWithIdempotency((input: CreateEvent, options) =>
  api.post<EventDetail>("/api/events", input, options),
);

export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createEvent, onSuccess: () => refreshBookOfBusiness(queryClient) });
}

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Booking, BookingPreview, SendBookingInput } from "../../../../shared/schemas/bookings.ts";
import { ApiError, api } from "../../../lib/api.ts";
import { refreshBookOfBusiness, toQueryString } from "../../events/api/book-of-business.ts";

const BOOKINGS = "/api/bookings";
const bookingPath = (eventId: string, action = "") =>
  `/api/events/${encodeURIComponent(eventId)}/booking${action ? `/${action}` : ""}`;
export const bookingKey = (eventId: string) => [BOOKINGS, "event", eventId] as const;

/** The event's booking with its steps, or null when none was sent yet (the API answers 404). */
export function useEventBooking(eventId: string) {
  return useQuery({
    queryKey: bookingKey(eventId),
    queryFn: async ({ signal }) => {
      try {
        return await api.get<Booking>(bookingPath(eventId), { signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    // The planner opens, signs and pays elsewhere: the card follows a live booking while it is on screen.
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status && status !== "confirmed" && status !== "revoked" ? 30_000 : false;
    },
  });
}

/** Every booking of the speaker, for the contract and invoice lists' step badge. */
export function useBookings() {
  return useQuery({
    queryKey: [BOOKINGS, "list"] as const,
    queryFn: ({ signal }) => api.get<{ bookings: Booking[] }>(BOOKINGS, { signal }),
    select: (answer) => answer.bookings,
  });
}

/** What sending would make or use, for the dialog's last look. */
export function useBookingPreview(eventId: string, depositPercent: number | null, isEnabled: boolean) {
  return useQuery({
    queryKey: [BOOKINGS, "preview", eventId, depositPercent] as const,
    queryFn: ({ signal }) =>
      api.get<BookingPreview>(`${bookingPath(eventId, "preview")}${toQueryString({ depositPercent })}`, {
        signal,
      }),
    enabled: isEnabled,
    placeholderData: (previous) => previous,
  });
}

/** Sending makes contracts and invoices, and may confirm nothing yet: every list refreshes. */
function useBookingMutation<Input>(request: (input: Input) => Promise<Booking>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async (booking) => {
      queryClient.setQueryData(bookingKey(booking.eventId), { ...booking, url: null });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [BOOKINGS] }),
        queryClient.invalidateQueries({ queryKey: ["/api/contracts"] }),
        queryClient.invalidateQueries({ queryKey: ["/api/invoices"] }),
        refreshBookOfBusiness(queryClient),
      ]);
    },
  });
}

export const useSendBooking = () =>
  useBookingMutation(({ eventId, ...input }: SendBookingInput & { eventId: string }) =>
    api.post<Booking>(bookingPath(eventId), input),
  );

export const useRevokeBooking = () =>
  useBookingMutation((eventId: string) => api.post<Booking>(bookingPath(eventId, "revoke")));

export const useReissueBooking = () =>
  useBookingMutation((eventId: string) => api.post<Booking>(bookingPath(eventId, "reissue")));

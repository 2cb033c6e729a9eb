import type { Booking, BookingStatus } from "../../../../shared/schemas/bookings.ts";

export const BOOKING_STEP_LABELS: Record<BookingStatus, string> = {
  sent: "Sent",
  opened: "Opened",
  signed: "Signed",
  deposit_paid: "Deposit paid",
  confirmed: "Confirmed",
  revoked: "Revoked",
};

/** The steps of a booking in order, each with its time once reached. */
export const PROGRESS_STEPS = ["sent", "opened", "signed", "deposit_paid", "confirmed"] as const;

/** The booking a contract or invoice belongs to (an earlier, amended agreement too), if any. */
export function bookingOfDocument(bookings: Booking[] | undefined, documentId: string) {
  return bookings?.find(
    (booking) =>
      booking.contractId === documentId ||
      booking.earlierContractIds.includes(documentId) ||
      booking.invoiceIds.includes(documentId),
  );
}

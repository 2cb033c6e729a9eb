import { Badge } from "../../../components/ui/badge.tsx";
import { useBookings } from "../api/bookings.ts";
import { BOOKING_STEP_LABELS, bookingOfDocument } from "./booking-steps.ts";

/** "Booking: Signed" beside a contract or invoice that belongs to a booking link; nothing otherwise. */
export function BookingStepBadge({ documentId, className }: { documentId: string; className?: string }) {
  const bookings = useBookings();
  const booking = bookingOfDocument(bookings.data, documentId);
  if (!booking) return null;
  return (
    <Badge
      className={className}
      variant={
        booking.status === "confirmed" ? "success" : booking.status === "revoked" ? "neutral" : "primary"
      }
      title="The step of the booking link this belongs to"
    >
      Booking: {BOOKING_STEP_LABELS[booking.status]}
    </Badge>
  );
}

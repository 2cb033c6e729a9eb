import { publicBookingSchema } from "../../../shared/schemas/bookings.ts";
import { speakerDisplayName } from "../../../shared/speaker-name.ts";
import { AppError } from "../../platform/http/errors.ts";
import { errorAnswer, type PageHeadResolver } from "../../platform/http/page-head.ts";
import { previewBooking } from "./public-booking.ts";
import type { BookingContext } from "./queries.ts";

const BOOKING_PAGE = /^\/b\/([^/]+)\/?$/;

/**
 * `/b/{token}`: a title naming the speaker and the event, and the booking as the planner's call answers it,
 * for the page to be rendered with (recording no view: the page's own call does, once it runs; decision
 * 042); 404, with the same body as the call, for a link that is unknown, revoked or expired.
 */
export function bookingPageHead(context: BookingContext): PageHeadResolver {
  return async (_request, pathname) => {
    const match = pathname.match(BOOKING_PAGE);
    if (!match) return null;
    try {
      const booking = await previewBooking(context, decodeURIComponent(match[1]!), new Date());
      const speaker = speakerDisplayName(booking.speaker);
      return {
        page: "booking",
        title: `Book ${speaker}: ${booking.event.title}`,
        description: `Review and sign the agreement, then pay the deposit to book ${speaker}.`,
        answer: { status: 200, json: JSON.stringify(publicBookingSchema.parse(booking)) },
      };
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404) {
        return { page: "booking", title: error.message, status: 404, answer: errorAnswer(error) };
      }
      throw error;
    }
  };
}

import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  bookingListSchema,
  bookingPreviewQuerySchema,
  bookingPreviewSchema,
  bookingSchema,
  sendBookingSchema,
} from "../../../shared/schemas/bookings.ts";
import { requireSignedIn } from "../../platform/auth/guards.ts";
import { requireUser } from "../../platform/auth/plugin.ts";
import { createStripeClient } from "../../platform/stripe/client.ts";
import { contractContext, originOf } from "../contracts/routes.ts";
import { getBooking, listBookings, reissueBooking, revokeBooking } from "./manage-booking.ts";
import { previewBookingSend } from "./preview-booking.ts";
import type { BookingContext } from "./queries.ts";
import { sendBooking } from "./send-booking.ts";

const tags = ["bookings"];
const params = z.object({ id: z.string() });

/** The booking operations' dependencies, from the app. */
export function bookingContext(app: FastifyInstance): BookingContext {
  return {
    db: app.db,
    appUrl: app.config.APP_URL,
    linkKey: app.tokenKeys["booking-link"],
    invoiceLinkKey: app.tokenKeys["invoice-link"],
    contracts: contractContext(app),
    cards: { db: app.db, config: app.config, stripe: createStripeClient(app.config.stripe) },
  };
}

/** `/api/events/:id/booking` (DESIGN §11): the speaker's side of the booking page. */
export async function bookingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", requireSignedIn);
  const context = bookingContext(app);

  app.post(
    "/api/events/:id/booking",
    { schema: { tags, params, body: sendBookingSchema, response: { 201: bookingSchema } } },
    async (request, reply) => {
      const userId = requireUser(request).id;
      const booking = await sendBooking(
        context,
        userId,
        request.params.id,
        request.body,
        originOf(request),
        new Date(),
      );
      return reply.status(201).send(booking);
    },
  );
  app.get(
    "/api/events/:id/booking",
    { schema: { tags, params, response: { 200: bookingSchema } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return getBooking(app.db, requireUser(request).id, request.params.id);
    },
  );
  app.get(
    "/api/events/:id/booking/preview",
    {
      schema: {
        tags,
        params,
        querystring: bookingPreviewQuerySchema,
        response: { 200: bookingPreviewSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const userId = requireUser(request).id;
      return previewBookingSend(app.db, userId, request.params.id, request.query.depositPercent, new Date());
    },
  );
  app.get(
    "/api/bookings",
    { schema: { tags, response: { 200: bookingListSchema } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return listBookings(app.db, requireUser(request).id);
    },
  );
  app.post(
    "/api/events/:id/booking/revoke",
    { schema: { tags, params, response: { 200: bookingSchema } } },
    async (request) => revokeBooking(app.db, requireUser(request).id, request.params.id, new Date()),
  );
  app.post(
    "/api/events/:id/booking/reissue",
    { schema: { tags, params, response: { 200: bookingSchema } } },
    async (request) => reissueBooking(context, requireUser(request).id, request.params.id, new Date()),
  );
}

import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { nearbyPlacesSchema, nearbyQuerySchema } from "../../../shared/schemas/nearby-places.ts";
import { requireSignedIn } from "../../platform/auth/guards.ts";
import { requireUser } from "../../platform/auth/plugin.ts";
import { notFound } from "../../platform/http/errors.ts";
import { isUuid } from "../../platform/http/ids.ts";
import { createNearbyPlacesFinder } from "./find-nearby-places.ts";
import { createOsmClient } from "./osm-client.ts";
import { findEventVenue } from "./queries.ts";

/** `GET /api/events/:id/nearby` (DESIGN §10): restaurants and things to do near the event's venue. */
export async function nearbyPlacesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", requireSignedIn);
  const { places, APP_URL, SUPPORT_EMAIL } = app.config;
  const osm = places
    ? createOsmClient({
        ...places,
        userAgent: `Podium/${process.env.npm_package_version ?? "0.1.0"} (+${APP_URL}; ${SUPPORT_EMAIL})`,
      })
    : null;
  const findNearbyPlaces = createNearbyPlacesFinder({ db: app.db, osm, log: app.log });

  app.get(
    "/api/events/:id/nearby",
    {
      schema: {
        tags: ["events"],
        params: z.object({ id: z.string() }),
        querystring: nearbyQuerySchema,
        response: { 200: nearbyPlacesSchema },
      },
    },
    async (request) => {
      const userId = requireUser(request).id;
      const venue = isUuid(request.params.id)
        ? await findEventVenue(app.db, userId, request.params.id)
        : null;
      if (!venue) throw notFound("Event not found");
      return findNearbyPlaces(venue, request.query.category, new Date());
    },
  );
}

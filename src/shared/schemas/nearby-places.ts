import { z } from "zod";

export const NEARBY_CATEGORIES = ["food", "activities"] as const;
export type NearbyCategory = (typeof NEARBY_CATEGORIES)[number];

export const nearbyQuerySchema = z.object({
  category: z.enum(NEARBY_CATEGORIES, { error: "Category must be food or activities" }).default("food"),
});

export const nearbyPlaceSchema = z.object({
  name: z.string(),
  /** The OpenStreetMap kind: restaurant, cafe, museum, attraction, gallery, park. */
  category: z.string(),
  cuisine: z.string().nullable(),
  distanceMeters: z.number(),
  address: z.string().nullable(),
  website: z.string().nullable(),
  openingHours: z.string().nullable(),
  osmUrl: z.string(),
});
export type NearbyPlace = z.infer<typeof nearbyPlaceSchema>;

/** `GET /api/events/:id/nearby` (DESIGN §10): places from OpenStreetMap, or only map search links. */
export const nearbyPlacesSchema = z.object({
  venue: z.object({ lat: z.number(), lon: z.number() }).nullable(),
  places: z.array(nearbyPlaceSchema),
  searchLinks: z.array(z.object({ label: z.string(), url: z.string() })),
  source: z.enum(["openstreetmap", "links-only"]),
});
export type NearbyPlaces = z.infer<typeof nearbyPlacesSchema>;

import { and, eq, gt, lt } from "drizzle-orm";
import type { NearbyCategory, NearbyPlace } from "../../../shared/schemas/nearby-places.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { columns } from "../../platform/db/columns.ts";
import { events, nearbyPlaces } from "../../platform/db/schema.ts";

/** How long a venue's answer is kept (issue 18). */
export const CACHE_DAYS = 30;

const freshSince = (now: Date) => new Date(now.getTime() - CACHE_DAYS * 24 * 60 * 60 * 1000);

/** The cached answer for the address and category, when younger than CACHE_DAYS. */
export async function findCachedPlaces(
  db: Queryable,
  addressKey: string,
  category: NearbyCategory,
  now: Date,
) {
  const [row] = await db
    .select({ lat: nearbyPlaces.lat, lon: nearbyPlaces.lon, places: nearbyPlaces.places })
    .from(nearbyPlaces)
    .where(
      and(
        eq(nearbyPlaces.addressKey, addressKey),
        eq(nearbyPlaces.category, category),
        gt(nearbyPlaces.fetchedAt, freshSince(now)),
      ),
    );
  return row ?? null;
}

/** The address's coordinates from another category's fresh answer (null inside: not found), else undefined. */
export async function findCachedVenue(db: Queryable, addressKey: string, now: Date) {
  const [row] = await db
    .select({ lat: nearbyPlaces.lat, lon: nearbyPlaces.lon })
    .from(nearbyPlaces)
    .where(and(eq(nearbyPlaces.addressKey, addressKey), gt(nearbyPlaces.fetchedAt, freshSince(now))))
    .limit(1);
  if (!row) return undefined;
  return row.lat === null || row.lon === null ? null : { lat: row.lat, lon: row.lon };
}

/** Keeps an answer (replacing an older one) and drops answers past their 30 days. */
export async function savePlaces(
  db: Queryable,
  entry: {
    addressKey: string;
    category: NearbyCategory;
    venue: { lat: number; lon: number } | null;
    places: NearbyPlace[];
  },
  now: Date,
) {
  const values = {
    lat: entry.venue?.lat ?? null,
    lon: entry.venue?.lon ?? null,
    places: entry.places,
    fetchedAt: now,
  };
  await db
    .insert(nearbyPlaces)
    .values(columns(nearbyPlaces, { addressKey: entry.addressKey, category: entry.category, ...values }))
    .onConflictDoUpdate({
      target: [nearbyPlaces.addressKey, nearbyPlaces.category],
      set: columns(nearbyPlaces, values),
    });
  await db.delete(nearbyPlaces).where(lt(nearbyPlaces.fetchedAt, freshSince(now)));
}

/** The address of the user's event, or null when the user has no such event. */
export async function findEventVenue(db: Queryable, userId: string, eventId: string) {
  const [row] = await db
    .select({
      venueName: events.venueName,
      streetAddress: events.streetAddress,
      city: events.city,
      state: events.state,
      zipCode: events.zipCode,
    })
    .from(events)
    .where(and(eq(events.userId, userId), eq(events.id, eventId)));
  return row ?? null;
}

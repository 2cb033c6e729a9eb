import type { FastifyBaseLogger } from "fastify";
import type { NearbyCategory, NearbyPlaces } from "../../../shared/schemas/nearby-places.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { type OsmClient, OsmUnavailableError } from "./osm-client.ts";
import { findCachedPlaces, findCachedVenue, savePlaces } from "./queries.ts";

export type VenueAddress = {
  venueName: string | null;
  streetAddress: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
};

const SEARCH_WORDS: Record<NearbyCategory, string> = { food: "restaurants", activities: "things to do" };

/**
 * What the geocoder is asked: the street address (else the venue's name) with city, state and zip. A
 * venue's name next to its street confuses Nominatim's free-form search more often than it helps.
 */
export function geocodingQuery(venue: VenueAddress): string | null {
  const parts = [venue.streetAddress ?? venue.venueName, venue.city, venue.state, venue.zipCode];
  const text = parts.filter(Boolean).join(", ");
  return text || null;
}

/** The cache key: the same place typed with other spacing or case is the same venue. */
export function addressKey(query: string): string {
  return query
    .normalize("NFKC")
    .toLowerCase()
    .split(",")
    .map((part) => part.trim().split(/\s+/).join(" "))
    .filter(Boolean)
    .join(", ");
}

/** "Restaurants near <address>" on OpenStreetMap and Google Maps: shown always, and alone as the fallback. */
export function searchLinks(category: NearbyCategory, venue: VenueAddress) {
  const where = [venue.venueName, venue.streetAddress, venue.city, venue.state, venue.zipCode]
    .filter(Boolean)
    .join(", ");
  if (!where) return [];
  const query = `${SEARCH_WORDS[category]} near ${where}`;
  return [
    {
      label: "OpenStreetMap",
      url: `https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}`,
    },
    {
      label: "Google Maps",
      url: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`,
    },
  ];
}

/**
 * Places near an event's venue: from the 30-day cache, else from the geocoder and Overpass (when
 * configured). Never fails: an unknown address, a service down or slow, or look-ups turned off answer
 * with the search links only.
 */
export function createNearbyPlacesFinder(deps: {
  db: Queryable;
  osm: OsmClient | null;
  log: FastifyBaseLogger;
}) {
  // Both panels of an event page ask at once; one geocoding serves both.
  const geocoding = new Map<string, Promise<{ lat: number; lon: number } | null>>();

  async function locate(key: string, query: string, now: Date) {
    const cached = await findCachedVenue(deps.db, key, now);
    if (cached !== undefined) return cached;
    let pending = geocoding.get(key);
    if (!pending) {
      pending = deps.osm!.geocode(query).finally(() => geocoding.delete(key));
      geocoding.set(key, pending);
    }
    return pending;
  }

  return async function findNearbyPlaces(
    venue: VenueAddress,
    category: NearbyCategory,
    now: Date,
  ): Promise<NearbyPlaces> {
    const links = searchLinks(category, venue);
    const linksOnly: NearbyPlaces = { venue: null, places: [], searchLinks: links, source: "links-only" };
    const query = geocodingQuery(venue);
    if (!query) return linksOnly;
    const key = addressKey(query);
    const cached = await findCachedPlaces(deps.db, key, category, now);
    if (cached) {
      if (cached.lat === null || cached.lon === null) return linksOnly;
      const found = { lat: cached.lat, lon: cached.lon };
      return { venue: found, places: cached.places, searchLinks: links, source: "openstreetmap" };
    }
    if (!deps.osm) return linksOnly;
    try {
      const found = await locate(key, query, now);
      const places = found ? await deps.osm.findPlaces(category, found.lat, found.lon) : [];
      await savePlaces(deps.db, { addressKey: key, category, venue: found, places }, now);
      if (!found) return linksOnly;
      return { venue: found, places, searchLinks: links, source: "openstreetmap" };
    } catch (error) {
      if (!(error instanceof OsmUnavailableError)) throw error;
      deps.log.warn({ err: error }, "places near a venue: look-up failed, showing search links");
      return linksOnly;
    }
  };
}

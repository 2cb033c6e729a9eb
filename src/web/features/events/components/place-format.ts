import type { NearbyPlace } from "../../../../shared/schemas/nearby-places.ts";

const KIND_LABELS: Record<string, string> = {
  restaurant: "Restaurant",
  cafe: "Café",
  museum: "Museum",
  attraction: "Attraction",
  gallery: "Gallery",
  park: "Park",
};

/** "Restaurant · italian, pizza", "Museum". */
export function describeKind(place: Pick<NearbyPlace, "category" | "cuisine">): string {
  const kind = KIND_LABELS[place.category] ?? place.category;
  return place.cuisine ? `${kind} · ${place.cuisine}` : kind;
}

const METERS_PER_MILE = 1609.344;

/** Miles with one decimal, as US speakers read distances ("0.3 mi"); a very short walk is "< 0.1 mi". */
export function formatDistance(meters: number): string {
  const miles = meters / METERS_PER_MILE;
  return miles < 0.1 ? "< 0.1 mi" : `${miles.toFixed(1)} mi`;
}

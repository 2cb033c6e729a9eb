import { joinPresent } from "../../../lib/format.ts";

type Place = { venueName: string | null; city: string | null; state: string | null };

/** "Hilton Austin · Austin, TX", or whatever of it is known. */
export function describePlace(place: Place): string {
  return joinPresent([place.venueName, joinPresent([place.city, place.state])], " · ");
}

/** "2026-03-14" → "Saturday, March 14, 2026", read as a calendar day whatever the time zone. */
export function formatLongDate(isoDate: string): string {
  const [year, month, day] = isoDate.split("-").map(Number);
  if (!year || !month || !day) return isoDate;
  return new Date(year, month - 1, day).toLocaleDateString("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
  });
}

type Address = { city: string | null; state: string | null; zipCode: string | null };

/** "Austin, TX 78701", or whatever of it is known. */
export function formatCityLine(place: Address): string {
  return joinPresent([place.city, joinPresent([place.state, place.zipCode], " ")]);
}

/** The venue's full address on one line, for reading and for the map search. */
export function formatAddress(
  place: Address & { venueName: string | null; streetAddress: string | null },
): string {
  return joinPresent([place.venueName, place.streetAddress, formatCityLine(place)]);
}

/** A Google Maps search for the address, which opens in the maps app on phones. */
export function buildMapUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

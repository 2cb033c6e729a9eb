import { z } from "zod";
import type { NearbyCategory, NearbyPlace } from "../../../shared/schemas/nearby-places.ts";
import { createRequestSpacer } from "./request-spacer.ts";

export type OsmClientOptions = {
  geocoderUrl: string;
  overpassUrl: string;
  /** Identifies the instance and its operator, as both services' usage policies ask. */
  userAgent: string;
  timeoutMs?: number;
  minIntervalMs?: number;
};

/** Search radius around the venue (issue 18). */
export const RADIUS_METERS = 1500;
/** The closest places kept per category. */
export const PLACES_SHOWN = 20;
/** Answers larger than this are refused unread: the parsing stays bounded whatever a server sends. */
const MAX_ANSWER_BYTES = 2 * 1024 * 1024;

/** A look-up that failed (service down, slow, or answering nonsense); the caller falls back to links. */
export class OsmUnavailableError extends Error {}

const nominatimAnswerSchema = z
  .array(z.object({ lat: z.coerce.number().min(-90).max(90), lon: z.coerce.number().min(-180).max(180) }))
  .max(50);

const tagsSchema = z.record(z.string().max(200), z.string().max(2000));
const overpassAnswerSchema = z.object({
  remark: z.string().max(2000).optional(),
  elements: z
    .array(
      z.object({
        type: z.enum(["node", "way", "relation"]),
        id: z.number().int(),
        lat: z.number().optional(),
        lon: z.number().optional(),
        center: z.object({ lat: z.number(), lon: z.number() }).optional(),
        tags: tagsSchema.optional(),
      }),
    )
    .max(1000),
});
type OverpassElement = z.infer<typeof overpassAnswerSchema>["elements"][number];

/** Overpass QL: named places of the category within the radius, ways and relations by their centre. */
function overpassQuery(category: NearbyCategory, lat: number, lon: number): string {
  const around = `(around:${RADIUS_METERS},${lat},${lon})`;
  const selectors =
    category === "food"
      ? [`nwr["amenity"~"^(restaurant|cafe)$"]["name"]${around};`]
      : [
          `nwr["tourism"~"^(museum|attraction|gallery)$"]["name"]${around};`,
          `nwr["leisure"="park"]["name"]${around};`,
        ];
  return `[out:json][timeout:5];(${selectors.join("")});out center tags 200;`;
}

/** Client of a Nominatim-compatible geocoder and an Overpass API, one request per second to each. */
export function createOsmClient(options: OsmClientOptions) {
  const timeoutMs = options.timeoutMs ?? 5000;
  const geocoderQueue = createRequestSpacer(options.minIntervalMs ?? 1000);
  const overpassQueue = createRequestSpacer(options.minIntervalMs ?? 1000);

  async function fetchJson(url: string, init: RequestInit = {}): Promise<unknown> {
    try {
      const response = await fetch(url, {
        ...init,
        headers: { ...init.headers, "user-agent": options.userAgent, accept: "application/json" },
        signal: AbortSignal.timeout(timeoutMs),
        redirect: "error",
      });
      if (!response.ok) throw new OsmUnavailableError(`${url} answered ${response.status}`);
      return JSON.parse(await readBounded(response));
    } catch (error) {
      if (error instanceof OsmUnavailableError) throw error;
      throw new OsmUnavailableError(`${url}: ${(error as Error).message}`);
    }
  }

  return {
    /** The address's coordinates, or null when the geocoder does not know it. */
    async geocode(address: string): Promise<{ lat: number; lon: number } | null> {
      const url = new URL(`${options.geocoderUrl}/search`);
      url.search = new URLSearchParams({ q: address, format: "jsonv2", limit: "1" }).toString();
      const answer = nominatimAnswerSchema.safeParse(await geocoderQueue(() => fetchJson(url.toString())));
      if (!answer.success) throw new OsmUnavailableError("The geocoder's answer has an unknown shape");
      return answer.data[0] ?? null;
    },

    /** Named places of the category around the point, closest first. */
    async findPlaces(category: NearbyCategory, lat: number, lon: number): Promise<NearbyPlace[]> {
      const body = new URLSearchParams({ data: overpassQuery(category, lat, lon) });
      const raw = await overpassQueue(() =>
        fetchJson(options.overpassUrl, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: body.toString(),
        }),
      );
      const answer = overpassAnswerSchema.safeParse(raw);
      if (!answer.success) throw new OsmUnavailableError("The Overpass answer has an unknown shape");
      // Overpass reports a query that ran out of time or memory in `remark`, with what it had so far.
      if (answer.data.remark && answer.data.elements.length === 0) {
        throw new OsmUnavailableError(`Overpass: ${answer.data.remark}`);
      }
      return answer.data.elements
        .map((element) => toPlace(element, lat, lon))
        .filter((place): place is NearbyPlace => place !== null)
        .sort((a, b) => a.distanceMeters - b.distanceMeters)
        .slice(0, PLACES_SHOWN);
    },
  };
}

export type OsmClient = ReturnType<typeof createOsmClient>;

async function readBounded(response: Response): Promise<string> {
  const declared = Number(response.headers.get("content-length") ?? 0);
  if (declared > MAX_ANSWER_BYTES) throw new OsmUnavailableError("The answer is too large");
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel();
      throw new OsmUnavailableError("The answer is too large");
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function toPlace(element: OverpassElement, fromLat: number, fromLon: number): NearbyPlace | null {
  const tags = element.tags ?? {};
  const lat = element.lat ?? element.center?.lat;
  const lon = element.lon ?? element.center?.lon;
  const kind = tags.amenity ?? tags.tourism ?? tags.leisure;
  if (!tags.name || lat === undefined || lon === undefined || !kind) return null;
  const street = [tags["addr:housenumber"], tags["addr:street"]].filter(Boolean).join(" ");
  const address = [street, tags["addr:city"]].filter(Boolean).join(", ");
  return {
    name: tags.name,
    category: kind,
    cuisine: tags.cuisine ? tags.cuisine.replaceAll("_", " ").split(";").join(", ") : null,
    distanceMeters: Math.round(distanceInMeters(fromLat, fromLon, lat, lon)),
    address: address || null,
    website: httpUrlOrNull(tags.website ?? tags["contact:website"]),
    openingHours: tags.opening_hours ?? null,
    osmUrl: `https://www.openstreetmap.org/${element.type}/${element.id}`,
  };
}

/** Only web addresses become links: a tag may hold anything, a `javascript:` URL included. */
function httpUrlOrNull(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.startsWith("www.") ? `https://${value}` : value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}

/** Great-circle distance (haversine), plenty accurate within a few kilometres. */
export function distanceInMeters(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = toRadians(lat2 - lat1);
  const dLon = toRadians(lon2 - lon1);
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(lat1)) * Math.cos(toRadians(lat2)) * Math.sin(dLon / 2) ** 2;
  return 6_371_000 * 2 * Math.asin(Math.sqrt(a));
}

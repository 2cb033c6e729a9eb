import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A request the fake services received. */
export type PlacesRequest = {
  service: "geocoder" | "overpass";
  query: string;
  userAgent: string;
  at: number;
};

/** How the fake answers: like the real services, not at all (unknown address), with errors, or too slowly. */
export type PlacesServerMode = "normal" | "not-found" | "error" | "slow";

const VENUE = { lat: 37.7842398, lon: -122.4016121 };

/** Nominatim's `/search?format=jsonv2` answer for a venue (the shape of a recorded answer, trimmed). */
export const NOMINATIM_ANSWER = [
  {
    place_id: 297_441_845,
    licence: "Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright",
    osm_type: "way",
    osm_id: 23_850_236,
    lat: String(VENUE.lat),
    lon: String(VENUE.lon),
    category: "building",
    type: "yes",
    place_rank: 30,
    importance: 0.0000999,
    addresstype: "building",
    name: "Moscone Center",
    display_name: "Moscone Center, 747, Howard Street, SoMa, San Francisco, California, 94103, United States",
    boundingbox: ["37.7829474", "37.7855946", "-122.4034267", "-122.3997866"],
  },
];

const osm3s = {
  timestamp_osm_base: "2026-11-20T10:00:00Z",
  copyright:
    "The data included in this document is from www.openstreetmap.org. The data is made available under ODbL.",
};

/** Overpass `[out:json]` answers with `out center tags` (nodes with lat/lon, ways with a centre). */
export const OVERPASS_FOOD_ANSWER = {
  version: 0.6,
  generator: "Overpass API 0.7.62.4 2390de5a",
  osm3s,
  elements: [
    {
      type: "way",
      id: 42_424_242,
      center: { lat: 37.7871, lon: -122.4045 },
      tags: { amenity: "cafe", name: "Blue Bottle Coffee", opening_hours: "Mo-Fr 07:00-17:00" },
    },
    {
      type: "node",
      id: 1_234_567_890,
      lat: 37.785,
      lon: -122.403,
      tags: {
        amenity: "restaurant",
        name: "Trattoria Moscone",
        cuisine: "italian;pizza",
        opening_hours: "Mo-Su 11:30-22:00",
        website: "https://trattoria.example",
        "addr:housenumber": "120",
        "addr:street": "4th Street",
        "addr:city": "San Francisco",
      },
    },
    // Nameless places and unsafe links are left out or cleaned by the app.
    { type: "node", id: 5, lat: 37.786, lon: -122.402, tags: { amenity: "restaurant" } },
    {
      type: "node",
      id: 6,
      lat: 37.79,
      lon: -122.41,
      tags: { amenity: "restaurant", name: "Sneaky Diner", website: "javascript:alert(1)" },
    },
  ],
};

export const OVERPASS_ACTIVITIES_ANSWER = {
  version: 0.6,
  generator: "Overpass API 0.7.62.4 2390de5a",
  osm3s,
  elements: [
    {
      type: "way",
      id: 26_862_170,
      center: { lat: 37.7845, lon: -122.4026 },
      tags: { leisure: "park", name: "Yerba Buena Gardens" },
    },
    {
      type: "node",
      id: 3_085_911_241,
      lat: 37.7857,
      lon: -122.4011,
      tags: {
        tourism: "museum",
        name: "San Francisco Museum of Modern Art",
        website: "https://www.sfmoma.org/",
        opening_hours: "Mo,Tu,Fr-Su 10:00-17:00; Th 13:00-20:00",
      },
    },
  ],
};

/**
 * A local HTTP server answering like Nominatim (`GET /search`) and Overpass (`POST /api/interpreter`), for
 * the tests and the browser tests. `setMode` switches how it answers; `requests` records every call.
 */
export async function startPlacesServer(options: { slowMs?: number } = {}) {
  const requests: PlacesRequest[] = [];
  let mode: PlacesServerMode = "normal";

  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const body = await readBody(request);
    const service = url.pathname === "/search" ? "geocoder" : "overpass";
    const query =
      service === "geocoder"
        ? (url.searchParams.get("q") ?? "")
        : (new URLSearchParams(body).get("data") ?? "");
    requests.push({ service, query, userAgent: request.headers["user-agent"] ?? "", at: Date.now() });
    if (mode === "slow") await new Promise((resolve) => setTimeout(resolve, options.slowMs ?? 8000));
    if (mode === "error") {
      response.writeHead(service === "overpass" ? 504 : 503, { "content-type": "text/html" });
      response.end("<html><body>Service unavailable</body></html>");
      return;
    }
    const answer =
      service === "geocoder"
        ? mode === "not-found"
          ? []
          : NOMINATIM_ANSWER
        : query.includes('"amenity"')
          ? OVERPASS_FOOD_ANSWER
          : OVERPASS_ACTIVITIES_ANSWER;
    if (!response.destroyed) {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify(answer));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    geocoderUrl: url,
    overpassUrl: `${url}/api/interpreter`,
    requests,
    setMode(next: PlacesServerMode) {
      mode = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

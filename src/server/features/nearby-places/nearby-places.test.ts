import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createSignedInClient, postEvent } from "../../../test/book.ts";
import { startPlacesServer } from "../../../test/places-server.ts";
import { loadConfig } from "../../config.ts";
import { createOsmClient, OsmUnavailableError } from "./osm-client.ts";

const places = await startPlacesServer({ slowMs: 7000 });
afterAll(() => places.close());
const { app, db } = await createTestApp({
  GEOCODER_URL: places.geocoderUrl,
  OVERPASS_URL: places.overpassUrl,
  SUPPORT_EMAIL: "operator@podium.example",
  APP_URL: "http://podium.example",
});

// A second app with the look-ups turned off, built before the tests (building it takes a while).
const off = await createTestApp({ PLACES_ENABLED: "false", GEOCODER_URL: places.geocoderUrl });

beforeEach(() => {
  places.setMode("normal");
  places.requests.length = 0;
});

let street = 700;
/** A new event at an address no other test used (the cache is shared by every speaker). */
async function eventAtNewAddress(client: Awaited<ReturnType<typeof createSignedInClient>>["client"]) {
  street += 1;
  return postEvent(client, {
    venueName: "Moscone Center",
    streetAddress: `${street} Howard Street`,
    city: "San Francisco",
    state: "CA",
    zipCode: "94103",
  });
}

describe("places near the venue", () => {
  it("geocodes the venue, finds food within 1.5 km closest first, and caches it", async () => {
    const { client } = await createSignedInClient(app, db);
    const event = await eventAtNewAddress(client);
    const response = await client.get(`/api/events/${event.id}/nearby?category=food`);
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer.source).toBe("openstreetmap");
    expect(answer.venue).toEqual({ lat: 37.7842398, lon: -122.4016121 });
    expect(answer.places.map((place: { name: string }) => place.name)).toEqual([
      "Trattoria Moscone",
      "Blue Bottle Coffee",
      "Sneaky Diner",
    ]);
    const [trattoria, cafe, sneaky] = answer.places;
    expect(trattoria).toEqual({
      name: "Trattoria Moscone",
      category: "restaurant",
      cuisine: "italian, pizza",
      distanceMeters: expect.any(Number),
      address: "120 4th Street, San Francisco",
      website: "https://trattoria.example/",
      openingHours: "Mo-Su 11:30-22:00",
      osmUrl: "https://www.openstreetmap.org/node/1234567890",
    });
    expect(trattoria.distanceMeters).toBeGreaterThan(100);
    expect(trattoria.distanceMeters).toBeLessThan(200);
    expect(cafe).toMatchObject({ category: "cafe", osmUrl: "https://www.openstreetmap.org/way/42424242" });
    // A tag holding a script address never becomes a link.
    expect(sneaky.website).toBeNull();
    expect(answer.searchLinks.map((link: { label: string }) => link.label)).toEqual([
      "OpenStreetMap",
      "Google Maps",
    ]);
    expect(answer.searchLinks[1].url).toContain(encodeURIComponent("restaurants near Moscone Center"));

    const [geocoding, overpass] = places.requests;
    expect(geocoding).toMatchObject({ service: "geocoder" });
    expect(geocoding!.query).toBe(`${street} Howard Street, San Francisco, CA, 94103`);
    expect(geocoding!.userAgent).toMatch(
      /^Podium\/.+ \(\+http:\/\/podium\.example; operator@podium\.example\)$/,
    );
    expect(overpass!.query).toContain("[out:json]");
    expect(overpass!.query).toContain("around:1500,37.7842398,-122.4016121");

    // The second look-up (another speaker, the same venue typed differently) asks no outside service.
    places.requests.length = 0;
    const other = await createSignedInClient(app, db);
    const sameVenue = await postEvent(other.client, {
      streetAddress: `  ${street}   HOWARD street`,
      city: "san francisco",
      state: "ca",
      zipCode: "94103",
    });
    const again = (await other.client.get(`/api/events/${sameVenue.id}/nearby?category=food`)).json();
    expect(again.places).toEqual(answer.places);
    expect(places.requests).toEqual([]);
  });

  it("finds things to do with the geocoding of the food look-up, at most one request a second", async () => {
    const { client } = await createSignedInClient(app, db);
    const event = await eventAtNewAddress(client);
    await client.get(`/api/events/${event.id}/nearby?category=food`);
    const answer = (await client.get(`/api/events/${event.id}/nearby?category=activities`)).json();
    expect(answer.source).toBe("openstreetmap");
    expect(
      answer.places.map((place: { name: string; category: string }) => [place.name, place.category]),
    ).toEqual([
      ["Yerba Buena Gardens", "park"],
      ["San Francisco Museum of Modern Art", "museum"],
    ]);
    expect(answer.searchLinks[0].url).toContain(encodeURIComponent("things to do near"));
    expect(places.requests.map((request) => request.service)).toEqual(["geocoder", "overpass", "overpass"]);
    const [, first, second] = places.requests;
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(990);
  });

  it("shows only the search links for an address the geocoder does not know, and remembers that", async () => {
    const { client } = await createSignedInClient(app, db);
    const event = await eventAtNewAddress(client);
    places.setMode("not-found");
    const answer = (await client.get(`/api/events/${event.id}/nearby`)).json();
    expect(answer).toMatchObject({ venue: null, places: [], source: "links-only" });
    expect(answer.searchLinks).toHaveLength(2);
    expect(answer.searchLinks[0].url).toMatch(
      /^https:\/\/www\.openstreetmap\.org\/search\?query=restaurants/,
    );
    places.requests.length = 0;
    await client.get(`/api/events/${event.id}/nearby?category=activities`);
    expect(places.requests).toEqual([]);
  });

  it("shows the search links, not an error, when a service fails, and asks again next time", async () => {
    const { client } = await createSignedInClient(app, db);
    const event = await eventAtNewAddress(client);
    places.setMode("error");
    const failed = await client.get(`/api/events/${event.id}/nearby`);
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toMatchObject({ venue: null, places: [], source: "links-only" });
    places.setMode("normal");
    const recovered = (await client.get(`/api/events/${event.id}/nearby`)).json();
    expect(recovered.source).toBe("openstreetmap");
  });

  it("gives up on a service slower than 5 seconds and shows the search links", async () => {
    const { client } = await createSignedInClient(app, db);
    const event = await eventAtNewAddress(client);
    places.setMode("slow");
    const started = Date.now();
    const answer = (await client.get(`/api/events/${event.id}/nearby`)).json();
    expect(answer.source).toBe("links-only");
    expect(Date.now() - started).toBeLessThan(6900);
  });

  it("answers links only for an event without an address, and no links without any place", async () => {
    const { client } = await createSignedInClient(app, db);
    const bare = await postEvent(client);
    const answer = (await client.get(`/api/events/${bare.id}/nearby`)).json();
    expect(answer).toEqual({ venue: null, places: [], searchLinks: [], source: "links-only" });
    expect(places.requests).toEqual([]);
  });

  it("answers 404 for another speaker's event, an unknown id and a bad category 400", async () => {
    const owner = await createSignedInClient(app, db);
    const event = await eventAtNewAddress(owner.client);
    const stranger = await createSignedInClient(app, db);
    const theirs = await stranger.client.get(`/api/events/${event.id}/nearby`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error).toBe("Event not found");
    expect((await stranger.client.get("/api/events/not-an-id/nearby")).statusCode).toBe(404);
    const bad = await owner.client.get(`/api/events/${event.id}/nearby?category=bars`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe("Category must be food or activities");
    expect(places.requests).toEqual([]);
  });
});

describe("the OpenStreetMap client", () => {
  it("throws OsmUnavailableError after its timeout", async () => {
    places.setMode("slow");
    const client = createOsmClient({ ...places, userAgent: "Podium test", timeoutMs: 200 });
    await expect(client.geocode("1 Main Street")).rejects.toBeInstanceOf(OsmUnavailableError);
  });
});

describe("places configuration", () => {
  it("stays off the internet unless a geocoder is named or PLACES_ENABLED says so", () => {
    expect(loadConfig({}).places).toBeNull();
    expect(loadConfig({ GEOCODER_URL: "http://127.0.0.1:9" }).places).toEqual({
      geocoderUrl: "http://127.0.0.1:9",
      overpassUrl: "https://overpass-api.de/api/interpreter",
    });
    expect(loadConfig({ GEOCODER_URL: "http://127.0.0.1:9", PLACES_ENABLED: "false" }).places).toBeNull();
    expect(loadConfig({ PLACES_ENABLED: "true" }).places).toEqual({
      geocoderUrl: "https://nominatim.openstreetmap.org",
      overpassUrl: "https://overpass-api.de/api/interpreter",
    });
  });

  it("answers links only when places are off", async () => {
    const { client } = await createSignedInClient(off.app, off.db);
    const event = await eventAtNewAddress(client);
    const answer = (await client.get(`/api/events/${event.id}/nearby`)).json();
    expect(answer).toMatchObject({ venue: null, places: [], source: "links-only" });
    expect(answer.searchLinks).toHaveLength(2);
    expect(places.requests).toEqual([]);
  });
});

import { beforeEach, describe, expect, it, vi } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createSignedInClient, postEvent } from "../../../test/book.ts";
import { createClient } from "../../../test/client.ts";
import { searchClients, searchEvents } from "./queries.ts";

// Spies on the two search queries, to prove that a short query never reaches the database.
vi.mock("./queries.ts", async (importOriginal) => {
  const actual = await importOriginal<typeof import("./queries.ts")>();
  return { searchEvents: vi.fn(actual.searchEvents), searchClients: vi.fn(actual.searchClients) };
});

const { app, db } = await createTestApp();

const DAY_MS = 24 * 60 * 60 * 1000;
const daysFromToday = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

const eventTitles = (body: { events: { title: string }[] }) => body.events.map((event) => event.title);
const clientNames = (body: { clients: { name: string }[] }) => body.clients.map((client) => client.name);

beforeEach(() => {
  vi.mocked(searchEvents).mockClear();
  vi.mocked(searchClients).mockClear();
});

describe("GET /api/search: the two-character rule", () => {
  it("answers empty lists without querying for fewer than 2 trimmed characters", async () => {
    const { client } = await createSignedInClient(app, db);
    await postEvent(client, { title: "A" });
    for (const q of ["", "a", "  a  ", "     ", "%20b%20"]) {
      const response = await client.get(`/api/search?q=${q}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ events: [], clients: [] });
    }
    const withoutQ = await client.get("/api/search");
    expect(withoutQ.json()).toEqual({ events: [], clients: [] });
    expect(searchEvents).not.toHaveBeenCalled();
    expect(searchClients).not.toHaveBeenCalled();
  });

  it("queries from 2 characters on", async () => {
    const { client } = await createSignedInClient(app, db);
    await postEvent(client, { title: "AI Summit" });
    const response = await client.get("/api/search?q=%20ai%20");
    expect(eventTitles(response.json())).toEqual(["AI Summit"]);
    expect(searchEvents).toHaveBeenCalledTimes(1);
    expect(searchClients).toHaveBeenCalledTimes(1);
  });

  it("answers 401 without a session", async () => {
    expect((await createClient(app).get("/api/search?q=summit")).statusCode).toBe(401);
  });
});

describe("GET /api/search: what matches", () => {
  it("finds events by title, venue or city and clients by name, company or e-mail, in any case", async () => {
    const { client } = await createSignedInClient(app, db);
    await postEvent(client, { title: "Orbit Keynote", venueName: "Hall A", city: "Reno", state: "NV" });
    await postEvent(client, { title: "Workshop", venueName: "ORBIT Center", city: "Austin" });
    await postEvent(client, { title: "Panel", city: "Orbitville" });
    await postEvent(client, { title: "Unrelated", city: "Boston" });
    await client.post("/api/clients", { name: "Orbital Labs" });
    await client.post("/api/clients", { name: "Globex", company: "The Orbit Group" });
    await client.post("/api/clients", { name: "Initech", email: "events@orbit.example" });
    await client.post("/api/clients", { name: "Hooli" });

    const body = (await client.get("/api/search?q=oRbIt")).json();
    expect(eventTitles(body).sort()).toEqual(["Orbit Keynote", "Panel", "Workshop"]);
    expect(clientNames(body).sort()).toEqual(["Globex", "Initech", "Orbital Labs"]);
    const keynote = body.events.find((event: { title: string }) => event.title === "Orbit Keynote");
    expect(Object.keys(keynote).sort()).toEqual(["city", "date", "id", "state", "title", "venueName"]);
    expect(keynote).toMatchObject({ venueName: "Hall A", city: "Reno", state: "NV", date: "2030-05-01" });
    expect(Object.keys(body.clients[0]).sort()).toEqual(["company", "email", "id", "name"]);
  });

  it("finds an event or client typed with a typo (issue 12, item 14)", async () => {
    const { client } = await createSignedInClient(app, db);
    await postEvent(client, { title: "Music Row Keynote", city: "Nashville", state: "TN" });
    await postEvent(client, { title: "Summit", city: "Austin", state: "TX" });
    await client.post("/api/clients", { name: "Globex Corporation" });
    expect(eventTitles((await client.get("/api/search?q=Nashvile")).json())).toEqual(["Music Row Keynote"]);
    expect(clientNames((await client.get("/api/search?q=Globx")).json())).toEqual(["Globex Corporation"]);
  });

  it("takes % and _ literally", async () => {
    const { client } = await createSignedInClient(app, db);
    await postEvent(client, { title: "100% Growth" });
    await postEvent(client, { title: "Growth 1000" });
    expect(eventTitles((await client.get("/api/search?q=0%25")).json())).toEqual(["100% Growth"]);
    expect(eventTitles((await client.get("/api/search?q=__")).json())).toEqual([]);
  });

  it("answers at most 10 of each kind", async () => {
    const { client } = await createSignedInClient(app, db);
    for (let index = 0; index < 12; index++) {
      await postEvent(client, { title: `Summit ${index}` });
      await client.post("/api/clients", { name: `Summit Client ${index}` });
    }
    const body = (await client.get("/api/search?q=summit")).json();
    expect(body.events).toHaveLength(10);
    expect(body.clients).toHaveLength(10);
  });
});

describe("GET /api/search: ranking", () => {
  it("puts title prefixes first, then closer matches, then upcoming events before past ones", async () => {
    const { client } = await createSignedInClient(app, db);
    await postEvent(client, { title: "Keynote", venueName: "Denver Convention Center Ballroom" });
    await postEvent(client, { title: "Spring Gala", city: "Denver" });
    await postEvent(client, { title: "Denver Leadership Forum", date: daysFromToday(-30) });
    await postEvent(client, { title: "Denver Leadership Forum", date: daysFromToday(200) });
    await postEvent(client, { title: "Denver Leadership Forum", date: daysFromToday(20) });

    const events = (await client.get("/api/search?q=denver")).json().events;
    expect(events.map((event: { title: string; date: string }) => [event.title, event.date])).toEqual([
      ["Denver Leadership Forum", daysFromToday(20)],
      ["Denver Leadership Forum", daysFromToday(200)],
      ["Denver Leadership Forum", daysFromToday(-30)],
      ["Spring Gala", "2030-05-01"],
      ["Keynote", "2030-05-01"],
    ]);
  });

  it("puts client name prefixes first, then closer matches", async () => {
    const { client } = await createSignedInClient(app, db);
    await client.post("/api/clients", { name: "Big Corp", company: "Acme Worldwide Holdings International" });
    await client.post("/api/clients", { name: "Small Corp", company: "Acme" });
    await client.post("/api/clients", { name: "Acme Events" });
    const names = clientNames((await client.get("/api/search?q=acme")).json());
    expect(names).toEqual(["Acme Events", "Small Corp", "Big Corp"]);
  });
});

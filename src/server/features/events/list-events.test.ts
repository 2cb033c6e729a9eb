import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createSignedInClient, postEvent } from "../../../test/book.ts";
import type { TestClient } from "../../../test/client.ts";

const { app, db } = await createTestApp();
const { client } = await createSignedInClient(app, db);

const seeds = [
  {
    title: "alpha Keynote",
    date: "2030-03-01",
    fee: 5000,
    status: "confirmed",
    city: "Denver",
    clientName: "Acme",
  },
  { title: "Beta Workshop", date: "2030-01-15", fee: 2500, status: "inquiry", venueName: "Hilton 100% Club" },
  { title: "gamma Panel", date: "2030-01-15", fee: 5000, status: "hold", city: "Boston" },
  { title: "Delta Summit", date: "2025-12-31", fee: 0, status: "completed", clientName: "Globex" },
  { title: "Epsilon Retreat", date: "2030-06-30", fee: 7500.25, status: "cancelled", city: "Denver" },
] as const;
for (const seed of seeds) await postEvent(client, seed);

const titles = async (query: string) => {
  const response = await client.get(`/api/events${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items.map((event: { title: string }) => event.title);
};

/** Every item of every page, following nextCursor. */
async function walkPages(caller: TestClient, query: string) {
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const suffix: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
    const page = (await caller.get(`/api/events?${query}${suffix}`)).json();
    seen.push(...page.items.map((event: { title: string }) => event.title));
    cursor = page.nextCursor;
  } while (cursor);
  return seen;
}

describe("GET /api/events sorting", () => {
  it("sorts by date, newest first, by default", async () => {
    expect(await titles("")).toEqual([
      "Epsilon Retreat",
      "alpha Keynote",
      expect.any(String),
      expect.any(String),
      "Delta Summit",
    ]);
  });

  it("sorts by date, fee (either way) and title (ignoring case)", async () => {
    expect((await titles("?sort=date"))[0]).toBe("Delta Summit");
    expect((await titles("?sort=fee"))[0]).toBe("Delta Summit");
    expect((await titles("?sort=-fee"))[0]).toBe("Epsilon Retreat");
    expect(await titles("?sort=title")).toEqual([
      "alpha Keynote",
      "Beta Workshop",
      "Delta Summit",
      "Epsilon Retreat",
      "gamma Panel",
    ]);
  });

  it("sorts by fee as the list shows it, the gross fee (speaking plus travel)", async () => {
    const { client: speaker } = await createSignedInClient(app, db);
    await postEvent(speaker, { title: "Bare fee", fee: 8000 });
    await postEvent(speaker, { title: "With travel", fee: 5000, travelFee: 4000 });
    await postEvent(speaker, { title: "Small", fee: 1000, travelFee: 500 });
    const sorted = async (sort: string) =>
      (await speaker.get(`/api/events?sort=${sort}`))
        .json()
        .items.map((event: { title: string }) => event.title);
    expect(await sorted("-fee")).toEqual(["With travel", "Bare fee", "Small"]);
    expect(await sorted("fee")).toEqual(["Small", "Bare fee", "With travel"]);
    expect(await walkPages(speaker, "sort=-fee&limit=1")).toEqual(["With travel", "Bare fee", "Small"]);
  });

  it("refuses an unknown sort", async () => {
    const response = await client.get("/api/events?sort=venue");
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe("Sort must be one of date, -date, fee, -fee, title");
  });
});

describe("GET /api/events filters", () => {
  it("filters by one status or several", async () => {
    expect(await titles("?status=confirmed")).toEqual(["alpha Keynote"]);
    expect(await titles("?status=inquiry,hold&sort=title")).toEqual(["Beta Workshop", "gamma Panel"]);
  });

  it("filters by an inclusive date range", async () => {
    expect(await titles("?from=2030-01-15&to=2030-03-01&sort=title")).toEqual([
      "alpha Keynote",
      "Beta Workshop",
      "gamma Panel",
    ]);
    expect(await titles("?from=2030-06-30")).toEqual(["Epsilon Retreat"]);
    expect(await titles("?to=2029-12-31")).toEqual(["Delta Summit"]);
    expect(await titles("?to=2025-12-31")).toEqual(["Delta Summit"]);
  });

  it("filters by client", async () => {
    const acme = (await client.get("/api/clients?q=acme")).json().items[0];
    expect(await titles(`?clientId=${acme.id}`)).toEqual(["alpha Keynote"]);
  });

  it("searches within title, venue, city and client name, any case, wildcards taken literally", async () => {
    expect(await titles("?q=KEYNOTE")).toEqual(["alpha Keynote"]);
    expect(await titles("?q=denver&sort=title")).toEqual(["alpha Keynote", "Epsilon Retreat"]);
    expect(await titles("?q=globex")).toEqual(["Delta Summit"]);
    expect(await titles("?q=100%25")).toEqual(["Beta Workshop"]);
    expect(await titles("?q=%25")).toEqual(["Beta Workshop"]);
    expect(await titles("?q=_")).toEqual([]);
  });

  it("searches state and bureau partner too, and finds a word typed with a typo (issue 12, item 14)", async () => {
    const { client: speaker } = await createSignedInClient(app, db);
    await postEvent(speaker, { title: "Music Row Keynote", city: "Nashville", state: "TN" });
    await postEvent(speaker, {
      title: "Gala",
      city: "Memphis",
      state: "TN",
      bureauPartnerName: "Premier Bureau",
    });
    await postEvent(speaker, { title: "Summit", city: "Austin", state: "TX" });
    const found = async (q: string) =>
      (await speaker.get(`/api/events?sort=title&q=${encodeURIComponent(q)}`))
        .json()
        .items.map((event: { title: string }) => event.title);
    expect(await found("tn")).toEqual(["Gala", "Music Row Keynote"]);
    expect(await found("premier")).toEqual(["Gala"]);
    expect(await found("Nashvile")).toEqual(["Music Row Keynote"]);
    expect(await found("Memphs")).toEqual(["Gala"]);
    expect(await found("zzzz")).toEqual([]);
  });

  it("refuses bad filters with plain messages", async () => {
    const cases: [string, string][] = [
      ["?status=booked", "Choose a valid status"],
      ["?from=2030-02-30", "Enter a real date as YYYY-MM-DD"],
      ["?to=01/02/2030", "Enter a real date as YYYY-MM-DD"],
      ["?from=2030-02-01&to=2030-01-01", "The end date must be on or after the start date"],
      ["?clientId=nope", "Client not found"],
      ["?limit=0", "Limit must be a whole number from 1 to 200"],
      ["?limit=201", "Limit must be a whole number from 1 to 200"],
      ["?limit=ten", "Limit must be a whole number from 1 to 200"],
    ];
    for (const [query, message] of cases) {
      const response = await client.get(`/api/events${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error, query).toBe(message);
    }
  });
});

describe("GET /api/events pagination", () => {
  it("defaults to 50 a page and accepts up to 200", async () => {
    const { client: busy } = await createSignedInClient(app, db);
    for (let day = 1; day <= 28; day++) {
      await postEvent(busy, { title: `Talk ${day}`, date: `2031-02-${String(day).padStart(2, "0")}` });
      await postEvent(busy, { title: `Class ${day}`, date: `2031-03-${String(day).padStart(2, "0")}` });
    }
    const first = (await busy.get("/api/events")).json();
    expect(first.items).toHaveLength(50);
    expect(first.nextCursor).toEqual(expect.any(String));
    const all = (await busy.get("/api/events?limit=200")).json();
    expect(all.items).toHaveLength(56);
    expect(all.nextCursor).toBeNull();
  });

  it("walks every sort page by page, each event once, ties included", async () => {
    const everything = await titles("?sort=title");
    for (const sort of ["date", "-date", "fee", "-fee", "title"]) {
      const walked = await walkPages(client, `sort=${sort}&limit=2`);
      expect(walked, sort).toEqual(await titles(`?sort=${sort}`));
      expect([...walked].sort(), sort).toEqual([...everything].sort());
    }
  });

  it("keeps the filters across pages", async () => {
    expect(await walkPages(client, "q=denver&sort=date&limit=1")).toEqual([
      "alpha Keynote",
      "Epsilon Retreat",
    ]);
  });

  it("refuses a tampered cursor, and one made for another sort", async () => {
    const page = (await client.get("/api/events?sort=fee&limit=1")).json();
    for (const cursor of ["garbage", page.nextCursor.slice(0, -4), page.nextCursor]) {
      const response = await client.get(`/api/events?sort=title&cursor=${encodeURIComponent(cursor)}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe("Invalid cursor");
    }
  });
});

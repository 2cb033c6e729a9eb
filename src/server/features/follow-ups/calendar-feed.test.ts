import ical from "node-ical";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createSignedInClient, postEvent } from "../../../test/book.ts";
import type { TestClient } from "../../../test/client.ts";
import { parseTimeOfDay } from "./time-of-day.ts";

const { app, db } = await createTestApp({ APP_URL: "http://podium.example" });

const pathOf = (url: string) => new URL(url).pathname;
const fetchFeed = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: "GET", url: pathOf(url), headers });

async function feedUrl(client: TestClient): Promise<string> {
  const response = await client.get("/api/calendar-feed");
  expect(response.statusCode).toBe(200);
  return response.json().url;
}

function parseEvents(body: string) {
  return Object.values(ical.sync.parseICS(body)).filter((item) => item?.type === "VEVENT") as ical.VEvent[];
}

describe("the calendar feed", () => {
  it("serves every event not cancelled, timed in the speaker's zone or all-day, with stable UIDs", async () => {
    const { client } = await createSignedInClient(app, db);
    await client.put("/api/notification-settings", {
      digest: "off",
      digestHour: 7,
      timeZone: "America/Chicago",
    });
    const keynote = await postEvent(client, {
      title: "Sales kickoff",
      status: "confirmed",
      date: "2030-05-01",
      time: "9:30 AM",
      venueName: "Hyatt Regency",
      streetAddress: "300 Reunion Blvd",
      city: "Dallas",
      state: "TX",
      zipCode: "75207",
      clientName: "Acme Corp",
      contactName: "Dana Lee",
      contactEmail: "dana@acme.example",
    });
    const hold = await postEvent(client, {
      title: "Leadership retreat",
      status: "hold",
      date: "2030-06-10",
      time: "Morning",
    });
    await postEvent(client, { title: "Gala", status: "cancelled", date: "2030-07-01" });

    const url = await feedUrl(client);
    expect(url).toMatch(/^http:\/\/podium\.example\/calendar\/[\w-]{40,}\.ics$/);
    expect(await feedUrl(client)).toBe(url);
    const response = await fetchFeed(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    const events = parseEvents(response.body);
    expect(events).toHaveLength(2);
    const timed = events.find((event) => event.uid === `${keynote.id}@podium.example`)!;
    expect(timed.summary).toBe("CONFIRMED: Sales kickoff");
    expect(timed.location).toBe("Hyatt Regency, 300 Reunion Blvd, Dallas, TX 75207");
    expect(timed.description).toContain("Client: Acme Corp");
    expect(timed.description).toContain("Contact: Dana Lee, dana@acme.example");
    expect(timed.description).toContain(`http://podium.example/events/${keynote.id}`);
    expect(timed.start.tz).toBe("America/Chicago");
    // 09:30 in Chicago (CDT, UTC−5) is 14:30 UTC.
    expect(timed.start.toISOString()).toBe("2030-05-01T14:30:00.000Z");
    expect(timed.end?.toISOString()).toBe("2030-05-01T15:30:00.000Z");
    expect(response.body).toContain("BEGIN:VTIMEZONE");

    const allDay = events.find((event) => event.uid === `${hold.id}@podium.example`)!;
    expect(allDay.summary).toBe("HOLD: 1st hold · Leadership retreat");
    expect(allDay.datetype).toBe("date");
    expect(allDay.description).toContain("Time: Morning");

    const again = parseEvents((await fetchFeed(url)).body);
    expect(again.map((event) => event.uid).sort()).toEqual(events.map((event) => event.uid).sort());
  });

  it("answers 304 to a matching ETag or Last-Modified, and changes them when an event changes", async () => {
    const { client } = await createSignedInClient(app, db);
    const event = await postEvent(client, { title: "Keynote" });
    const url = await feedUrl(client);
    const first = await fetchFeed(url);
    const etag = String(first.headers.etag);
    const lastModified = String(first.headers["last-modified"]);
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect((await fetchFeed(url, { "if-none-match": etag })).statusCode).toBe(304);
    expect((await fetchFeed(url, { "if-modified-since": lastModified })).statusCode).toBe(304);
    await client.patch(`/api/events/${event.id}`, { title: "Opening keynote" });
    const changed = await fetchFeed(url, { "if-none-match": etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(parseEvents(changed.body)[0]!.summary).toBe("INQUIRY: Opening keynote");
  });

  it("stops the old address when a new link is made, and shows only the owner's events", async () => {
    const owner = await createSignedInClient(app, db);
    const other = await createSignedInClient(app, db);
    await postEvent(owner.client, { title: "Mine" });
    await postEvent(other.client, { title: "Theirs" });
    const old = await feedUrl(owner.client);
    const rotated = await owner.client.post("/api/calendar-feed/rotate");
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json().url;
    expect(fresh).not.toBe(old);
    expect(await feedUrl(owner.client)).toBe(fresh);
    const gone = await fetchFeed(old);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toBe("This calendar link is not valid. Copy the current one from Podium.");
    expect(parseEvents((await fetchFeed(fresh)).body).map((event) => event.summary)).toEqual([
      "INQUIRY: Mine",
    ]);
    expect((await fetchFeed("http://podium.example/calendar/nothing.ics")).statusCode).toBe(404);
    expect((await fetchFeed(fresh.replace(".ics", ".txt"))).statusCode).toBe(404);
  });
});

describe("parseTimeOfDay", () => {
  it("reads plain times and leaves the rest to all-day events", () => {
    expect(parseTimeOfDay("9:30 AM")).toEqual({ hour: 9, minute: 30 });
    expect(parseTimeOfDay("12 pm")).toEqual({ hour: 12, minute: 0 });
    expect(parseTimeOfDay("12:15 a.m.")).toEqual({ hour: 0, minute: 15 });
    expect(parseTimeOfDay("14:00")).toEqual({ hour: 14, minute: 0 });
    expect(parseTimeOfDay("2pm - 4pm")).toEqual({ hour: 14, minute: 0 });
    expect(parseTimeOfDay("9.05")).toEqual({ hour: 9, minute: 5 });
    for (const text of [null, "", "Morning", "TBD", "25:00", "13 pm", "9:5", "9:30 sharp", "0 am"]) {
      expect(parseTimeOfDay(text)).toBeNull();
    }
  });
});

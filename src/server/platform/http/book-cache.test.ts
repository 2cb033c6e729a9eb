import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createSignedInClient, postEvent } from "../../../test/book.ts";
import type { TestClient } from "../../../test/client.ts";
import { buildXlsx, uploadWorkbook } from "../../../test/workbooks.ts";
import { events } from "../db/schema.ts";

// Every cached read (decision 018), read once so that it is cached, then changed through each route that can
// change it and read again: the change shows at once.

const { app, db } = await createTestApp();

const TODAY = new Date().toISOString().slice(0, 10);
const YEAR = Number(TODAY.slice(0, 4));
const DAY_MS = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

async function read(client: TestClient, url: string) {
  const response = await client.get(url);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json();
}

async function ok(response: { statusCode: number; body: string }) {
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.body ? JSON.parse(response.body) : null;
}

/** A speaker with client Acme and partner Premier, and one confirmed event linked to both, in 10 days. */
async function speakerWithBook() {
  const { user, client } = await createSignedInClient(app, db);
  const event = await postEvent(client, {
    title: "Orbit Keynote",
    date: inDays(10),
    status: "confirmed",
    fee: 1000,
    clientName: "Acme",
    bureauPartnerName: "Premier",
    contactEmail: "plan@acme.example",
    streetAddress: "1 Main St",
  });
  return {
    user,
    client,
    event,
    clientId: event.clientId as string,
    partnerId: event.bureauPartnerId as string,
  };
}

/** An import of one client, one bureau partner, one event and the annual goal. */
async function importWorkbook(client: TestClient, title: string) {
  const file = await buildXlsx([
    {
      name: "Events",
      rows: [
        ["Event Name", "Date", "Speaking Fee", "Status", "Client", "Bureau Partner"],
        [title, inDays(20), 500, "confirmed", "Imported Co", "Imported Bureau"],
      ],
    },
    { name: "Clients", rows: [["Client"], ["Imported Co"]] },
    { name: "Bureau partners", rows: [["Bureau Name"], ["Imported Bureau"]] },
    {
      name: "Profile",
      rows: [
        ["Field", "Value"],
        ["Annual Goal", 123456],
      ],
    },
  ]);
  const response = await uploadWorkbook(client, file);
  expect(response.statusCode, response.body).toBe(200);
}

const names = (items: { name: string }[]) => items.map((item) => item.name);
const titles = (items: { title: string }[]) => items.map((item) => item.title);

describe("the dashboard, cached", () => {
  afterEach(() => vi.useRealTimers());

  it("shows every change to events, clients, the profile and an import", async () => {
    const { client, event, clientId } = await speakerWithBook();
    const dashboard = () => read(client, "/api/dashboard");
    expect((await dashboard()).totals.bookedThisYear).toBe(inDays(10).startsWith(`${YEAR}-`) ? 1000 : 0);

    await ok(await client.put("/api/speaker-profile", { annualGoal: 50000 }));
    expect((await dashboard()).totals.annualGoal).toBe(50000);

    const added = await postEvent(client, { title: "Added", date: inDays(5), streetAddress: "2 Main St" });
    expect(titles((await dashboard()).upcoming)).toEqual(["Added", "Orbit Keynote"]);

    await ok(await client.patch(`/api/events/${added.id}`, { title: "Renamed" }));
    expect(titles((await dashboard()).upcoming)).toEqual(["Renamed", "Orbit Keynote"]);

    // The rule-based items (the confirmed event's follow-up tasks are listed too, but do not move here).
    const kinds = async () =>
      (await dashboard()).actionItems
        .map((item: { kind: string }) => item.kind)
        .filter((kind: string) => kind !== "task");
    expect(await kinds()).toEqual([]);
    await ok(await client.patch(`/api/events/${event.id}`, { contactEmail: null }));
    expect(await kinds()).toEqual(["add-contact-email"]);
    await ok(await client.patch(`/api/clients/${clientId}`, { email: "hi@acme.example" }));
    expect(await kinds()).toEqual([]);

    await ok(await client.post("/api/clients", { name: "Second" }));
    expect((await dashboard()).counts).toEqual({ events: 2, clients: 2 });
    await ok(await client.delete(`/api/clients/${clientId}`));
    expect((await dashboard()).counts).toEqual({ events: 2, clients: 1 });
    expect((await dashboard()).upcoming[1].clientName).toBeNull();

    await ok(await client.delete(`/api/events/${added.id}`));
    expect(titles((await dashboard()).upcoming)).toEqual(["Orbit Keynote"]);

    await importWorkbook(client, "Imported Summit");
    const imported = await dashboard();
    expect(titles(imported.upcoming)).toEqual(["Orbit Keynote", "Imported Summit"]);
    expect(imported.totals.annualGoal).toBe(123456);
    expect(imported.counts).toEqual({ events: 2, clients: 2 });
  });

  it("asks for a follow-up once an Inquiry turns 14 days unchanged, with no change to the book", async () => {
    const { client } = await createSignedInClient(app, db);
    const event = await postEvent(client, { title: "Quiet inquiry", date: inDays(100) });
    const now = Date.now();
    // Unchanged for 14 days less one hour.
    await db
      .update(events)
      .set({ updatedAt: new Date(now - 14 * DAY_MS + 60 * 60 * 1000) })
      .where(eq(events.id, event.id));
    const followUps = async () =>
      (await read(client, `/api/dashboard?today=${TODAY}`)).actionItems
        .filter((item: { kind: string }) => item.kind === "follow-up")
        .map((item: { title: string }) => item.title);
    expect(await followUps()).toEqual([]);
    expect(await followUps()).toEqual([]);
    vi.useFakeTimers({ toFake: ["Date"], now: now + 2 * 60 * 60 * 1000 });
    expect(await followUps()).toEqual(["Quiet inquiry"]);
  });
});

describe("the clients list and a client, cached", () => {
  it("show every change to the client, its events and an import", async () => {
    const { client, event, clientId } = await speakerWithBook();
    const list = () => read(client, "/api/clients");
    const detail = () => read(client, `/api/clients/${clientId}`);
    expect((await list()).totals).toEqual({ count: 1, eventCount: 1, totalFees: 1000, netFees: 1000 });
    expect((await detail()).eventCount).toBe(1);

    await ok(await client.patch(`/api/clients/${clientId}`, { name: "Acme Corp" }));
    expect(names((await list()).items)).toEqual(["Acme Corp"]);
    expect((await detail()).name).toBe("Acme Corp");

    const second = await postEvent(client, { title: "Second", clientId, fee: 200 });
    expect((await list()).items[0]).toMatchObject({ eventCount: 2, totalFees: 1200 });
    expect(titles((await detail()).events).sort()).toEqual(["Orbit Keynote", "Second"]);

    await ok(await client.patch(`/api/events/${second.id}`, { fee: 300, title: "Second, dearer" }));
    expect((await list()).totals).toEqual({ count: 1, eventCount: 2, totalFees: 1300, netFees: 1300 });
    expect(titles((await detail()).events)).toContain("Second, dearer");

    await ok(await client.patch(`/api/events/${event.id}`, { status: "cancelled" }));
    expect((await list()).items[0].totalFees).toBe(300);
    expect((await detail()).totalFees).toBe(300);

    await ok(await client.delete(`/api/events/${second.id}`));
    expect((await list()).totals).toEqual({ count: 1, eventCount: 1, totalFees: 0, netFees: 0 });
    expect(titles((await detail()).events)).toEqual(["Orbit Keynote"]);

    await ok(await client.post("/api/clients", { name: "Beta" }));
    expect(names((await list()).items)).toEqual(["Acme Corp", "Beta"]);

    await importWorkbook(client, "Imported Summit");
    expect(names((await list()).items)).toEqual(["Acme Corp", "Beta", "Imported Co"]);

    await ok(await client.delete(`/api/clients/${clientId}`));
    expect(names((await list()).items)).toEqual(["Beta", "Imported Co"]);
    expect((await client.get(`/api/clients/${clientId}`)).statusCode).toBe(404);
  });

  it("answers another speaker's client 404 after its owner has read it", async () => {
    const { client, clientId } = await speakerWithBook();
    await read(client, `/api/clients/${clientId}`);
    const other = await createSignedInClient(app, db);
    const response = await other.client.get(`/api/clients/${clientId}`);
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe("Client not found");
  });
});

describe("the bureau-partners list and a partner, cached", () => {
  it("show every change to the partner, its events and an import", async () => {
    const { client, event, partnerId } = await speakerWithBook();
    const list = () => read(client, "/api/bureau-partners");
    const detail = () => read(client, `/api/bureau-partners/${partnerId}`);
    expect((await list()).totals).toEqual({ count: 1, eventCount: 1, totalFees: 1000, netFees: 1000 });
    expect((await detail()).eventCount).toBe(1);

    await ok(await client.patch(`/api/bureau-partners/${partnerId}`, { name: "Premier Speakers" }));
    expect(names((await list()).items)).toEqual(["Premier Speakers"]);
    expect((await detail()).name).toBe("Premier Speakers");

    // The partner's commission changes the net fees of its events.
    await ok(await client.patch(`/api/bureau-partners/${partnerId}`, { commissionRate: 25 }));
    expect((await list()).totals).toEqual({ count: 1, eventCount: 1, totalFees: 1000, netFees: 750 });
    await ok(await client.patch(`/api/bureau-partners/${partnerId}`, { commissionRate: null }));

    const second = await postEvent(client, { title: "Second", bureauPartnerId: partnerId, fee: 200 });
    expect((await list()).items[0]).toMatchObject({ eventCount: 2, totalFees: 1200 });
    expect(titles((await detail()).events).sort()).toEqual(["Orbit Keynote", "Second"]);

    await ok(await client.patch(`/api/events/${event.id}`, { bureauPartnerId: null }));
    expect((await list()).totals).toEqual({ count: 1, eventCount: 1, totalFees: 200, netFees: 200 });
    expect(titles((await detail()).events)).toEqual(["Second"]);

    await ok(await client.delete(`/api/events/${second.id}`));
    expect((await detail()).events).toEqual([]);

    await ok(await client.post("/api/bureau-partners", { name: "Alpha Bureau" }));
    expect(names((await list()).items)).toEqual(["Alpha Bureau", "Premier Speakers"]);

    await importWorkbook(client, "Imported Summit");
    expect(names((await list()).items)).toEqual(["Alpha Bureau", "Imported Bureau", "Premier Speakers"]);

    await ok(await client.delete(`/api/bureau-partners/${partnerId}`));
    expect(names((await list()).items)).toEqual(["Alpha Bureau", "Imported Bureau"]);
    expect((await client.get(`/api/bureau-partners/${partnerId}`)).statusCode).toBe(404);
  });
});

describe("an event, cached", () => {
  it("shows changes to itself and to its client and partner", async () => {
    const { client, event, clientId, partnerId } = await speakerWithBook();
    const detail = () => read(client, `/api/events/${event.id}`);
    expect((await detail()).client).toMatchObject({ name: "Acme", phone: null });

    await ok(await client.patch(`/api/events/${event.id}`, { title: "Orbit Summit" }));
    expect((await detail()).title).toBe("Orbit Summit");

    await ok(await client.patch(`/api/clients/${clientId}`, { phone: "+1 555 0100" }));
    expect((await detail()).client).toMatchObject({ name: "Acme", phone: "+1 555 0100" });

    await ok(await client.patch(`/api/bureau-partners/${partnerId}`, { website: "https://premier.example" }));
    expect((await detail()).bureauPartner.website).toBe("https://premier.example");

    await ok(await client.delete(`/api/bureau-partners/${partnerId}`));
    expect((await detail()).bureauPartner).toBeNull();
    await ok(await client.delete(`/api/clients/${clientId}`));
    expect((await detail()).client).toBeNull();

    await ok(await client.delete(`/api/events/${event.id}`));
    expect((await client.get(`/api/events/${event.id}`)).statusCode).toBe(404);
  });

  it("answers another speaker's event 404 after its owner has read it", async () => {
    const { client, event } = await speakerWithBook();
    await read(client, `/api/events/${event.id}`);
    const other = await createSignedInClient(app, db);
    expect((await other.client.get(`/api/events/${event.id}`)).statusCode).toBe(404);
  });
});

describe("search, cached", () => {
  it("shows every new, changed and deleted event and client, and an import", async () => {
    const { client, event, clientId } = await speakerWithBook();
    const found = async () => {
      const body = await read(client, "/api/search?q=orbit");
      // Sorted: the ranking has tests of its own (search.test.ts).
      return { events: titles(body.events).sort(), clients: names(body.clients).sort() };
    };
    expect(await found()).toEqual({ events: ["Orbit Keynote"], clients: [] });

    const added = await postEvent(client, { title: "Orbit Workshop", date: inDays(400) });
    expect((await found()).events).toEqual(["Orbit Keynote", "Orbit Workshop"]);
    await ok(await client.patch(`/api/events/${added.id}`, { title: "Workshop" }));
    expect((await found()).events).toEqual(["Orbit Keynote"]);

    await ok(await client.patch(`/api/clients/${clientId}`, { name: "Orbit Labs" }));
    expect((await found()).clients).toEqual(["Orbit Labs"]);
    await ok(await client.post("/api/clients", { name: "Orbital" }));
    expect((await found()).clients).toEqual(["Orbit Labs", "Orbital"]);
    await ok(await client.delete(`/api/clients/${clientId}`));
    expect((await found()).clients).toEqual(["Orbital"]);

    await importWorkbook(client, "Orbit Gala");
    expect((await found()).events).toEqual(["Orbit Gala", "Orbit Keynote"]);

    await ok(await client.delete(`/api/events/${event.id}`));
    expect((await found()).events).toEqual(["Orbit Gala"]);
  });
});

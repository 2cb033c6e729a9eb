import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createSignedInClient, postEvent } from "../../../test/book.ts";
import { createClient } from "../../../test/client.ts";

const { app, db } = await createTestApp();

// Speaker A owns a client, a bureau partner, an event linking both, and a profile; B tries everything on them.
const a = await createSignedInClient(app, db);
const b = await createSignedInClient(app, db);
const aEvent = await postEvent(a.client, {
  title: "Secret Summit",
  venueName: "Hidden Hall",
  city: "Privateville",
  date: "2031-01-01",
  status: "confirmed",
  clientName: "Secret Client",
  bureauPartnerName: "Secret Bureau",
});
const aClientId: string = aEvent.clientId;
const aPartnerId: string = aEvent.bureauPartnerId;
await a.client.put("/api/speaker-profile", { name: "Speaker A", annualGoal: 1000 });

const idRoutes = [
  ["/api/events", aEvent.id, { title: "Stolen" }],
  ["/api/clients", aClientId, { name: "Stolen" }],
  ["/api/bureau-partners", aPartnerId, { name: "Stolen" }],
] as const;

describe("another speaker's records", () => {
  it("answer 404 to every verb of every :id route, exactly like a missing record", async () => {
    for (const [base, id, change] of idRoutes) {
      const get = await b.client.get(`${base}/${id}`);
      const patch = await b.client.patch(`${base}/${id}`, change);
      const remove = await b.client.delete(`${base}/${id}`);
      const missing = await b.client.get(`${base}/6f1c1c52-4a8a-4a43-9a52-4e6c7f4b9d11`);
      for (const response of [get, patch, remove]) {
        expect(response.statusCode, `${response.raw.req.method} ${base}`).toBe(404);
        expect(response.json()).toEqual(missing.json());
      }
    }
  });

  it("are untouched by those attempts", async () => {
    const event = (await a.client.get(`/api/events/${aEvent.id}`)).json();
    expect(event).toMatchObject({ title: "Secret Summit", client: { name: "Secret Client" } });
    expect((await a.client.get(`/api/clients/${aClientId}`)).json().name).toBe("Secret Client");
    expect((await a.client.get(`/api/bureau-partners/${aPartnerId}`)).json().name).toBe("Secret Bureau");
  });

  it("never appear in lists, filters, search or the dashboard", async () => {
    expect((await b.client.get("/api/events")).json()).toEqual({ items: [], nextCursor: null });
    expect((await b.client.get(`/api/events?clientId=${aClientId}`)).json().items).toEqual([]);
    const noRecords = {
      items: [],
      nextCursor: null,
      totals: { count: 0, eventCount: 0, totalFees: 0, netFees: 0 },
    };
    expect((await b.client.get("/api/clients")).json()).toEqual(noRecords);
    expect((await b.client.get("/api/bureau-partners")).json()).toEqual(noRecords);
    for (const q of ["secret", "hidden", "privateville"]) {
      expect((await b.client.get(`/api/search?q=${q}`)).json()).toEqual({ events: [], clients: [] });
    }
    const dashboard = (await b.client.get("/api/dashboard?today=2031-01-02")).json();
    expect(dashboard).toMatchObject({ upcoming: [], actionItems: [], counts: { events: 0, clients: 0 } });
    expect(dashboard.totals).toMatchObject({ bookedThisYear: 0, annualGoal: null });
    expect((await b.client.get("/api/speaker-profile")).json().name).toBeNull();
  });

  it("cannot be linked by id, and a matching name makes the speaker's own record", async () => {
    const byId = await b.client.post("/api/events", {
      title: "Mine",
      date: "2031-01-01",
      clientId: aClientId,
    });
    expect(byId.statusCode).toBe(400);
    expect(byId.json().error).toBe("That client does not exist");
    const partnerById = await b.client.post("/api/events", {
      title: "Mine",
      date: "2031-01-01",
      bureauPartnerId: aPartnerId,
    });
    expect(partnerById.statusCode).toBe(400);

    const own = await postEvent(b.client, {
      clientName: "secret client",
      bureauPartnerName: "Secret Bureau",
    });
    expect(own.clientId).not.toBe(aClientId);
    expect(own.bureauPartnerId).not.toBe(aPartnerId);
    const relink = await b.client.patch(`/api/events/${own.id}`, { clientId: aClientId });
    expect(relink.statusCode).toBe(400);
    expect((await a.client.get(`/api/clients/${aClientId}`)).json().eventCount).toBe(1);
  });
});

describe("anonymous callers", () => {
  it("get 401 on every book-of-business route", async () => {
    const anonymous = createClient(app);
    const calls: [string, string][] = [
      ["GET", "/api/events"],
      ["POST", "/api/events"],
      ["GET", `/api/events/${aEvent.id}`],
      ["PATCH", `/api/events/${aEvent.id}`],
      ["DELETE", `/api/events/${aEvent.id}`],
      ["GET", "/api/clients"],
      ["POST", "/api/clients"],
      ["GET", `/api/clients/${aClientId}`],
      ["PATCH", `/api/clients/${aClientId}`],
      ["DELETE", `/api/clients/${aClientId}`],
      ["GET", "/api/bureau-partners"],
      ["POST", "/api/bureau-partners"],
      ["GET", `/api/bureau-partners/${aPartnerId}`],
      ["PATCH", `/api/bureau-partners/${aPartnerId}`],
      ["DELETE", `/api/bureau-partners/${aPartnerId}`],
      ["GET", "/api/speaker-profile"],
      ["PUT", "/api/speaker-profile"],
      ["GET", "/api/search?q=secret"],
      ["GET", "/api/dashboard"],
    ];
    for (const [method, url] of calls) {
      const response = await anonymous.request(method as "GET", url, method === "GET" ? {} : { body: {} });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await a.client.get(`/api/events/${aEvent.id}`)).statusCode).toBe(200);
  });
});

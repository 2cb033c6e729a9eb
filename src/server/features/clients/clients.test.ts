import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createSignedInClient, postEvent } from "../../../test/book.ts";

const { app, db } = await createTestApp();

const acme = {
  name: "Acme Corp",
  company: "Acme Corporation",
  email: "events@acme.example",
  phone: "+1 555 0100",
  website: "https://acme.example",
  notes: "Books every spring",
};

describe("POST /api/clients", () => {
  it("creates a client with no events yet", async () => {
    const { client } = await createSignedInClient(app, db);
    const response = await client.post("/api/clients", acme);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ ...acme, id: expect.any(String), eventCount: 0, totalFees: 0 });
  });

  it("refuses a name the user already has, in any case, with 409", async () => {
    const { client } = await createSignedInClient(app, db);
    await client.post("/api/clients", acme);
    const response = await client.post("/api/clients", { name: "  ACME corp " });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: 'You already have a client named "ACME corp".',
      fields: { name: "A client with this name already exists" },
    });
  });

  it("lets two users have clients of the same name", async () => {
    const first = await createSignedInClient(app, db);
    const second = await createSignedInClient(app, db);
    expect((await first.client.post("/api/clients", acme)).statusCode).toBe(201);
    expect((await second.client.post("/api/clients", acme)).statusCode).toBe(201);
  });

  it("requires a name", async () => {
    const { client } = await createSignedInClient(app, db);
    const response = await client.post("/api/clients", { company: "Nameless" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: "Client name is required",
      fields: { name: "Client name is required" },
    });
  });
});

describe("GET /api/clients/:id", () => {
  it("shows the client's events, newest first, with totals that leave out cancelled fees", async () => {
    const { client } = await createSignedInClient(app, db);
    const created = (await client.post("/api/clients", acme)).json();
    await postEvent(client, {
      title: "Spring",
      date: "2030-04-01",
      fee: 5000,
      travelFee: 250.5,
      clientId: created.id,
    });
    await postEvent(client, { title: "Fall", date: "2030-10-01", fee: 7000, clientName: "acme corp" });
    await postEvent(client, {
      title: "Dropped",
      date: "2030-06-01",
      fee: 9000,
      status: "cancelled",
      clientId: created.id,
    });
    await postEvent(client, { title: "Someone else's", date: "2030-06-01", fee: 1 });

    const response = await client.get(`/api/clients/${created.id}`);
    expect(response.statusCode).toBe(200);
    const detail = response.json();
    expect(detail).toMatchObject({ ...acme, eventCount: 3, totalFees: 12250.5 });
    expect(detail.events.map((event: { title: string }) => event.title)).toEqual([
      "Fall",
      "Dropped",
      "Spring",
    ]);
    expect(detail.events[2]).toEqual({
      id: expect.any(String),
      title: "Spring",
      date: "2030-04-01",
      time: null,
      status: "inquiry",
      venueName: null,
      city: null,
      state: null,
      fee: 5000,
      travelFee: 250.5,
      grossFee: 5250.5,
      clientId: created.id,
      clientName: "Acme Corp",
    });
  });

  it("answers 404 for an unknown or malformed id", async () => {
    const { client } = await createSignedInClient(app, db);
    for (const id of ["6f1c1c52-4a8a-4a43-9a52-4e6c7f4b9d11", "x"]) {
      const response = await client.get(`/api/clients/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: "Client not found" });
    }
  });
});

describe("GET /api/clients", () => {
  it("lists clients by name, any case, either way, with counts and totals, page by page", async () => {
    const { client } = await createSignedInClient(app, db);
    for (const name of ["delta", "Bravo", "alpha", "Charlie"]) await client.post("/api/clients", { name });
    await postEvent(client, { clientName: "Bravo", fee: 100 });
    await postEvent(client, { clientName: "Bravo", fee: 50.25, travelFee: 10 });

    const all = (await client.get("/api/clients")).json();
    expect(all.items.map((item: { name: string }) => item.name)).toEqual([
      "alpha",
      "Bravo",
      "Charlie",
      "delta",
    ]);
    expect(all.items[1]).toMatchObject({ eventCount: 2, totalFees: 160.25 });
    expect(all.nextCursor).toBeNull();

    const descending = (await client.get("/api/clients?sort=-name")).json();
    expect(descending.items[0].name).toBe("delta");

    const names: string[] = [];
    let cursor: string | null = null;
    do {
      const suffix: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
      const page = (await client.get(`/api/clients?sort=-name&limit=3${suffix}`)).json();
      names.push(...page.items.map((item: { name: string }) => item.name));
      cursor = page.nextCursor;
    } while (cursor);
    expect(names).toEqual(["delta", "Charlie", "Bravo", "alpha"]);
  });

  it("totals every client the query matches, not just the page: count, events, fees not cancelled", async () => {
    const { client } = await createSignedInClient(app, db);
    const other = await createSignedInClient(app, db);
    for (const name of ["Acme", "Apex", "Bolt"]) await client.post("/api/clients", { name });
    await postEvent(client, { clientName: "Acme", fee: 1000, travelFee: 250.5 });
    await postEvent(client, { clientName: "Bolt", fee: 2000 });
    await postEvent(client, { clientName: "Bolt", fee: 9000, status: "cancelled" });
    await postEvent(client, { title: "No client", fee: 500 });
    await postEvent(other.client, { clientName: "Acme", fee: 7000 });

    const firstPage = (await client.get("/api/clients?limit=1")).json();
    expect(firstPage.items).toHaveLength(1);
    expect(firstPage.totals).toEqual({ count: 3, eventCount: 3, totalFees: 3250.5, netFees: 3250.5 });
    expect((await client.get("/api/clients?q=a")).json().totals).toEqual({
      count: 2,
      eventCount: 1,
      totalFees: 1250.5,
      netFees: 1250.5,
    });
    expect((await client.get("/api/clients?q=zzz")).json().totals).toEqual({
      count: 0,
      eventCount: 0,
      totalFees: 0,
      netFees: 0,
    });
  });

  it("filters by name, company or e-mail", async () => {
    const { client } = await createSignedInClient(app, db);
    await client.post("/api/clients", acme);
    await client.post("/api/clients", { name: "Globex", email: "hello@globex.example" });
    const names = async (q: string) =>
      (await client.get(`/api/clients?q=${q}`)).json().items.map((item: { name: string }) => item.name);
    expect(await names("CORPORATION")).toEqual(["Acme Corp"]);
    expect(await names("globex.example")).toEqual(["Globex"]);
    expect(await names("example")).toEqual(["Acme Corp", "Globex"]);
    expect(await names("nothing")).toEqual([]);
  });

  it("refuses an unknown sort and a bad cursor", async () => {
    const { client } = await createSignedInClient(app, db);
    expect((await client.get("/api/clients?sort=company")).json().error).toBe("Sort must be name or -name");
    expect((await client.get("/api/clients?cursor=abc")).json().error).toBe("Invalid cursor");
  });
});

describe("PATCH /api/clients/:id", () => {
  it("changes only the fields sent", async () => {
    const { client } = await createSignedInClient(app, db);
    const created = (await client.post("/api/clients", acme)).json();
    const response = await client.patch(`/api/clients/${created.id}`, {
      phone: null,
      notes: "Moved to fall",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ...acme, phone: null, notes: "Moved to fall" });
  });

  it("refuses to rename onto another client's name (409) or to blank (400)", async () => {
    const { client } = await createSignedInClient(app, db);
    const created = (await client.post("/api/clients", acme)).json();
    await client.post("/api/clients", { name: "Globex" });
    const duplicate = await client.patch(`/api/clients/${created.id}`, { name: "GLOBEX" });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toBe('You already have a client named "GLOBEX".');
    const blank = await client.patch(`/api/clients/${created.id}`, { name: "" });
    expect(blank.statusCode).toBe(400);
    const renamed = await client.patch(`/api/clients/${created.id}`, { name: "ACME CORP" });
    expect(renamed.json().name).toBe("ACME CORP");
  });

  it("answers 404 for an unknown client", async () => {
    const { client } = await createSignedInClient(app, db);
    const response = await client.patch("/api/clients/6f1c1c52-4a8a-4a43-9a52-4e6c7f4b9d11", { notes: "x" });
    expect(response.statusCode).toBe(404);
    const empty = await client.patch("/api/clients/6f1c1c52-4a8a-4a43-9a52-4e6c7f4b9d11", {});
    expect(empty.statusCode).toBe(404);
  });
});

describe("DELETE /api/clients/:id", () => {
  it("deletes the client and keeps its events, unlinked", async () => {
    const { client } = await createSignedInClient(app, db);
    const event = await postEvent(client, {
      clientName: "Acme Corp",
      contactName: "Casey",
      contactEmail: "casey@acme.example",
      fee: 5000,
    });
    const response = await client.delete(`/api/clients/${event.clientId}`);
    expect(response.statusCode).toBe(204);
    expect((await client.get(`/api/clients/${event.clientId}`)).statusCode).toBe(404);
    const kept = (await client.get(`/api/events/${event.id}`)).json();
    expect(kept).toMatchObject({
      title: event.title,
      fee: 5000,
      contactName: "Casey",
      contactEmail: "casey@acme.example",
      clientId: null,
      client: null,
      clientCompany: null,
    });
    expect((await client.delete(`/api/clients/${event.clientId}`)).statusCode).toBe(404);
  });
});

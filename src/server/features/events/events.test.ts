import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createSignedInClient, postEvent } from "../../../test/book.ts";
import { createClient } from "../../../test/client.ts";

const { app, db } = await createTestApp();

const fullEvent = {
  title: "  Leadership Summit Keynote  ",
  date: "2030-09-14",
  time: "9:30 AM",
  venueName: "Grand Hyatt",
  streetAddress: "1000 Blvd of the Arts",
  city: "Sarasota",
  state: "FL",
  zipCode: "34236",
  fee: 12500.5,
  travelFee: 1499.99,
  status: "confirmed",
  description: "Opening keynote",
  notes: "Bring the clicker",
  source: "Referral",
  attendees: 450,
  bureauRepName: "Pat Rep",
  contactName: "Casey Planner",
  contactEmail: "casey@example.com",
} as const;

describe("POST /api/events", () => {
  it("creates an event with only a title and a date, with defaults for the rest", async () => {
    const { client } = await createSignedInClient(app, db);
    const response = await client.post("/api/events", { title: "Workshop", date: "2030-01-02" });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      title: "Workshop",
      date: "2030-01-02",
      status: "inquiry",
      fee: 0,
      travelFee: 0,
      grossFee: 0,
      venueName: null,
      attendees: null,
      client: null,
      clientId: null,
      bureauPartner: null,
      clientCompany: null,
      bureauPartnerName: null,
    });
  });

  it("stores every field, trims text, and answers money in dollars with the gross fee", async () => {
    const { client } = await createSignedInClient(app, db);
    const created = await postEvent(client, fullEvent);
    expect(created).toMatchObject({ ...fullEvent, title: "Leadership Summit Keynote", grossFee: 14000.49 });
    const read = await client.get(`/api/events/${created.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(created);
  });

  it("turns blank optional text into null", async () => {
    const { client } = await createSignedInClient(app, db);
    const created = await postEvent(client, { venueName: "   ", notes: "", contactEmail: "" });
    expect(created).toMatchObject({ venueName: null, notes: null, contactEmail: null });
  });

  it("answers 401 to an anonymous caller, before validating the body", async () => {
    const response = await createClient(app).post("/api/events", { title: "" });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: "Not authenticated" });
  });
});

describe("GET /api/events/:id", () => {
  it("shows how to reach the linked client and bureau: e-mail, phone and website", async () => {
    const { client } = await createSignedInClient(app, db);
    await client.post("/api/clients", {
      name: "Acme",
      email: "events@acme.example",
      phone: "+1 512 555 0100",
      website: "https://acme.example",
    });
    await client.post("/api/bureau-partners", { name: "Talent Bureau", phone: "+1 312 555 0142" });
    const event = await postEvent(client, { clientName: "acme", bureauPartnerName: "Talent Bureau" });
    const shown = (await client.get(`/api/events/${event.id}`)).json();
    expect(shown.client).toEqual({
      id: event.clientId,
      name: "Acme",
      company: null,
      email: "events@acme.example",
      phone: "+1 512 555 0100",
      website: "https://acme.example",
    });
    expect(shown.bureauPartner).toMatchObject({
      name: "Talent Bureau",
      phone: "+1 312 555 0142",
      website: null,
    });
  });

  it("answers 404 for an unknown id and for a malformed one", async () => {
    const { client } = await createSignedInClient(app, db);
    for (const id of ["6f1c1c52-4a8a-4a43-9a52-4e6c7f4b9d11", "not-a-uuid"]) {
      const response = await client.get(`/api/events/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: "Event not found" });
    }
  });
});

describe("PATCH /api/events/:id", () => {
  it("changes only the fields sent; null and blank clear a field", async () => {
    const { client } = await createSignedInClient(app, db);
    const created = await postEvent(client, fullEvent);
    const response = await client.patch(`/api/events/${created.id}`, {
      venueName: "Ritz-Carlton",
      notes: null,
      source: "",
      fee: 13000,
      travelFee: null,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      ...fullEvent,
      title: "Leadership Summit Keynote",
      venueName: "Ritz-Carlton",
      notes: null,
      source: null,
      fee: 13000,
      travelFee: 0,
      grossFee: 13000,
    });
  });

  it("refuses to clear the title or the date", async () => {
    const { client } = await createSignedInClient(app, db);
    const created = await postEvent(client);
    const noTitle = await client.patch(`/api/events/${created.id}`, { title: null });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().fields).toEqual({ title: "Event name is required" });
    const noDate = await client.patch(`/api/events/${created.id}`, { date: "" });
    expect(noDate.json().fields).toEqual({ date: "Date is required" });
  });

  it("answers the unchanged event for an empty body", async () => {
    const { client } = await createSignedInClient(app, db);
    const created = await postEvent(client);
    const response = await client.patch(`/api/events/${created.id}`, {});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(created);
  });

  it("answers 404 for an unknown event", async () => {
    const { client } = await createSignedInClient(app, db);
    const response = await client.patch("/api/events/6f1c1c52-4a8a-4a43-9a52-4e6c7f4b9d11", { title: "X" });
    expect(response.statusCode).toBe(404);
  });
});

describe("DELETE /api/events/:id", () => {
  it("deletes the event, then answers 404", async () => {
    const { client } = await createSignedInClient(app, db);
    const created = await postEvent(client);
    const response = await client.delete(`/api/events/${created.id}`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");
    expect((await client.get(`/api/events/${created.id}`)).statusCode).toBe(404);
    expect((await client.delete(`/api/events/${created.id}`)).statusCode).toBe(404);
  });
});

describe("OpenAPI", () => {
  it("documents every book-of-business route from the shared schemas", async () => {
    const document = (await app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const methods = (path: string) => Object.keys(document.paths[path] ?? {}).sort();
    expect(methods("/api/events")).toEqual(["get", "post"]);
    expect(methods("/api/events/{id}")).toEqual(["delete", "get", "patch"]);
    expect(methods("/api/clients")).toEqual(["get", "post"]);
    expect(methods("/api/clients/{id}")).toEqual(["delete", "get", "patch"]);
    expect(methods("/api/bureau-partners")).toEqual(["get", "post"]);
    expect(methods("/api/bureau-partners/{id}")).toEqual(["delete", "get", "patch"]);
    expect(methods("/api/speaker-profile")).toEqual(["get", "put"]);
    expect(methods("/api/search")).toEqual(["get"]);
    expect(methods("/api/dashboard")).toEqual(["get"]);
    const createBody = document.paths["/api/events"].post.requestBody.content["application/json"].schema;
    expect(createBody.required).toEqual(["title", "date"]);
    expect(createBody.properties.title.maxLength).toBe(200);
    const listAnswer = document.paths["/api/events"].get.responses["200"].content["application/json"].schema;
    expect(listAnswer.properties.items.items.properties.grossFee).toEqual({ type: "number" });
  });
});

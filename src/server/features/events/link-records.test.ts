import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createSignedInClient, postEvent } from "../../../test/book.ts";

const { app, db } = await createTestApp();

describe("linking an event to a client and a bureau partner", () => {
  it("creates the client and the partner from new names", async () => {
    const { client } = await createSignedInClient(app, db);
    const event = await postEvent(client, { clientName: "Acme Corp", bureauPartnerName: "Keynote Bureau" });
    expect(event.client).toMatchObject({ name: "Acme Corp", company: null, email: null });
    expect(event.bureauPartner).toMatchObject({ name: "Keynote Bureau", contactName: null });
    expect(event.bureauPartnerName).toBe("Keynote Bureau");
    const clients = (await client.get("/api/clients")).json().items;
    expect(clients).toHaveLength(1);
    expect(clients[0]).toMatchObject({ id: event.clientId, eventCount: 1 });
  });

  it("reuses an existing client and partner whatever the case of the name", async () => {
    const { client } = await createSignedInClient(app, db);
    const first = await postEvent(client, { clientName: "Acme Corp", bureauPartnerName: "Keynote Bureau" });
    const second = await postEvent(client, {
      clientName: "  ACME corp ",
      bureauPartnerName: "keynote bureau",
    });
    expect(second.clientId).toBe(first.clientId);
    expect(second.client.name).toBe("Acme Corp");
    expect(second.bureauPartnerId).toBe(first.bureauPartnerId);
    expect((await client.get("/api/clients")).json().items).toHaveLength(1);
    expect((await client.get("/api/bureau-partners")).json().items).toHaveLength(1);
  });

  it("creates one client when many events name it at the same time", async () => {
    const { client } = await createSignedInClient(app, db);
    const events = await Promise.all(
      ["Race Co", "race co", "RACE CO", "Race co", "race CO"].map((clientName) =>
        postEvent(client, { clientName }),
      ),
    );
    expect(new Set(events.map((event) => event.clientId)).size).toBe(1);
    expect((await client.get("/api/clients")).json().items).toHaveLength(1);
  });

  it("links by id, and shows the client's company on the event", async () => {
    const { client } = await createSignedInClient(app, db);
    const acme = (await client.post("/api/clients", { name: "Acme", company: "Acme Inc." })).json();
    const event = await postEvent(client, { clientId: acme.id });
    expect(event).toMatchObject({ clientId: acme.id, clientCompany: "Acme Inc." });
  });

  it("refuses an id that is not one of the user's clients or partners", async () => {
    const { client } = await createSignedInClient(app, db);
    const unknown = "6f1c1c52-4a8a-4a43-9a52-4e6c7f4b9d11";
    const noClient = await client.post("/api/events", { title: "T", date: "2030-01-01", clientId: unknown });
    expect(noClient.statusCode).toBe(400);
    expect(noClient.json()).toEqual({
      error: "That client does not exist",
      fields: { clientId: "That client does not exist" },
    });
    const noPartner = await client.post("/api/events", {
      title: "T",
      date: "2030-01-01",
      bureauPartnerId: unknown,
    });
    expect(noPartner.statusCode).toBe(400);
    expect(noPartner.json().error).toBe("That bureau partner does not exist");
    expect((await client.get("/api/events")).json().items).toHaveLength(0);
  });

  it("refuses an id and a name for the same link", async () => {
    const { client } = await createSignedInClient(app, db);
    const acme = (await client.post("/api/clients", { name: "Acme" })).json();
    const response = await client.post("/api/events", {
      title: "T",
      date: "2030-01-01",
      clientId: acme.id,
      clientName: "Other",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      clientName: "Choose an existing client or type a new client name, not both",
    });
  });

  it("relinks, unlinks with null or a blank name, and leaves the link alone when absent", async () => {
    const { client } = await createSignedInClient(app, db);
    const event = await postEvent(client, { clientName: "First", bureauPartnerName: "Bureau" });
    const path = `/api/events/${event.id}`;

    const renamed = (await client.patch(path, { clientName: "Second" })).json();
    expect(renamed.client.name).toBe("Second");
    expect(renamed.bureauPartnerName).toBe("Bureau");

    const untouched = (await client.patch(path, { title: "Renamed" })).json();
    expect(untouched.client.name).toBe("Second");

    expect((await client.patch(path, { clientName: "" })).json().client).toBeNull();
    expect((await client.patch(path, { clientId: renamed.clientId })).json().client.name).toBe("Second");
    const unlinked = (await client.patch(path, { clientId: null, bureauPartnerId: null })).json();
    expect(unlinked).toMatchObject({
      client: null,
      clientId: null,
      bureauPartner: null,
      bureauPartnerId: null,
    });
  });
});

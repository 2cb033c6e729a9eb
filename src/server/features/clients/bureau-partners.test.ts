import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createSignedInClient, postEvent } from "../../../test/book.ts";

const { app, db } = await createTestApp();

const bureau = {
  name: "Keynote Bureau",
  contactName: "Robin Agent",
  email: "robin@bureau.example",
  phone: "+1 555 0199",
  website: "http://bureau.example",
  notes: "15% commission",
};

describe("bureau partners", () => {
  it("creates, reads, updates and lists a partner with counts and totals", async () => {
    const { client } = await createSignedInClient(app, db);
    const created = await client.post("/api/bureau-partners", bureau);
    expect(created.statusCode).toBe(201);
    const partner = created.json();
    expect(partner).toMatchObject({ ...bureau, eventCount: 0, totalFees: 0 });

    await postEvent(client, { title: "Booked", date: "2030-01-01", fee: 8000, bureauPartnerId: partner.id });
    await postEvent(client, {
      title: "Lost",
      date: "2030-02-01",
      fee: 4000,
      status: "cancelled",
      bureauPartnerName: "KEYNOTE bureau",
    });

    const detail = (await client.get(`/api/bureau-partners/${partner.id}`)).json();
    expect(detail).toMatchObject({ ...bureau, eventCount: 2, totalFees: 8000 });
    expect(detail.events.map((event: { title: string }) => event.title)).toEqual(["Lost", "Booked"]);

    const updated = await client.patch(`/api/bureau-partners/${partner.id}`, {
      contactName: "Sam Agent",
      phone: "",
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ ...bureau, contactName: "Sam Agent", phone: null, eventCount: 2 });

    await client.post("/api/bureau-partners", { name: "Another Bureau" });
    const list = (await client.get("/api/bureau-partners")).json();
    expect(list.items.map((item: { name: string }) => item.name)).toEqual([
      "Another Bureau",
      "Keynote Bureau",
    ]);
    expect(list.totals).toEqual({ count: 2, eventCount: 2, totalFees: 8000, netFees: 8000 });
    expect((await client.get("/api/bureau-partners?q=sam")).json()).toMatchObject({
      items: [{ name: "Keynote Bureau" }],
      totals: { count: 1, eventCount: 2, totalFees: 8000 },
    });
    const firstPage = (await client.get("/api/bureau-partners?sort=-name&limit=1")).json();
    expect(firstPage.items[0].name).toBe("Keynote Bureau");
    const secondPage = (
      await client.get(
        `/api/bureau-partners?sort=-name&limit=1&cursor=${encodeURIComponent(firstPage.nextCursor)}`,
      )
    ).json();
    expect(secondPage).toMatchObject({ items: [{ name: "Another Bureau" }], nextCursor: null });
  });

  it("refuses a duplicate name with 409, on create and on rename", async () => {
    const { client } = await createSignedInClient(app, db);
    await client.post("/api/bureau-partners", bureau);
    const other = (await client.post("/api/bureau-partners", { name: "Other" })).json();
    const duplicate = await client.post("/api/bureau-partners", { name: "keynote BUREAU" });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toBe('You already have a bureau partner named "keynote BUREAU".');
    const rename = await client.patch(`/api/bureau-partners/${other.id}`, { name: "Keynote Bureau" });
    expect(rename.statusCode).toBe(409);
  });

  it("requires a name", async () => {
    const { client } = await createSignedInClient(app, db);
    const response = await client.post("/api/bureau-partners", { contactName: "Robin" });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ name: "Bureau name is required" });
  });

  it("deletes a partner and keeps its events, unlinked", async () => {
    const { client } = await createSignedInClient(app, db);
    const event = await postEvent(client, { bureauPartnerName: "Keynote Bureau", bureauRepName: "Robin" });
    expect((await client.delete(`/api/bureau-partners/${event.bureauPartnerId}`)).statusCode).toBe(204);
    const kept = (await client.get(`/api/events/${event.id}`)).json();
    expect(kept).toMatchObject({
      bureauPartner: null,
      bureauPartnerId: null,
      bureauPartnerName: null,
      bureauRepName: "Robin",
    });
    expect((await client.get(`/api/bureau-partners/${event.bureauPartnerId}`)).statusCode).toBe(404);
    expect((await client.delete(`/api/bureau-partners/${event.bureauPartnerId}`)).statusCode).toBe(404);
  });

  it("answers 404 for unknown and malformed ids", async () => {
    const { client } = await createSignedInClient(app, db);
    const response = await client.get("/api/bureau-partners/123");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: "Bureau partner not found" });
    const patch = await client.patch("/api/bureau-partners/6f1c1c52-4a8a-4a43-9a52-4e6c7f4b9d11", {
      notes: "x",
    });
    expect(patch.statusCode).toBe(404);
  });
});

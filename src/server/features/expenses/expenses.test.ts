import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createSignedInClient, postEvent } from "../../../test/book.ts";
import { makePng, samplePdf, startS3Server, temporaryDataDir, uploadOk } from "../../../test/files.ts";

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field
type Json = any;

const localDataDir = temporaryDataDir();
const s3DataDir = temporaryDataDir();
const drivers = [
  { name: "local folder", ...(await createTestApp({ DATA_DIR: localDataDir })) },
  {
    name: "S3-compatible server",
    ...(await createTestApp({ DATA_DIR: s3DataDir, ...(await startS3Server()) })),
  },
];
const { app, db } = drivers[0]!;

for (const driver of drivers) {
  describe(`receipts on the ${driver.name}`, () => {
    it("keeps a photo and a PDF as receipts and serves them back to their owner only", async () => {
      const { client } = await createSignedInClient(driver.app, driver.db);
      const png = makePng(32, 24);
      const photo = await uploadOk(client, png, { filename: "receipt.jpg", kind: "receipt" });
      const created = await client.post("/api/expenses", {
        date: "2025-03-09",
        amount: 42.5,
        category: "meals",
        receiptFileId: photo.id,
      });
      expect(created.statusCode).toBe(201);
      expect(created.json().receipt).toEqual({
        id: photo.id,
        filename: "receipt.jpg",
        contentType: "image/png",
        size: png.length,
      });
      const content = await client.get(`/api/files/${photo.id}/content`);
      expect(content.rawPayload.equals(png)).toBe(true);

      const pdf = await uploadOk(client, samplePdf, { filename: "hotel.pdf", kind: "receipt" });
      const changed = await client.patch(`/api/expenses/${created.json().id}`, { receiptFileId: pdf.id });
      expect(changed.json().receipt).toMatchObject({ id: pdf.id, contentType: "application/pdf" });

      // Another speaker can neither attach nor read the receipt.
      const other = await createSignedInClient(driver.app, driver.db);
      const stolen = await other.client.post("/api/expenses", {
        date: "2025-03-09",
        amount: 1,
        category: "meals",
        receiptFileId: pdf.id,
      });
      expect(stolen.statusCode).toBe(400);
      expect(stolen.json().fields).toEqual({ receiptFileId: "Receipt not found" });
      expect((await other.client.get(`/api/files/${pdf.id}/content`)).statusCode).toBe(404);

      // Deleting the receipt file leaves the expense without one.
      expect((await client.delete(`/api/files/${pdf.id}`)).statusCode).toBe(204);
      expect((await client.get(`/api/expenses/${created.json().id}`)).json().receipt).toBeNull();
    });
  });
}

describe("expenses", () => {
  it("adds, lists with filters and totals, edits and deletes", async () => {
    const { client } = await createSignedInClient(app, db);
    const event = await postEvent(client, { title: "Austin Keynote", date: "2025-03-10" });
    const add = (body: Json) => client.post("/api/expenses", body);
    const flight = (
      await add({
        date: "2025-03-09",
        amount: 450.25,
        category: "airfare",
        vendor: "  Southwest ",
        eventId: event.id,
        billable: true,
      })
    ).json();
    expect(flight).toMatchObject({
      date: "2025-03-09",
      amount: 450.25,
      category: "airfare",
      vendor: "Southwest",
      description: null,
      eventId: event.id,
      eventTitle: "Austin Keynote",
      receipt: null,
      billable: true,
    });
    await add({ date: "2025-03-10", amount: 300, category: "lodging", eventId: event.id });
    await add({ date: "2025-05-01", amount: 0.1, category: "office" });
    await add({ date: "2024-12-31", amount: 0.2, category: "office" });

    const all = (await client.get("/api/expenses")).json();
    expect(all.items.map((item: Json) => item.date)).toEqual([
      "2025-05-01",
      "2025-03-10",
      "2025-03-09",
      "2024-12-31",
    ]);
    expect(all.totals).toEqual({ count: 4, amount: 750.55 });
    const year = (await client.get("/api/expenses?from=2025-01-01&to=2025-12-31&category=office")).json();
    expect(year.totals).toEqual({ count: 1, amount: 0.1 });
    const billable = (await client.get(`/api/expenses?eventId=${event.id}&billable=true`)).json();
    expect(billable.items.map((item: Json) => item.id)).toEqual([flight.id]);
    const page = (await client.get("/api/expenses?limit=3")).json();
    expect(page.items).toHaveLength(3);
    const next = (await client.get(`/api/expenses?limit=3&cursor=${page.nextCursor}`)).json();
    expect(next.items.map((item: Json) => item.date)).toEqual(["2024-12-31"]);
    expect(next.nextCursor).toBeNull();

    const edited = await client.patch(`/api/expenses/${flight.id}`, {
      amount: 460,
      eventId: null,
      vendor: "",
    });
    expect(edited.json()).toMatchObject({ amount: 460, eventId: null, vendor: null, category: "airfare" });
    expect((await client.delete(`/api/expenses/${flight.id}`)).statusCode).toBe(204);
    expect((await client.get(`/api/expenses/${flight.id}`)).statusCode).toBe(404);
  });

  it("refuses bad input with plain words", async () => {
    const { client } = await createSignedInClient(app, db);
    const bad = await client.post("/api/expenses", { date: "2025-02-30", amount: 0, category: "yachts" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      date: "Enter a real date as YYYY-MM-DD",
      amount: "Amount must be more than 0",
      category: expect.stringMatching(/^Category must be one of airfare/),
    });
    const decimals = await client.post("/api/expenses", {
      date: "2025-02-01",
      amount: 1.005,
      category: "fees",
    });
    expect(decimals.json().fields).toEqual({ amount: "Amount can have at most 2 decimals" });
    const other = await createSignedInClient(app, db);
    const theirEvent = await postEvent(other.client);
    const linked = await client.post("/api/expenses", {
      date: "2025-02-01",
      amount: 5,
      category: "fees",
      eventId: theirEvent.id,
    });
    expect(linked.json().fields).toEqual({ eventId: "Event not found" });
    const range = await client.get("/api/expenses?from=2025-02-01&to=2025-01-01");
    expect(range.json().fields).toEqual({ to: "The end date must be on or after the start date" });
  });

  it("answers 404 on another speaker's expense and mileage ids", async () => {
    const owner = await createSignedInClient(app, db);
    const expense = (
      await owner.client.post("/api/expenses", { date: "2025-01-01", amount: 5, category: "fees" })
    ).json();
    const trip = (
      await owner.client.post("/api/mileage", {
        date: "2025-01-01",
        from: "A",
        to: "B",
        purpose: "C",
        miles: 5,
      })
    ).json();
    const { client } = await createSignedInClient(app, db);
    for (const path of [`/api/expenses/${expense.id}`, `/api/mileage/${trip.id}`]) {
      expect((await client.get(path)).statusCode).toBe(404);
      expect((await client.patch(path, { date: "2025-01-02" })).statusCode).toBe(404);
      expect((await client.delete(path)).statusCode).toBe(404);
    }
    expect((await client.get("/api/expenses")).json().items).toEqual([]);
    expect((await client.get("/api/mileage")).json().items).toEqual([]);
    expect((await client.get("/api/expenses/not-a-uuid")).statusCode).toBe(404);
    expect((await owner.client.get(`/api/expenses/${expense.id}`)).json().amount).toBe(5);
  });
});

describe("mileage", () => {
  it("applies each year's rate, counts round trips twice and keeps a speaker's own rates", async () => {
    const { client } = await createSignedInClient(app, db);
    expect((await client.get("/api/mileage-rates")).json()).toEqual([
      { year: 2023, centsPerMile: 65.5 },
      { year: 2024, centsPerMile: 67 },
      { year: 2025, centsPerMile: 70 },
    ]);
    const trip = (body: Json) =>
      client.post("/api/mileage", { from: "Home", to: "Venue", purpose: "Keynote", ...body });
    const first = await trip({ date: "2023-04-01", miles: 12.5 });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      miles: 12.5,
      roundTrip: false,
      totalMiles: 12.5,
      rateCents: 65.5,
      deduction: 8.19, // 818.75 ¢ rounds up
    });
    const round = (await trip({ date: "2024-04-01", miles: 10.25, roundTrip: true })).json();
    expect(round).toMatchObject({ totalMiles: 20.5, rateCents: 67, deduction: 13.74 }); // 1373.5 ¢
    // A year after the table's last takes its latest rate until the speaker enters one.
    expect((await trip({ date: "2026-02-01", miles: 1 })).json()).toMatchObject({
      rateCents: 70,
      deduction: 0.7,
    });
    // Three 0.33-mile trips in 2023: 21.615 ¢ each (22 ¢ shown), the year's 0.99 miles 64.845 ¢ → 65 ¢.
    for (let i = 0; i < 3; i += 1) await trip({ date: "2023-05-01", miles: 0.33 });
    const year2023 = (await client.get("/api/mileage?from=2023-01-01&to=2023-12-31")).json();
    expect(year2023.items.map((item: Json) => item.deduction)).toEqual([0.22, 0.22, 0.22, 8.19]);
    expect(year2023.totals).toEqual({ count: 4, miles: 13.49, deduction: 8.84 }); // 13.49 × 65.5 = 883.595

    const saved = await client.put("/api/mileage-rates", [
      { year: 2024, centsPerMile: 68.5 },
      { year: 2026, centsPerMile: 72.5 },
    ]);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual([
      { year: 2023, centsPerMile: 65.5 },
      { year: 2024, centsPerMile: 68.5 },
      { year: 2025, centsPerMile: 70 },
      { year: 2026, centsPerMile: 72.5 },
    ]);
    expect((await client.get(`/api/mileage/${round.id}`)).json()).toMatchObject({
      rateCents: 68.5,
      deduction: 14.04, // 20.5 × 68.5 = 1404.25 ¢
    });
    const all = (await client.get("/api/mileage")).json();
    // 2023: 883.595 → 884 ¢; 2024: 1404.25 → 1404 ¢; 2026: 72.5 → 73 ¢.
    expect(all.totals).toEqual({ count: 6, miles: 34.99, deduction: 23.61 });

    const edited = await client.patch(`/api/mileage/${round.id}`, { roundTrip: false, purpose: "Workshop" });
    expect(edited.json()).toMatchObject({ totalMiles: 10.25, purpose: "Workshop", deduction: 7.02 });
    expect((await client.delete(`/api/mileage/${round.id}`)).statusCode).toBe(204);
  });

  it("refuses bad trips and bad rate tables", async () => {
    const { client } = await createSignedInClient(app, db);
    const bad = await client.post("/api/mileage", { date: "2025-01-01", from: " ", miles: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      from: "From is required",
      to: "To is required",
      purpose: "Purpose is required",
      miles: "Miles must be more than 0",
    });
    const twice = await client.put("/api/mileage-rates", [
      { year: 2025, centsPerMile: 70 },
      { year: 2025, centsPerMile: 71 },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error).toBe("Each year may appear once");
    const fine = await client.put("/api/mileage-rates", [{ year: 2025, centsPerMile: 70.25 }]);
    expect(fine.json().error).toBe("Rate can have at most 1 decimal");
  });
});

import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createSignedInClient } from "../../../test/book.ts";

const { app, db } = await createTestApp();
const { client } = await createSignedInClient(app, db);

const valid = { title: "Keynote", date: "2030-05-01" };

/** POSTs an event with `fields` over a valid one and returns the 400's field messages. */
async function rejected(fields: Record<string, unknown>) {
  const response = await client.post("/api/events", { ...valid, ...fields });
  expect(response.statusCode, JSON.stringify(fields)).toBe(400);
  const body = response.json();
  expect(body.error).toBe(Object.values(body.fields)[0]);
  return body.fields;
}

async function accepted(fields: Record<string, unknown>) {
  const response = await client.post("/api/events", { ...valid, ...fields });
  expect(response.statusCode, `${JSON.stringify(fields)} → ${response.body}`).toBe(201);
  return response.json();
}

describe("event validation", () => {
  it("requires the title", async () => {
    expect(await rejected({ title: undefined })).toEqual({ title: "Event name is required" });
    expect(await rejected({ title: "   " })).toEqual({ title: "Event name is required" });
    expect(await rejected({ title: null })).toEqual({ title: "Event name is required" });
  });

  it("requires the date", async () => {
    expect(await rejected({ date: undefined })).toEqual({ date: "Date is required" });
    expect(await rejected({ date: "" })).toEqual({ date: "Date is required" });
  });

  it("lists every failing field, the first message as the error", async () => {
    const response = await client.post("/api/events", { fee: -1 });
    expect(response.json()).toEqual({
      error: "Event name is required",
      fields: {
        title: "Event name is required",
        date: "Date is required",
        fee: "Speaking fee cannot be negative",
      },
    });
  });

  it("accepts only real ISO dates", async () => {
    for (const date of [
      "2025-02-29",
      "2030-13-01",
      "2030-04-31",
      "05/01/2030",
      "2030-5-1",
      "0000-01-01",
      "tomorrow",
    ]) {
      expect(await rejected({ date })).toEqual({ date: "Enter a real date as YYYY-MM-DD" });
    }
    expect((await accepted({ date: "2028-02-29" })).date).toBe("2028-02-29");
  });

  it("checks the contact e-mail's format", async () => {
    expect(await rejected({ contactEmail: "casey@" })).toEqual({ contactEmail: "Invalid email address" });
    expect(await rejected({ contactEmail: "not an email" })).toEqual({
      contactEmail: "Invalid email address",
    });
    expect((await accepted({ contactEmail: " casey@example.com " })).contactEmail).toBe("casey@example.com");
  });

  it("takes money in dollars: not negative, at most 2 decimals, at most 10,000,000", async () => {
    expect(await rejected({ fee: -0.01 })).toEqual({ fee: "Speaking fee cannot be negative" });
    expect(await rejected({ travelFee: 10.005 })).toEqual({
      travelFee: "Travel fee can have at most 2 decimals",
    });
    expect(await rejected({ fee: 10_000_000.01 })).toEqual({
      fee: "Speaking fee cannot be more than $10,000,000",
    });
    expect(await rejected({ fee: "1500" })).toEqual({ fee: "Speaking fee must be an amount in dollars" });
    // Issue 10: a fraction of a cent used to pass as "close enough" and was stored as $0.00.
    expect(await rejected({ fee: 1e-9 })).toEqual({ fee: "Speaking fee can have at most 2 decimals" });
    expect(await rejected({ travelFee: 100.000001 })).toEqual({
      travelFee: "Travel fee can have at most 2 decimals",
    });
    const event = await accepted({ fee: 10_000_000, travelFee: 0.29 });
    expect(event).toMatchObject({ fee: 10_000_000, travelFee: 0.29, grossFee: 10_000_000.29 });
    expect((await accepted({ fee: 19.99, travelFee: 0.01 })).grossFee).toBe(20);
  });

  it("takes attendees as a whole number of at least 0", async () => {
    expect(await rejected({ attendees: 1.5 })).toEqual({ attendees: "Attendees must be a whole number" });
    expect(await rejected({ attendees: -1 })).toEqual({ attendees: "Attendees cannot be negative" });
    expect(await rejected({ attendees: "many" })).toEqual({ attendees: "Attendees must be a whole number" });
    expect((await accepted({ attendees: 0 })).attendees).toBe(0);
    expect(await rejected({ attendees: 10_000_001 })).toEqual({
      attendees: "Attendees cannot be more than 10,000,000",
    });
    expect((await accepted({ attendees: 10_000_000 })).attendees).toBe(10_000_000);
  });

  it("limits text lengths", async () => {
    expect(await rejected({ title: "x".repeat(201) })).toEqual({
      title: "Event name must be at most 200 characters",
    });
    expect(await rejected({ notes: "x".repeat(5001) })).toEqual({
      notes: "Notes must be at most 5000 characters",
    });
    expect(await rejected({ description: "x".repeat(5001) })).toEqual({
      description: "Description must be at most 5000 characters",
    });
    expect(await rejected({ venueName: "x".repeat(501) })).toEqual({
      venueName: "Venue name must be at most 500 characters",
    });
    expect(await rejected({ city: "x".repeat(201) })).toEqual({
      city: "City must be at most 200 characters",
    });
    const longest = await accepted({ title: "x".repeat(200), notes: "y".repeat(5000) });
    expect(longest.notes).toHaveLength(5000);
  });

  it("applies the same rules to a partial update", async () => {
    const event = await accepted({});
    const response = await client.patch(`/api/events/${event.id}`, { fee: 1.234, date: "2030-02-30" });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      date: "Enter a real date as YYYY-MM-DD",
      fee: "Speaking fee can have at most 2 decimals",
    });
  });

  it("answers a body that is not JSON with a plain message", async () => {
    const response = await client.request("POST", "/api/events", {
      body: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: "The request body is not valid JSON." });
  });
});

describe("web address and e-mail validation on clients, bureau partners and the profile", () => {
  const cases = [
    ["POST", "/api/clients", { name: "Acme" }],
    ["POST", "/api/bureau-partners", { name: "Bureau" }],
    ["PUT", "/api/speaker-profile", {}],
  ] as const;

  it("accepts only http and https web addresses", async () => {
    for (const [method, url, base] of cases) {
      for (const website of ["ftp://example.com", "javascript:alert(1)", "example.com", "https://"]) {
        const response = await client.request(method, url, { body: { ...base, website } });
        expect(response.statusCode, `${url} ${website}`).toBe(400);
        expect(response.json().fields).toEqual({
          website: "Enter a web address starting with http:// or https://",
        });
      }
    }
  });

  it("limits text lengths, naming the field, and keeps the longest allowed text whole", async () => {
    const limits = [
      ["POST", "/api/clients", { name: "Acme" }, "name", "Client name", 200],
      ["POST", "/api/clients", { name: "Acme" }, "company", "Company", 200],
      ["POST", "/api/clients", { name: "Acme" }, "phone", "Phone", 50],
      ["POST", "/api/clients", { name: "Acme" }, "notes", "Notes", 5000],
      ["POST", "/api/bureau-partners", { name: "Bureau" }, "name", "Bureau name", 200],
      ["POST", "/api/bureau-partners", { name: "Bureau" }, "contactName", "Contact name", 200],
      ["POST", "/api/bureau-partners", { name: "Bureau" }, "notes", "Notes", 5000],
      ["PUT", "/api/speaker-profile", {}, "name", "Name", 200],
      ["PUT", "/api/speaker-profile", {}, "title", "Title", 200],
      ["PUT", "/api/speaker-profile", {}, "address", "Address", 500],
      ["PUT", "/api/speaker-profile", {}, "zipCode", "Zip code", 20],
      ["PUT", "/api/speaker-profile", {}, "bio", "Bio", 5000],
    ] as const;
    for (const [method, url, base, field, label, max] of limits) {
      // A fresh name each time, so no client or partner collides with one made before.
      const unique = "name" in base ? { name: crypto.randomUUID() } : {};
      const body = (value: string) => ({ ...base, ...unique, [field]: value });
      const tooLong = await client.request(method, url, { body: body("x".repeat(max + 1)) });
      expect(tooLong.statusCode, `${url} ${field}`).toBe(400);
      expect(tooLong.json().fields).toEqual({ [field]: `${label} must be at most ${max} characters` });
      const longest = "y".repeat(max);
      const kept = await client.request(method, url, { body: body(longest) });
      expect(kept.statusCode, `${url} ${field} ${kept.body}`).toBeLessThan(300);
      expect(kept.json()[field]).toBe(longest);
    }
  });

  it("checks e-mail format", async () => {
    for (const [method, url, base] of cases) {
      const response = await client.request(method, url, { body: { ...base, email: "nobody@" } });
      expect(response.json().fields, url).toEqual({ email: "Invalid email address" });
    }
  });
});

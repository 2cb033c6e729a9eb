import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createSignedInClient } from "../../../test/book.ts";
import { createClient } from "../../../test/client.ts";

const { app, db } = await createTestApp();

const profile = {
  name: "Jordan Speaker",
  title: "Leadership Keynote Speaker",
  businessName: "Jordan Speaks LLC",
  phone: "+1 555 0123",
  email: "jordan@speaks.example",
  website: "https://speaks.example",
  address: "1 Main St",
  city: "Austin",
  state: "TX",
  zipCode: "78701",
  bio: "Twenty years on stage.",
  annualGoal: 250000.5,
};

const emptyProfile = Object.fromEntries(Object.keys(profile).map((key) => [key, null]));

describe("speaker profile", () => {
  it("answers every field as null before the first save, never cached", async () => {
    const { client } = await createSignedInClient(app, db);
    const response = await client.get("/api/speaker-profile");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.json()).toEqual(emptyProfile);
  });

  it("saves the whole profile, the annual goal in dollars", async () => {
    const { client } = await createSignedInClient(app, db);
    const saved = await client.put("/api/speaker-profile", profile);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(profile);
    expect((await client.get("/api/speaker-profile")).json()).toEqual(profile);
  });

  it("replaces the profile on the next save: left-out fields become empty", async () => {
    const { client } = await createSignedInClient(app, db);
    await client.put("/api/speaker-profile", profile);
    const saved = await client.put("/api/speaker-profile", { name: "J. Speaker", bio: "" });
    expect(saved.json()).toEqual({ ...emptyProfile, name: "J. Speaker" });
  });

  it("validates the goal like any amount of money", async () => {
    const { client } = await createSignedInClient(app, db);
    const negative = await client.put("/api/speaker-profile", { annualGoal: -5 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().fields).toEqual({ annualGoal: "Annual goal cannot be negative" });
    const fraction = await client.put("/api/speaker-profile", { annualGoal: 0.001 });
    expect(fraction.json().fields).toEqual({ annualGoal: "Annual goal can have at most 2 decimals" });
    const bio = await client.put("/api/speaker-profile", { bio: "x".repeat(5001) });
    expect(bio.json().fields).toEqual({ bio: "Bio must be at most 5000 characters" });
  });

  it("keeps each speaker's profile to themselves", async () => {
    const first = await createSignedInClient(app, db);
    const second = await createSignedInClient(app, db);
    await first.client.put("/api/speaker-profile", profile);
    expect((await second.client.get("/api/speaker-profile")).json()).toEqual(emptyProfile);
  });

  it("answers 401 without a session", async () => {
    const anonymous = createClient(app);
    expect((await anonymous.get("/api/speaker-profile")).statusCode).toBe(401);
    expect((await anonymous.put("/api/speaker-profile", profile)).statusCode).toBe(401);
  });
});

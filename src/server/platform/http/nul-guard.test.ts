import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createSignedInClient } from "../../../test/book.ts";
import { createClient } from "../../../test/client.ts";
import { dumpTables } from "../../../test/seed-book.ts";
import { nulCharacterMessage } from "./nul-guard.ts";

/** Issue 10, item 5: inputs that used to answer 500 get a 400 in plain words and change nothing. */
const { app, db } = await createTestApp();
const { client } = await createSignedInClient(app, db);
const refusal = (field: string) => ({ error: nulCharacterMessage, fields: { [field]: nulCharacterMessage } });

describe("NUL characters", () => {
  it("are refused before sign-in is even tried", async () => {
    const before = await dumpTables(db);
    const response = await createClient(app).post("/api/login", { username: "a\u0000b", password: "x" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refusal("username"));
    expect(await dumpTables(db)).toEqual(before);
  });

  it.each([
    ["/api/contact", { name: "A\u0000", email: "a@example.com", message: "Hi" }, "name"],
    ["/api/events", { title: "Talk\u0000", date: "2026-03-14" }, "title"],
    ["/api/clients", { name: "Acme\u0000" }, "name"],
    ["/api/bureau-partners", { name: "Bureau", notes: "x\u0000" }, "notes"],
  ])("are refused in POST %s", async (url, body, field) => {
    const before = await dumpTables(db);
    const response = await client.post(url, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refusal(field));
    expect(await dumpTables(db)).toEqual(before);
  });

  it("are refused in the profile and in ?q= of the lists and the search", async () => {
    expect((await client.put("/api/speaker-profile", { name: "Jane\u0000" })).json()).toEqual(
      refusal("name"),
    );
    for (const url of ["/api/events", "/api/clients", "/api/bureau-partners", "/api/search"]) {
      const response = await client.get(`${url}?q=%00`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(refusal("q"));
    }
  });
});

describe("tampered cursors", () => {
  const cursor = (parts: unknown[]) => Buffer.from(JSON.stringify(parts)).toString("base64url");
  const id = "00000000-0000-4000-8000-000000000000";

  it.each([
    ["/api/events?sort=-date", ["-date", "garbage", id]],
    ["/api/events?sort=fee", ["fee", 2147483648, id]],
    ["/api/events?sort=title", ["title", "a\u0000", id]],
    ["/api/clients?sort=name", ["name", "a\u0000", id]],
  ])("%s with %j is a 400", async (url, parts) => {
    const response = await client.get(`${url}&cursor=${cursor(parts)}`);
    expect(response.json()).toEqual({ error: "Invalid cursor", fields: { cursor: "Invalid cursor" } });
    expect(response.statusCode).toBe(400);
  });
});

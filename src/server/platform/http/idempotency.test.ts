import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createClient } from "../../../test/client.ts";
import { createUser, DEFAULT_PASSWORD, signIn } from "../../../test/factories.ts";
import { mailTo } from "../../../test/mailer.ts";
import { sha256 } from "../auth/tokens.ts";
import { idempotencyKeys, users } from "../db/schema.ts";
import { purgeExpiredIdempotencyKeys } from "./idempotency.ts";

const { app, db } = await createTestApp();

async function signedInClient() {
  const user = await createUser(db);
  const client = createClient(app);
  await signIn(client, db, user, { freshCheck: true });
  return { user, client };
}

const withKey = (key: string) => ({ headers: { "idempotency-key": key } });

describe("Idempotency-Key", () => {
  it("creates once and answers the same when an anonymous POST is repeated", async () => {
    const client = createClient(app);
    await client.get("/api/csrf-token");
    const beforeFirstAnswer = new Map(client.jar);
    const input = {
      username: `idem_${Date.now()}`,
      email: `idem_${Date.now()}@example.com`,
      password: "Speaker!2026",
    };

    const first = await client.post("/api/register", input, withKey("register-1"));
    // The first answer was lost on the way: the browser never stored its cookies, so it retries as before.
    client.jar.clear();
    for (const [name, value] of beforeFirstAnswer) client.jar.set(name, value);
    const repeat = await client.post("/api/register", input, withKey("register-1"));

    expect(first.statusCode).toBe(201);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    expect(repeat.statusCode).toBe(201);
    expect(repeat.headers["idempotent-replayed"]).toBe("true");
    expect(repeat.headers["content-type"]).toBe(first.headers["content-type"]);
    expect(repeat.json()).toEqual(first.json());
    expect(await db.select().from(users).where(eq(users.username, input.username))).toHaveLength(1);
    expect(await mailTo(db, input.email)).toHaveLength(1);
  });

  it("replays a signed-in user's call without running it again", async () => {
    const { user, client } = await signedInClient();
    const email = `changed_${user.username}@example.com`;
    const first = await client.patch(
      "/api/account",
      { email, currentPassword: DEFAULT_PASSWORD },
      withKey("change-email"),
    );
    const repeat = await client.patch(
      "/api/account",
      { email, currentPassword: DEFAULT_PASSWORD },
      withKey("change-email"),
    );
    expect(repeat.statusCode).toBe(200);
    expect(repeat.headers["idempotent-replayed"]).toBe("true");
    expect(repeat.body).toBe(first.body);
    expect(await mailTo(db, email)).toHaveLength(1);
  });

  it("replays error answers too", async () => {
    const { client } = await signedInClient();
    const body = { currentPassword: "Wrong!2026", newPassword: "BrandNew!2027" };
    const first = await client.post("/api/account/password", body, withKey("wrong-password"));
    const repeat = await client.post("/api/account/password", body, withKey("wrong-password"));
    expect(first.statusCode).toBe(400);
    expect(repeat.statusCode).toBe(400);
    expect(repeat.json()).toEqual(first.json());
  });

  it("replays an empty 204 answer instead of running the call again", async () => {
    const { client } = await signedInClient();
    const body = { currentPassword: DEFAULT_PASSWORD, newPassword: "BrandNew!2027" };
    const first = await client.post("/api/account/password", body, withKey("change-password"));
    // Run again, the call would now fail: the current password is no longer DEFAULT_PASSWORD.
    const repeat = await client.post("/api/account/password", body, withKey("change-password"));
    expect(first.statusCode).toBe(204);
    expect(repeat.statusCode).toBe(204);
    expect(repeat.headers["idempotent-replayed"]).toBe("true");
    expect(repeat.body).toBe("");
  });

  it("keeps keys apart per user", async () => {
    const one = await signedInClient();
    const two = await signedInClient();
    const emailOne = `one_${one.user.username}@example.com`;
    const emailTwo = `two_${two.user.username}@example.com`;
    await one.client.patch(
      "/api/account",
      { email: emailOne, currentPassword: DEFAULT_PASSWORD },
      withKey("shared-key"),
    );
    const response = await two.client.patch(
      "/api/account",
      { email: emailTwo, currentPassword: DEFAULT_PASSWORD },
      withKey("shared-key"),
    );
    expect(response.headers["idempotent-replayed"]).toBeUndefined();
    expect(response.json().message).toContain(emailTwo);
  });

  it("refuses a key reused for another call with 422", async () => {
    const { user, client } = await signedInClient();
    await client.patch(
      "/api/account",
      { email: user.email, currentPassword: DEFAULT_PASSWORD },
      withKey("reused"),
    );
    const response = await client.post("/api/logout", undefined, withKey("reused"));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: "This Idempotency-Key was already used for a different request.",
    });
    expect((await client.get("/api/user")).statusCode).toBe(200);
  });

  it("answers 409 while the first request is still being processed", async () => {
    const { user, client } = await signedInClient();
    await db
      .insert(idempotencyKeys)
      .values({ scope: user.id, key: "in-flight", method: "PATCH", path: sha256("/api/account") });
    const response = await client.patch(
      "/api/account",
      { email: user.email, currentPassword: DEFAULT_PASSWORD },
      withKey("in-flight"),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: "A request with this Idempotency-Key is still being processed. Try again shortly.",
    });
  });

  it("takes over a claim abandoned for minutes, and a kept answer older than 24 hours", async () => {
    const { user, client } = await signedInClient();
    await db.insert(idempotencyKeys).values([
      {
        scope: user.id,
        key: "abandoned",
        method: "PATCH",
        path: sha256("/api/account"),
        createdAt: sql`now() - interval '3 minutes'`,
      },
      {
        scope: user.id,
        key: "expired",
        method: "PATCH",
        path: sha256("/api/account"),
        statusCode: 200,
        responseBody: "{}",
        createdAt: sql`now() - interval '25 hours'`,
      },
    ]);
    for (const key of ["abandoned", "expired"]) {
      const response = await client.patch(
        "/api/account",
        { email: user.email, currentPassword: DEFAULT_PASSWORD },
        withKey(key),
      );
      expect(response.statusCode).toBe(200);
      expect(response.headers["idempotent-replayed"]).toBeUndefined();
      expect(response.json().message).toContain(user.email);
    }
  });

  it("refuses a key longer than 255 characters", async () => {
    const { user, client } = await signedInClient();
    const tooLong = await client.patch(
      "/api/account",
      { email: user.email, currentPassword: DEFAULT_PASSWORD },
      withKey("k".repeat(256)),
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ error: "Idempotency-Key must be 1 to 255 characters." });
    const longest = await client.patch(
      "/api/account",
      { email: user.email, currentPassword: DEFAULT_PASSWORD },
      withKey("k".repeat(255)),
    );
    expect(longest.statusCode).toBe(200);
  });

  it("leaves GET calls alone", async () => {
    const { client } = await signedInClient();
    await client.get("/api/user", withKey("read"));
    const repeat = await client.get("/api/user", withKey("read"));
    expect(repeat.headers["idempotent-replayed"]).toBeUndefined();
  });
});

describe("Idempotency-Key answers that hand out a link (issue 27, item 12)", () => {
  const keptRows = async (scope: string) =>
    JSON.stringify(await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.scope, scope)));

  it("keeps no share, invoice or calendar address, and replays the answer without it", async () => {
    const { user, client } = await signedInClient();
    expect((await client.put("/api/media-kit", { slug: `kit-${user.id.slice(0, 8)}` })).statusCode).toBe(200);
    const invoice = (
      await client.post("/api/invoices", { items: [{ description: "Talk", quantity: 1, unitPrice: 900 }] })
    ).json();
    const calls = [
      ["/api/share-links", { kind: "media_kit", label: "ACME" }, "url"],
      [`/api/invoices/${invoice.id}/send`, { to: "client@example.com" }, "publicUrl"],
      ["/api/calendar-feed/rotate", undefined, "url"],
    ] as const;
    for (const [url, body, field] of calls) {
      const first = await client.post(url, body, withKey(url));
      const link = first.json()[field] as string;
      expect(link, url).toMatch(/^http:\/\/localhost:\d+\/(share|i|calendar)\/\S{20,}/);
      const token = link
        .split("/")
        .pop()!
        .replace(/\.ics$/, "");
      expect(await keptRows(user.id), url).not.toContain(token);

      const replay = await client.post(url, body, withKey(url));
      expect(replay.headers["idempotent-replayed"], url).toBe("true");
      expect(replay.statusCode, url).toBe(first.statusCode);
      expect(replay.json(), url).toEqual({ ...first.json(), [field]: null });
    }
  });

  it("keeps no token of a public call's path", async () => {
    const visitor = createClient(app);
    await visitor.get("/api/csrf-token");
    const token = "t".repeat(43);
    const url = `/api/public/invoices/${token}/checkout`;
    expect((await visitor.post(url, {}, withKey("pay"))).statusCode).toBe(404);
    const scope = visitor.jar.get("podium_presession")!;
    expect(await keptRows(scope)).toContain('"statusCode":404');
    expect(await keptRows(scope)).not.toContain(token);
    expect((await visitor.post(url, {}, withKey("pay"))).headers["idempotent-replayed"]).toBe("true");
  });
});

describe("purgeExpiredIdempotencyKeys", () => {
  it("deletes answers older than 24 hours and keeps the others", async () => {
    const scope = crypto.randomUUID();
    await db.insert(idempotencyKeys).values([
      { scope, key: "old", method: "POST", path: "/api/x", createdAt: sql`now() - interval '25 hours'` },
      { scope, key: "recent", method: "POST", path: "/api/x", createdAt: sql`now() - interval '23 hours'` },
    ]);
    await purgeExpiredIdempotencyKeys(db);
    const kept = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.scope, scope));
    expect(kept.map((row) => row.key)).toEqual(["recent"]);
  });
});

import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createClient } from "../../../test/client.ts";
import { createUser } from "../../../test/factories.ts";
import { sha256 } from "../../platform/auth/tokens.ts";
import { authTokens } from "../../platform/db/schema.ts";
import { latestLinkToken, registerThroughApi } from "./testing.ts";

const { app, db } = await createTestApp();
const invalidLink = { error: "The verification link is invalid or has expired." };

describe("POST /api/auth/verify-email", () => {
  it("verifies the address from the e-mailed link and answers the user", async () => {
    const client = createClient(app);
    const { user } = await registerThroughApi(client);
    const token = await latestLinkToken(db, user.email, "verify");

    const response = await createClient(app).post("/api/auth/verify-email", { token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.id, username: user.username, emailVerified: true });
    expect((await client.get("/api/user")).json().emailVerified).toBe(true);
  });

  it("works once", async () => {
    const client = createClient(app);
    const { user } = await registerThroughApi(client);
    const token = await latestLinkToken(db, user.email, "verify");
    expect((await client.post("/api/auth/verify-email", { token })).statusCode).toBe(200);
    const again = await client.post("/api/auth/verify-email", { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(invalidLink);
  });

  it("refuses a link older than 24 hours", async () => {
    const client = createClient(app);
    const { user } = await registerThroughApi(client);
    const token = await latestLinkToken(db, user.email, "verify");
    await db
      .update(authTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(authTokens.tokenHash, sha256(token)));

    const response = await client.post("/api/auth/verify-email", { token });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(invalidLink);
    expect((await client.get("/api/user")).json().emailVerified).toBe(false);
  });

  it("refuses a password reset token", async () => {
    const user = await createUser(db);
    await createClient(app).post("/api/auth/request-reset", { email: user.email });
    const token = await latestLinkToken(db, user.email, "reset");
    const response = await createClient(app).post("/api/auth/verify-email", { token });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(invalidLink);
  });

  it("refuses an unknown or missing token", async () => {
    const client = createClient(app);
    const unknown = await client.post("/api/auth/verify-email", { token: "made-up" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(invalidLink);
    const missing = await client.post("/api/auth/verify-email", { token: "" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe(invalidLink.error);
  });
});

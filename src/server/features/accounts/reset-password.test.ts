import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createClient } from "../../../test/client.ts";
import { createUser, DEFAULT_PASSWORD, signIn } from "../../../test/factories.ts";
import { sha256 } from "../../platform/auth/tokens.ts";
import { authTokens, sessions } from "../../platform/db/schema.ts";
import { latestLinkToken } from "./testing.ts";

const { app, db } = await createTestApp();
const invalidLink = { error: "The password reset link is invalid or has expired." };
const newPassword = "BrandNew!2027";

async function requestResetToken(email: string) {
  expect((await createClient(app).post("/api/auth/request-reset", { email })).statusCode).toBe(200);
  return latestLinkToken(db, email, "reset");
}

async function logIn(username: string, password: string) {
  return createClient(app).post("/api/login", { username, password });
}

describe("POST /api/auth/reset-password", () => {
  it("sets the new password from the e-mailed link", async () => {
    const user = await createUser(db);
    const token = await requestResetToken(user.email);

    const response = await createClient(app).post("/api/auth/reset-password", {
      token,
      password: newPassword,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: "Your password has been reset. Please log in with your new password.",
    });
    expect((await logIn(user.username, DEFAULT_PASSWORD)).statusCode).toBe(401);
    expect((await logIn(user.username, newPassword)).statusCode).toBe(200);
  });

  it("ends every session of the user, the caller's own included", async () => {
    const user = await createUser(db);
    const other = await createUser(db);
    const phone = createClient(app);
    const laptop = createClient(app);
    const bystander = createClient(app);
    await signIn(phone, db, user);
    await signIn(laptop, db, user);
    await signIn(bystander, db, other);
    const token = await requestResetToken(user.email);

    const response = await laptop.post("/api/auth/reset-password", { token, password: newPassword });
    expect(response.statusCode).toBe(200);
    expect(laptop.jar.has("podium_session")).toBe(false);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect((await phone.get("/api/user")).statusCode).toBe(401);
    expect((await bystander.get("/api/user")).statusCode).toBe(200);
  });

  it("works once", async () => {
    const user = await createUser(db);
    const token = await requestResetToken(user.email);
    const client = createClient(app);
    expect((await client.post("/api/auth/reset-password", { token, password: newPassword })).statusCode).toBe(
      200,
    );
    const again = await client.post("/api/auth/reset-password", { token, password: "Another!2028" });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(invalidLink);
    expect((await logIn(user.username, newPassword)).statusCode).toBe(200);
  });

  it("refuses a link older than one hour", async () => {
    const user = await createUser(db);
    const token = await requestResetToken(user.email);
    await db
      .update(authTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(authTokens.tokenHash, sha256(token)));
    const response = await createClient(app).post("/api/auth/reset-password", {
      token,
      password: newPassword,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(invalidLink);
    expect((await logIn(user.username, DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  it("refuses an older link once a newer one was sent", async () => {
    const user = await createUser(db);
    const older = await requestResetToken(user.email);
    const newer = await requestResetToken(user.email);
    const client = createClient(app);
    expect(
      (await client.post("/api/auth/reset-password", { token: older, password: newPassword })).json(),
    ).toEqual(invalidLink);
    expect(
      (await client.post("/api/auth/reset-password", { token: newer, password: newPassword })).statusCode,
    ).toBe(200);
  });

  it("refuses a verification token and an unknown token", async () => {
    const user = await createUser(db, { emailVerifiedAt: null });
    await createClient(app).post("/api/auth/resend-verification", { email: user.email });
    const verifyToken = await latestLinkToken(db, user.email, "verify");
    for (const token of [verifyToken, "made-up-token"]) {
      const response = await createClient(app).post("/api/auth/reset-password", {
        token,
        password: newPassword,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(invalidLink);
    }
  });

  it.each([
    [{ token: "t", password: "short" }, "password", "Password must be at least 8 characters"],
    [{ token: "t", password: "a".repeat(129) }, "password", "Password is too long"],
    [{ token: "", password: newPassword }, "token", invalidLink.error],
    [{ token: "t".repeat(513), password: newPassword }, "token", invalidLink.error],
  ])("refuses %j", async (body, field, message) => {
    const response = await createClient(app).post("/api/auth/reset-password", body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message, fields: { [field]: message } });
  });
});

describe("GET /api/auth/reset-password/:token", () => {
  it("says a live link is valid without using it up", async () => {
    const user = await createUser(db);
    const token = await requestResetToken(user.email);
    const check = await createClient(app).get(`/api/auth/reset-password/${token}`);
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ valid: true });
    expect(check.headers["cache-control"]).toBe("no-store");
    const reset = await createClient(app).post("/api/auth/reset-password", { token, password: newPassword });
    expect(reset.statusCode).toBe(200);
  });

  it("refuses a used, an expired and an unknown link before any password is typed", async () => {
    const user = await createUser(db);
    const used = await requestResetToken(user.email);
    await createClient(app).post("/api/auth/reset-password", { token: used, password: newPassword });
    const expired = await requestResetToken(user.email);
    await db
      .update(authTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(authTokens.tokenHash, sha256(expired)));
    for (const token of [used, expired, "made-up-token"]) {
      const check = await createClient(app).get(`/api/auth/reset-password/${token}`);
      expect(check.statusCode).toBe(400);
      expect(check.json()).toEqual(invalidLink);
    }
  });
});

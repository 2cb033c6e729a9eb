import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createClient } from "../../../test/client.ts";
import { createUser } from "../../../test/factories.ts";
import { mailTo } from "../../../test/mailer.ts";
import { authTokens } from "../../platform/db/schema.ts";
import { latestLinkToken } from "./testing.ts";

const { app, db, config } = await createTestApp();

/** The parts of an answer an observer could compare. */
async function observe(url: string, email: string) {
  const response = await createClient(app).post(url, { email });
  return { status: response.statusCode, type: response.headers["content-type"], body: response.body };
}

const resetCalls = ["/api/auth/request-reset", "/api/auth/forgot-password"];

describe.each(resetCalls)("POST %s", (url) => {
  it("answers identically for a verified, an unverified and an unknown address", async () => {
    const verified = await createUser(db);
    const unverified = await createUser(db, { emailVerifiedAt: null });
    const answers = [
      await observe(url, verified.email),
      await observe(url, unverified.email),
      await observe(url, "nobody@example.com"),
    ];
    expect(answers[0]!.status).toBe(200);
    expect(JSON.parse(answers[0]!.body)).toEqual({
      message:
        "If an account exists for this email, we have sent it a link. Check your email for instructions to reset your password.",
    });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(answers[0]!.body).not.toContain("requiresVerification");
  });

  it("mails a verified account a one-hour reset link to APP_URL/reset-password/<token>", async () => {
    const user = await createUser(db);
    await createClient(app).post(url, { email: ` ${user.email.toUpperCase()} ` });
    const [mail] = await mailTo(db, user.email);
    expect(mail!.subject).toBe("Reset your Podium password");
    expect(mail!.text).toMatch(new RegExp(`${config.APP_URL}/reset-password/[A-Za-z0-9_-]{43}`));
    const [token] = await db.select().from(authTokens).where(eq(authTokens.userId, user.id));
    expect(token!.purpose).toBe("reset_password");
    expect((token!.expiresAt.getTime() - token!.createdAt.getTime()) / 60_000).toBeCloseTo(60, 1);
  });

  it("mails an unverified account a verification link with an explanation instead", async () => {
    const user = await createUser(db, { emailVerifiedAt: null });
    await createClient(app).post(url, { email: user.email });
    const [mail] = await mailTo(db, user.email);
    expect(mail!.subject).toBe("Verify your email address for Podium");
    expect(mail!.text).toContain("You must verify your email address before resetting your password");
    expect(mail!.text).not.toContain("/reset-password/");
    const tokens = await db.select().from(authTokens).where(eq(authTokens.userId, user.id));
    expect(tokens.map((t) => t.purpose)).toEqual(["verify_email"]);
  });

  it("mails nothing for an unknown address", async () => {
    await createClient(app).post(url, { email: "ghost@example.com" });
    expect(await mailTo(db, "ghost@example.com")).toHaveLength(0);
  });

  it("refuses an invalid address with the spec's message", async () => {
    const response = await createClient(app).post(url, { email: "not-an-address" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: "Invalid email address",
      fields: { email: "Invalid email address" },
    });
  });
});

describe("POST /api/auth/recover-username", () => {
  const url = "/api/auth/recover-username";

  it("answers identically for a known and an unknown address", async () => {
    const user = await createUser(db);
    const known = await observe(url, user.email);
    const unknown = await observe(url, "nobody-at-all@example.com");
    expect(known.status).toBe(200);
    expect(JSON.parse(known.body)).toEqual({
      message: "If your email is in our system, we will send your username to you.",
    });
    expect(unknown).toEqual(known);
  });

  it("mails the username to a known address and nothing to an unknown one", async () => {
    const user = await createUser(db);
    await createClient(app).post(url, { email: user.email });
    await createClient(app).post(url, { email: "stranger@example.com" });
    const [mail] = await mailTo(db, user.email);
    expect(mail!.subject).toBe("Your Podium username");
    expect(mail!.text).toContain(`Your username is: ${user.username}`);
    expect(mail!.html).toContain(user.username);
    expect(await mailTo(db, "stranger@example.com")).toHaveLength(0);
  });

  it("refuses an invalid address", async () => {
    const response = await createClient(app).post(url, { email: "a@b" });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe("Email is too short");
  });
});

describe("POST /api/auth/resend-verification", () => {
  const url = "/api/auth/resend-verification";

  it("answers identically for unverified, verified and unknown addresses", async () => {
    const unverified = await createUser(db, { emailVerifiedAt: null });
    const verified = await createUser(db);
    const answers = [
      await observe(url, unverified.email),
      await observe(url, verified.email),
      await observe(url, "unknown-person@example.com"),
    ];
    expect(answers[0]!.status).toBe(200);
    expect(JSON.parse(answers[0]!.body)).toEqual({
      message:
        "If this email belongs to an account that still needs verification, we have sent a new verification link.",
    });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  it("sends a new link to an unverified address, voiding the older one", async () => {
    const user = await createUser(db, { emailVerifiedAt: null });
    await createClient(app).post(url, { email: user.email });
    const older = await latestLinkToken(db, user.email, "verify");
    await createClient(app).post(url, { email: user.email });
    const newer = await latestLinkToken(db, user.email, "verify");
    expect(newer).not.toBe(older);

    const client = createClient(app);
    const stale = await client.post("/api/auth/verify-email", { token: older });
    expect(stale.statusCode).toBe(400);
    expect((await client.post("/api/auth/verify-email", { token: newer })).statusCode).toBe(200);
  });

  it("mails nothing to a verified address", async () => {
    const user = await createUser(db);
    await createClient(app).post(url, { email: user.email });
    expect(await mailTo(db, user.email)).toHaveLength(0);
  });
});

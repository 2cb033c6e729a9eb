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

  it("mails an unverified account a verification that says why and leads on to the new password", async () => {
    const user = await createUser(db, { emailVerifiedAt: null });
    const welcome = createClient(app);
    await welcome.post("/api/auth/resend-verification", { email: user.email });
    const welcomeToken = await latestLinkToken(db, user.email, "verify");

    await createClient(app).post(url, { email: user.email });
    const [mail] = await mailTo(db, user.email);
    expect(mail!.subject).toBe("Verify your email address for Podium");
    expect(mail!.text).toContain("this is a verification email");
    expect(mail!.text).toContain("straight to choosing a new password");
    const link = new URL(/https?:\/\/\S+\/verify-email\?\S+/.exec(mail!.text)![0]);
    const verifyToken = link.searchParams.get("token")!;
    const resetToken = link.searchParams.get("reset")!;
    expect(verifyToken).not.toBe(welcomeToken);

    // The welcome link still works (the second e-mail did not break it), and using it ends its siblings.
    const verified = await createClient(app).post("/api/auth/verify-email", { token: welcomeToken });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ emailVerified: true });
    expect((await createClient(app).post("/api/auth/verify-email", { token: verifyToken })).statusCode).toBe(
      400,
    );

    // The reset half of the link opens the new-password form and sets the password.
    expect((await createClient(app).get(`/api/auth/reset-password/${resetToken}`)).json()).toEqual({
      valid: true,
    });
    const reset = await createClient(app).post("/api/auth/reset-password", {
      token: resetToken,
      password: "BrandNew!2027",
    });
    expect(reset.statusCode).toBe(200);
    expect(
      (await createClient(app).post("/api/login", { username: user.username, password: "BrandNew!2027" }))
        .statusCode,
    ).toBe(200);
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

  it("sends a new link to an unverified address; the older one works until one of them is used", async () => {
    const user = await createUser(db, { emailVerifiedAt: null });
    await createClient(app).post(url, { email: user.email });
    const older = await latestLinkToken(db, user.email, "verify");
    await createClient(app).post(url, { email: user.email });
    const newer = await latestLinkToken(db, user.email, "verify");
    expect(newer).not.toBe(older);

    const client = createClient(app);
    expect((await client.post("/api/auth/verify-email", { token: older })).statusCode).toBe(200);
    const spent = await client.post("/api/auth/verify-email", { token: newer });
    expect(spent.statusCode).toBe(400);
    expect(spent.json()).toEqual({ error: "The verification link is invalid or has expired." });
  });

  it("mails nothing to a verified address", async () => {
    const user = await createUser(db);
    await createClient(app).post(url, { email: user.email });
    expect(await mailTo(db, user.email)).toHaveLength(0);
  });
});

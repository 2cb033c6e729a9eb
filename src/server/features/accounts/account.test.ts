import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailTakenMeanwhileMessage, passwordRuleMessage } from "../../../shared/schemas/auth.ts";
import { createTestApp } from "../../../test/app.ts";
import { createClient } from "../../../test/client.ts";
import { createUser, DEFAULT_PASSWORD, signIn } from "../../../test/factories.ts";
import { mailTo } from "../../../test/mailer.ts";
import { users } from "../../platform/db/schema.ts";
import { latestLinkToken } from "./testing.ts";
import { emailChangeRequestedMessage } from "./update-email.ts";

const { app, db, config } = await createTestApp();
const newPassword = "BrandNew!2027";

async function signedInClient(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(db, overrides);
  const client = createClient(app);
  await signIn(client, db, user, { freshCheck: true });
  return { user, client };
}

describe("POST /api/account/password", () => {
  it("changes the password, keeps this session and ends the others", async () => {
    const { user, client } = await signedInClient();
    const otherDevice = createClient(app);
    await signIn(otherDevice, db, user, { freshCheck: true });

    const response = await client.post("/api/account/password", {
      currentPassword: DEFAULT_PASSWORD,
      newPassword,
    });
    expect(response.statusCode).toBe(204);
    expect((await client.get("/api/user")).statusCode).toBe(200);
    expect((await otherDevice.get("/api/user")).statusCode).toBe(401);
    const login = (password: string) =>
      createClient(app).post("/api/login", { username: user.username, password });
    expect((await login(DEFAULT_PASSWORD)).statusCode).toBe(401);
    expect((await login(newPassword)).statusCode).toBe(200);
  });

  it("voids a pending reset link", async () => {
    const { user, client } = await signedInClient();
    await createClient(app).post("/api/auth/request-reset", { email: user.email });
    const token = await latestLinkToken(db, user.email, "reset");
    await client.post("/api/account/password", { currentPassword: DEFAULT_PASSWORD, newPassword });
    const reset = await createClient(app).post("/api/auth/reset-password", {
      token,
      password: "Other!20288",
    });
    expect(reset.statusCode).toBe(400);
  });

  it("refuses a wrong current password", async () => {
    const { client } = await signedInClient();
    const response = await client.post("/api/account/password", {
      currentPassword: "Wrong!2026",
      newPassword,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: "Current password is incorrect",
      fields: { currentPassword: "Current password is incorrect" },
    });
  });

  it("holds the new password to the registration rules", async () => {
    const { client } = await signedInClient();
    const response = await client.post("/api/account/password", {
      currentPassword: DEFAULT_PASSWORD,
      newPassword: "alllowercase1!",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: passwordRuleMessage,
      fields: { newPassword: passwordRuleMessage },
    });
  });

  it("answers 401 to an anonymous caller", async () => {
    const response = await createClient(app).post("/api/account/password", {});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: "Not authenticated" });
  });
});

describe("PATCH /api/account", () => {
  const change = (
    client: Awaited<ReturnType<typeof signedInClient>>["client"],
    email: string,
    currentPassword = DEFAULT_PASSWORD,
  ) => client.patch("/api/account", { email, currentPassword });

  it("changes the e-mail only when the link sent to the new address is opened", async () => {
    const { user, client } = await signedInClient();
    const email = `new_${user.username}@example.com`;

    const response = await change(client, email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: emailChangeRequestedMessage(email) });
    // Until the new address is proven, the account keeps its own, verified.
    expect((await client.get("/api/user")).json()).toMatchObject({ email: user.email, emailVerified: true });
    const [mail] = await mailTo(db, email);
    expect(mail!.text).toContain(`${config.APP_URL}/verify-email?token=`);
    expect(mail!.text).toContain("switches to this address when you open the link");

    const token = await latestLinkToken(db, email, "verify");
    expect((await client.post("/api/auth/verify-email", { token })).json()).toMatchObject({
      email,
      emailVerified: true,
    });
    expect((await client.get("/api/user")).json()).toMatchObject({ email, emailVerified: true });
    const [changed, requested] = await mailTo(db, user.email);
    expect(requested!.subject).toBe("A change of your Podium e-mail was requested");
    expect(changed!.subject).toBe("Your Podium e-mail was changed");
    expect(changed!.text).toContain(`Your Podium e-mail was changed to ${email}`);
    expect(changed!.text).toContain("If this was not you");
    // The link works once.
    expect((await client.post("/api/auth/verify-email", { token })).statusCode).toBe(400);
  });

  it("needs the current password, and counts a wrong one as a failed sign-in", async () => {
    const { user, client } = await signedInClient();
    const response = await change(client, `thief_${user.username}@example.com`, "Wrong!2026");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: "Current password is incorrect",
      fields: { currentPassword: "Current password is incorrect" },
    });
    const missing = await client.patch("/api/account", { email: `x_${user.username}@example.com` });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ currentPassword: expect.any(String) });
    expect((await client.get("/api/user")).json().email).toBe(user.email);
    expect(await mailTo(db, `thief_${user.username}@example.com`)).toHaveLength(0);
  });

  it("tells the current address, voids its reset and verification links and ends the other sessions", async () => {
    const { user, client } = await signedInClient({ emailVerifiedAt: null });
    const otherDevice = createClient(app);
    await signIn(otherDevice, db, user, { freshCheck: true });
    await createClient(app).post("/api/auth/request-reset", { email: user.email });
    const verifyToken = await latestLinkToken(db, user.email, "verify");
    await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
    await createClient(app).post("/api/auth/request-reset", { email: user.email });
    const resetToken = await latestLinkToken(db, user.email, "reset");
    const email = `moved_${user.username}@example.com`;

    expect((await change(client, email)).statusCode).toBe(200);
    const notice = (await mailTo(db, user.email)).find((mail) => mail.subject.startsWith("A change"));
    expect(notice!.subject).toBe("A change of your Podium e-mail was requested");
    expect(notice!.text).toContain(`asked to change its e-mail to ${email}`);
    expect(notice!.text).toContain("If this was not you, change your password now");
    expect((await otherDevice.get("/api/user")).statusCode).toBe(401);
    expect((await client.get("/api/user")).statusCode).toBe(200);
    const reset = await createClient(app).post("/api/auth/reset-password", {
      token: resetToken,
      password: "Other!20288",
    });
    expect(reset.statusCode).toBe(400);
    const verify = await createClient(app).post("/api/auth/verify-email", { token: verifyToken });
    expect(verify.statusCode).toBe(400);
  });

  it("voids the reset links of the old address when the change is made", async () => {
    const { user, client } = await signedInClient();
    const email = `later_${user.username}@example.com`;
    await change(client, email);
    await createClient(app).post("/api/auth/request-reset", { email: user.email });
    const resetToken = await latestLinkToken(db, user.email, "reset");
    await createClient(app).post("/api/auth/verify-email", {
      token: await latestLinkToken(db, email, "verify"),
    });
    const reset = await createClient(app).post("/api/auth/reset-password", {
      token: resetToken,
      password: "Other!20288",
    });
    expect(reset.statusCode).toBe(400);
  });

  it("answers a taken address exactly like a free one, changes nothing and tells its owner", async () => {
    const other = await createUser(db);
    const { user, client } = await signedInClient();
    const otherDevice = createClient(app);
    await signIn(otherDevice, db, user, { freshCheck: true });
    const before = (await client.get("/api/user")).json();
    const taken = await change(client, other.email.toUpperCase());
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual({ message: emailChangeRequestedMessage(other.email.toUpperCase()) });
    // What the caller can see afterwards is what a free address leaves: the account as it was.
    expect((await client.get("/api/user")).json()).toEqual(before);
    expect((await otherDevice.get("/api/user")).statusCode).toBe(401);
    const [notice] = await mailTo(db, other.email);
    expect(notice!.subject).toBe("Someone tried to use your e-mail on Podium");
    expect((await mailTo(db, user.email)).map((mail) => mail.subject)).toEqual([
      "A change of your Podium e-mail was requested",
    ]);
  });

  it("refuses the link when the address was taken by another account meanwhile", async () => {
    const { user, client } = await signedInClient();
    const email = `contested_${user.username}@example.com`;
    await change(client, email);
    const token = await latestLinkToken(db, email, "verify");
    await createUser(db, { email });
    const response = await createClient(app).post("/api/auth/verify-email", { token });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(emailTakenMeanwhileMessage);
    expect((await client.get("/api/user")).json().email).toBe(user.email);
  });

  it("is rate-limited per account", async () => {
    const { user, client } = await signedInClient();
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await change(client, `try${attempt}_${user.username}@example.com`)).statusCode).toBe(200);
    }
    const response = await change(client, `last_${user.username}@example.com`);
    expect(response.statusCode).toBe(429);
    expect(response.json().error).toMatch(/^Too many attempts/);
  });

  it("changes nothing for the same address", async () => {
    const { user, client } = await signedInClient();
    const response = await change(client, user.email.toUpperCase());
    expect(response.statusCode).toBe(200);
    expect((await client.get("/api/user")).json()).toMatchObject({ email: user.email, emailVerified: true });
    expect(await mailTo(db, user.email)).toHaveLength(0);
  });

  it("refuses an invalid address and anonymous callers", async () => {
    const { client } = await signedInClient();
    const invalid = await change(client, "nope");
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error).toBe("Email is too short");
    const anonymous = await createClient(app).patch("/api/account", { email: "x@example.com" });
    expect(anonymous.statusCode).toBe(401);
  });
});

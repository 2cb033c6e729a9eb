import { describe, expect, it } from "vitest";
import { passwordRuleMessage } from "../../../shared/schemas/auth.ts";
import { createTestApp } from "../../../test/app.ts";
import { createClient } from "../../../test/client.ts";
import { createUser, DEFAULT_PASSWORD, signIn } from "../../../test/factories.ts";
import { mailTo } from "../../../test/mailer.ts";
import { latestLinkToken } from "./testing.ts";

const { app, db, config } = await createTestApp();
const newPassword = "BrandNew!2027";

async function signedInClient(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(db, overrides);
  const client = createClient(app);
  await signIn(client, db, user);
  return { user, client };
}

describe("POST /api/account/password", () => {
  it("changes the password, keeps this session and ends the others", async () => {
    const { user, client } = await signedInClient();
    const otherDevice = createClient(app);
    await signIn(otherDevice, db, user);

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
  it("changes the e-mail, marks it unverified and sends a verification link to the new address", async () => {
    const { user, client } = await signedInClient();
    const email = `new_${user.username}@example.com`;

    const response = await client.patch("/api/account", { email });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.id, email, emailVerified: false });
    const [mail] = await mailTo(db, email);
    expect(mail!.text).toContain(`${config.APP_URL}/verify-email?token=`);
    expect(await mailTo(db, user.email)).toHaveLength(0);

    const token = await latestLinkToken(db, email, "verify");
    expect((await client.post("/api/auth/verify-email", { token })).json()).toMatchObject({
      email,
      emailVerified: true,
    });
  });

  it("changes nothing for the same address", async () => {
    const { user, client } = await signedInClient();
    const response = await client.patch("/api/account", { email: user.email.toUpperCase() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: user.email, emailVerified: true });
    expect(await mailTo(db, user.email)).toHaveLength(0);
  });

  it("answers 409 when another account has the address", async () => {
    const other = await createUser(db);
    const { user, client } = await signedInClient();
    const response = await client.patch("/api/account", { email: other.email });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe("An account with this email already exists");
    expect((await client.get("/api/user")).json().email).toBe(user.email);
  });

  it("refuses an invalid address and anonymous callers", async () => {
    const { client } = await signedInClient();
    const invalid = await client.patch("/api/account", { email: "nope" });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error).toBe("Email is too short");
    const anonymous = await createClient(app).patch("/api/account", { email: "x@example.com" });
    expect(anonymous.statusCode).toBe(401);
  });
});

import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createClient } from "../../../test/client.ts";
import { confirmIdentity, createUser, DEFAULT_PASSWORD, signIn } from "../../../test/factories.ts";
import { mailTo } from "../../../test/mailer.ts";
import { relyingPartyOf } from "./context.ts";
import { assert, attest, createSoftPasskey } from "./testing.ts";

const { app, db, config } = await createTestApp();
const relyingParty = relyingPartyOf(config.APP_URL);

async function signedIn() {
  const user = await createUser(db);
  const client = createClient(app);
  await signIn(client, db, user);
  return { user, client };
}

/**
 * Every action DESIGN §11 puts behind a fresh check, as the web app calls it: the e-mail and password, a factor
 * on or off (issue 40), payouts, payment instructions, team changes, exporting everything and deleting the account.
 */
const actions = [
  [
    "change the e-mail",
    "PATCH",
    "/api/account",
    { email: "new@example.com", currentPassword: DEFAULT_PASSWORD },
  ],
  [
    "change the password",
    "POST",
    "/api/account/password",
    { currentPassword: DEFAULT_PASSWORD, newPassword: "Another!2027" },
  ],
  ["change the payout settings", "POST", "/api/payments-account", undefined],
  [
    "change the payment instructions on invoices",
    "PUT",
    "/api/invoice-settings/payment-instructions",
    { paymentInstructions: "First Bank, account 1234" },
  ],
  ["export everything as JSON", "GET", "/api/export-complete-data", undefined],
  ["export everything as a workbook", "GET", "/api/export/workbook", undefined],
  ["delete the account", "DELETE", "/api/account", { password: DEFAULT_PASSWORD }],
  ["add a passkey", "POST", "/api/passkeys/registration-options", undefined],
  [
    "store a new passkey",
    "POST",
    "/api/passkeys",
    {
      name: "Phone",
      response: { id: "x", rawId: "x", type: "public-key", response: { clientDataJSON: "e30" } },
    },
  ],
  ["remove a passkey", "DELETE", `/api/passkeys/${crypto.randomUUID()}`, undefined],
  ["set up the authenticator app", "POST", "/api/totp/setup", undefined],
  ["turn the authenticator app on", "POST", "/api/totp/enable", { code: "123456" }],
  ["make new recovery codes", "POST", "/api/recovery-codes", undefined],
  ["turn the authenticator app off", "POST", "/api/totp/disable", { password: DEFAULT_PASSWORD }],
  ["invite a team member", "POST", "/api/team/invitations", { email: "sam@example.com", role: "assistant" }],
  ["cancel an invitation", "DELETE", `/api/team/invitations/${crypto.randomUUID()}`, undefined],
  ["resend an invitation", "POST", `/api/team/invitations/${crypto.randomUUID()}/resend`, undefined],
  ["change a member's role", "PATCH", `/api/team/members/${crypto.randomUUID()}`, { role: "viewer" }],
  ["remove a member", "DELETE", `/api/team/members/${crypto.randomUUID()}`, undefined],
  [
    "change the team settings",
    "PUT",
    "/api/team/settings",
    { replyTo: "speaker", requireSecondFactor: true },
  ],
] as const;

describe("the fresh check", () => {
  it.each(actions)(
    "is needed to %s: 403 reauth, then it goes through after /api/reauth",
    async (_, method, url, body) => {
      const { client } = await signedIn();
      const refused = await client.request(method, url, { body });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: expect.any(String), reauth: true });
      expect((await client.post("/api/reauth", { password: DEFAULT_PASSWORD })).statusCode).toBe(200);
      const allowed = await client.request(method, url, { body });
      expect(allowed.statusCode).not.toBe(403);
    },
  );

  it("is needed to remove a passkey, and a passkey opens it", async () => {
    const { user, client: laptop } = await signedIn();
    await confirmIdentity(laptop);
    const passkey = createSoftPasskey();
    const registration = (await laptop.post("/api/passkeys/registration-options")).json();
    const created = (
      await laptop.post("/api/passkeys", {
        name: "Phone",
        response: attest(passkey, registration, relyingParty),
      })
    ).json();
    // Another session of the same account has no fresh check of its own.
    const client = createClient(app);
    await signIn(client, db, user);
    expect((await client.delete(`/api/passkeys/${created.id}`)).json().reauth).toBe(true);
    const options = (await client.post("/api/passkeys/authentication-options")).json();
    const reauth = await client.post("/api/reauth", { passkey: assert(passkey, options, relyingParty) });
    expect(reauth.statusCode).toBe(200);
    expect((await client.delete(`/api/passkeys/${created.id}`)).statusCode).toBe(204);
  });

  it("is not opened by signing in, lasts 10 minutes and belongs to one session", async () => {
    const { user, client } = await signedIn();
    const browser = createClient(app);
    await browser.post("/api/login", { username: user.username, password: DEFAULT_PASSWORD });
    expect((await browser.get("/api/security")).json().reauthUntil).toBeNull();
    const before = Date.now();
    const { reauthUntil } = (await browser.post("/api/reauth", { password: DEFAULT_PASSWORD })).json();
    const minutes = (Date.parse(reauthUntil) - before) / 60_000;
    expect(minutes).toBeGreaterThan(9.9);
    expect(minutes).toBeLessThanOrEqual(10.01);
    expect((await browser.get("/api/security")).json().reauthUntil).toBe(reauthUntil);
    expect((await client.get("/api/security")).json().reauthUntil).toBeNull();
    expect((await client.get("/api/export-complete-data")).statusCode).toBe(403);
  });

  it("refuses a wrong password with 400, leaving the session signed in", async () => {
    const { client } = await signedIn();
    const wrong = await client.post("/api/reauth", { password: "Wrong!2026x" });
    expect(wrong.statusCode).toBe(400);
    expect((await client.get("/api/user")).statusCode).toBe(200);
  });
});

describe("the admin's factor reset", () => {
  it("removes every factor, is audit-logged, e-mails the user and shows in the user's details", async () => {
    const { user, client } = await signedIn();
    await confirmIdentity(client);
    const passkey = createSoftPasskey();
    const registration = (await client.post("/api/passkeys/registration-options")).json();
    await client.post("/api/passkeys", {
      name: "Phone",
      response: attest(passkey, registration, relyingParty),
    });
    const admin = createClient(app);
    await signIn(admin, db, await createUser(db, { role: "admin" }));
    await confirmIdentity(admin);
    expect((await admin.get(`/api/admin/users/${user.id}`)).json().factors).toEqual({
      totp: false,
      passkeys: 1,
      recoveryCodesLeft: 0,
    });
    expect((await client.post(`/api/admin/users/${user.id}/reset-factors`)).statusCode).toBe(403);
    expect((await admin.post(`/api/admin/users/${user.id}/reset-factors`)).statusCode).toBe(204);
    expect((await admin.get(`/api/admin/users/${user.id}`)).json().factors.passkeys).toBe(0);
    const [entry] = (await admin.get("/api/admin/audit-log")).json().items;
    expect(entry).toMatchObject({ action: "user.factors_reset", targetUsername: user.username });
    const [mail] = await mailTo(db, user.email);
    expect(mail?.subject).toBe("The second factors of your Podium account were reset");
    const browser = createClient(app);
    const login = await browser.post("/api/login", { username: user.username, password: DEFAULT_PASSWORD });
    expect(login.json().id).toBe(user.id);
  });
});

describe("the admin's user list", () => {
  it("shows which factors each account has: passkeys counted, the authenticator app on or off", async () => {
    const { user, client } = await signedIn();
    await confirmIdentity(client);
    const passkey = createSoftPasskey();
    const registration = (await client.post("/api/passkeys/registration-options")).json();
    await client.post("/api/passkeys", {
      name: "Phone",
      response: attest(passkey, registration, relyingParty),
    });
    const { secret } = (await client.post("/api/totp/setup")).json();
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
    expect((await client.post("/api/totp/enable", { code })).statusCode).toBe(200);
    const { user: plain } = await signedIn();
    const admin = createClient(app);
    await signIn(admin, db, await createUser(db, { role: "admin" }));
    const listed = async (username: string) =>
      (await admin.get(`/api/admin/users?q=${username}`)).json().items[0].factors;
    expect(await listed(user.username)).toEqual({ totp: true, passkeys: 1, recoveryCodesLeft: 10 });
    expect(await listed(plain.username)).toEqual({ totp: false, passkeys: 0, recoveryCodesLeft: 0 });
  });
});

describe("the OpenAPI document", () => {
  it("describes the second-factor routes", async () => {
    const document = (await app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    for (const path of ["/api/security", "/api/reauth", "/api/login/second-factor", "/api/login/passkey"]) {
      expect(Object.keys(document.paths)).toContain(path);
    }
    const reauth = document.paths["/api/reauth"].post.requestBody.content["application/json"].schema;
    expect(Object.keys(reauth.properties)).toEqual(["password", "code", "passkey"]);
  });
});

import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createClient, type TestClient } from "../../../test/client.ts";
import { confirmIdentity, createUser, DEFAULT_PASSWORD, signIn } from "../../../test/factories.ts";
import { totpFactors } from "../../platform/db/schema.ts";
import { latestLinkToken } from "../accounts/testing.ts";

const { app, db } = await createTestApp();

/** The code the user's app shows `steps` periods from now. */
const codeAt = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });

async function userWithTotp() {
  const user = await createUser(db);
  const client = createClient(app);
  await signIn(client, db, user);
  await confirmIdentity(client);
  const setup = (await client.post("/api/totp/setup")).json();
  // The code used to turn it on is spent: sign-ins below use other steps' codes.
  const enabled = await client.post("/api/totp/enable", { code: codeAt(setup.secret, -1) });
  expect(enabled.statusCode).toBe(200);
  return {
    user,
    client,
    secret: setup.secret as string,
    recoveryCodes: enabled.json().recoveryCodes as string[],
  };
}

async function passwordStep(username: string, browser: TestClient = createClient(app)) {
  const response = await browser.post("/api/login", { username, password: DEFAULT_PASSWORD });
  return { browser, response };
}

describe("authenticator app codes", () => {
  it("are set up with a QR code, off until a first code, then give ten recovery codes", async () => {
    const user = await createUser(db);
    const client = createClient(app);
    await signIn(client, db, user);
    await confirmIdentity(client);
    const setup = (await client.post("/api/totp/setup")).json();
    expect(setup.otpauthUrl).toContain(`otpauth://totp/Podium:${user.username}?`);
    expect(setup.otpauthUrl).toContain(`secret=${setup.secret}`);
    expect(setup.qrSvg).toMatch(/^<svg/);
    expect((await client.get("/api/security")).json().totp).toEqual({ enabled: false });
    expect((await client.post("/api/totp/enable", { code: "000000" })).statusCode).toBe(400);
    const enabled = await client.post("/api/totp/enable", { code: codeAt(setup.secret) });
    expect(enabled.json().recoveryCodes).toHaveLength(10);
    expect((await client.get("/api/security")).json()).toMatchObject({
      totp: { enabled: true },
      recoveryCodesLeft: 10,
    });
  });

  it("make the password step answer without a session, and the code step start it", async () => {
    const { user, secret } = await userWithTotp();
    const { browser, response } = await passwordStep(user.username);
    expect(response.json()).toEqual({ secondFactor: ["totp", "recovery"] });
    expect(response.headers["set-cookie"] ?? "").not.toContain("podium_session");
    expect((await browser.get("/api/user")).statusCode).toBe(401);
    const second = await browser.post("/api/login/second-factor", { code: codeAt(secret) });
    expect(second.json().id).toBe(user.id);
    expect((await browser.get("/api/user")).json().id).toBe(user.id);
  });

  it("refuse a code used once already, and a second step begun by no password", async () => {
    const { user, secret } = await userWithTotp();
    const code = codeAt(secret);
    const first = await passwordStep(user.username);
    expect((await first.browser.post("/api/login/second-factor", { code })).statusCode).toBe(200);
    const again = await passwordStep(user.username);
    expect((await again.browser.post("/api/login/second-factor", { code })).statusCode).toBe(401);
    // The step before the last one accepted is spent too.
    expect(
      (await again.browser.post("/api/login/second-factor", { code: codeAt(secret, -1) })).statusCode,
    ).toBe(401);
    const stranger = await createClient(app).post("/api/login/second-factor", { code: codeAt(secret, 1) });
    expect(stranger.json().signInExpired).toBe(true);
  });

  it("accept a clock one step behind or ahead, and not two", async () => {
    const { user, secret } = await userWithTotp();
    const tooOld = await passwordStep(user.username);
    expect(
      (await tooOld.browser.post("/api/login/second-factor", { code: codeAt(secret, -2) })).statusCode,
    ).toBe(401);
    const ahead = await passwordStep(user.username);
    expect(
      (await ahead.browser.post("/api/login/second-factor", { code: codeAt(secret, 1) })).statusCode,
    ).toBe(200);
    const { user: other, secret: otherSecret } = await userWithTotp();
    // As if the app had been turned on long ago: the step before now is not spent yet.
    await db.update(totpFactors).set({ lastUsedStep: null }).where(eq(totpFactors.userId, other.id));
    const behind = await passwordStep(other.username);
    expect(
      (await behind.browser.post("/api/login/second-factor", { code: codeAt(otherSecret, -1) })).statusCode,
    ).toBe(200);
    const tooNew = await passwordStep(other.username);
    expect(
      (await tooNew.browser.post("/api/login/second-factor", { code: codeAt(otherSecret, 2) })).statusCode,
    ).toBe(401);
  });

  it("lock the code step after five wrong codes, even for the right one", async () => {
    const { user, secret } = await userWithTotp();
    const { browser } = await passwordStep(user.username);
    const right = codeAt(secret);
    const wrong = right === "123456" ? "654321" : "123456";
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await browser.post("/api/login/second-factor", { code: wrong })).statusCode).toBe(401);
    }
    const locked = await browser.post("/api/login/second-factor", { code: right });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toMatch(/^Too many attempts\. Try again in \d+ minutes?\.$/);
  });

  it("let each recovery code sign in once, and only its own account", async () => {
    const alice = await userWithTotp();
    const bob = await userWithTotp();
    const [code] = alice.recoveryCodes;
    const asBob = await passwordStep(bob.user.username);
    expect((await asBob.browser.post("/api/login/second-factor", { recoveryCode: code })).statusCode).toBe(
      401,
    );
    const first = await passwordStep(alice.user.username);
    const signedIn = await first.browser.post("/api/login/second-factor", {
      recoveryCode: code!.toUpperCase(),
    });
    expect(signedIn.statusCode).toBe(200);
    expect((await alice.client.get("/api/security")).json().recoveryCodesLeft).toBe(9);
    const again = await passwordStep(alice.user.username);
    expect((await again.browser.post("/api/login/second-factor", { recoveryCode: code })).statusCode).toBe(
      401,
    );
    // Bob's authenticator codes are not Alice's either.
    const bobCode = await passwordStep(alice.user.username);
    expect(
      (await bobCode.browser.post("/api/login/second-factor", { code: codeAt(bob.secret) })).statusCode,
    ).toBe(401);
  });

  it("keep the secret sealed at rest, and still read one stored in plain text before sealing", async () => {
    const { user, secret } = await userWithTotp();
    const [row] = await db.select().from(totpFactors).where(eq(totpFactors.userId, user.id));
    expect(row!.secret).toMatch(/^sealed\.v1\./);
    expect(row!.secret).not.toContain(secret);
    // A row written before sealing holds the base32 secret itself.
    await db.update(totpFactors).set({ secret, lastUsedStep: null }).where(eq(totpFactors.userId, user.id));
    const { browser } = await passwordStep(user.username);
    expect((await browser.post("/api/login/second-factor", { code: codeAt(secret) })).statusCode).toBe(200);
    // A sealed secret copied onto another account's row opens for nobody but its owner.
    const other = await userWithTotp();
    await db
      .update(totpFactors)
      .set({ secret: row!.secret, lastUsedStep: null })
      .where(eq(totpFactors.userId, other.user.id));
    const stolen = await passwordStep(other.user.username);
    expect(
      (await stolen.browser.post("/api/login/second-factor", { code: codeAt(secret, 1) })).statusCode,
    ).toBe(401);
  });

  it("stay on after a password reset", async () => {
    const { user, secret } = await userWithTotp();
    await createClient(app).post("/api/auth/request-reset", { email: user.email });
    const token = await latestLinkToken(db, user.email, "reset");
    const newPassword = "Another!2027";
    expect(
      (await createClient(app).post("/api/auth/reset-password", { token, password: newPassword })).statusCode,
    ).toBe(200);
    const browser = createClient(app);
    const response = await browser.post("/api/login", { username: user.username, password: newPassword });
    expect(response.json()).toEqual({ secondFactor: ["totp", "recovery"] });
    expect((await browser.get("/api/user")).statusCode).toBe(401);
    expect((await browser.post("/api/login/second-factor", { code: codeAt(secret) })).statusCode).toBe(200);
  });

  it("are turned off with a code or the password after a fresh check, recovery codes with them", async () => {
    const { user, secret } = await userWithTotp();
    // Another session: the one that turned the app on has its fresh check still open.
    const client = createClient(app);
    await signIn(client, db, user);
    const refused = await client.post("/api/totp/disable", { password: DEFAULT_PASSWORD });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().reauth).toBe(true);
    expect((await client.post("/api/reauth", { code: codeAt(secret) })).statusCode).toBe(200);
    expect((await client.post("/api/totp/disable", { password: "Wrong!2026x" })).statusCode).toBe(400);
    expect((await client.post("/api/totp/disable", { password: DEFAULT_PASSWORD })).statusCode).toBe(204);
    expect((await client.get("/api/security")).json()).toMatchObject({
      totp: { enabled: false },
      recoveryCodesLeft: 0,
    });
  });
});

import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createClient, type TestClient } from "../../../test/client.ts";
import { confirmIdentity, createUser, DEFAULT_PASSWORD, signIn } from "../../../test/factories.ts";
import { mailTo } from "../../../test/mailer.ts";
import { latestLinkToken } from "../accounts/testing.ts";
import { relyingPartyOf } from "./context.ts";
import { assert, attest, createSoftPasskey, type SoftPasskey } from "./testing.ts";

const { app, db, config } = await createTestApp();
const relyingParty = relyingPartyOf(config.APP_URL);

/** The victim signed in, and an attacker holding a copy of the session cookie (no password, no code). */
async function victimAndThief() {
  const user = await createUser(db);
  const victim = createClient(app);
  await signIn(victim, db, user);
  const thief = createClient(app, {
    jar: new Map([...victim.jar].filter(([name]) => name !== "csrf-token")),
  });
  return { user, victim, thief };
}

async function addPasskey(client: TestClient, name = "Laptop") {
  const passkey = createSoftPasskey();
  const options = (await client.post("/api/passkeys/registration-options")).json();
  const created = await client.post("/api/passkeys", {
    name,
    response: attest(passkey, options, relyingParty),
  });
  expect(created.statusCode).toBe(201);
  return { passkey, id: created.json().id as string };
}

async function passkeySignIn(passkey: SoftPasskey) {
  const browser = createClient(app);
  const options = (await browser.post("/api/passkeys/authentication-options")).json();
  const response = await browser.post("/api/login/passkey", {
    response: assert(passkey, options, relyingParty),
  });
  return { browser, response };
}

const codeOf = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });

async function turnOnTotp(client: TestClient) {
  const { secret } = (await client.post("/api/totp/setup")).json() as { secret: string };
  const enabled = await client.post("/api/totp/enable", { code: codeOf(secret, -1) });
  expect(enabled.statusCode).toBe(200);
  return { secret, recoveryCodes: enabled.json().recoveryCodes as string[] };
}

const subjectsTo = async (email: string) => (await mailTo(db, email)).map((mail) => mail.subject);

describe("a stolen session cookie", () => {
  it("cannot add a passkey, set up or turn on the app, or make recovery codes: each asks for a fresh check", async () => {
    const { user, thief } = await victimAndThief();
    const refusals = [
      await thief.post("/api/passkeys/registration-options"),
      await thief.post("/api/passkeys", {
        name: "Mine now",
        response: { id: "x", rawId: "x", type: "public-key", response: { clientDataJSON: "e30" } },
      }),
      await thief.post("/api/totp/setup"),
      await thief.post("/api/totp/enable", { code: "123456" }),
      await thief.post("/api/recovery-codes"),
    ];
    for (const refusal of refusals) {
      expect(refusal.statusCode).toBe(403);
      expect(refusal.json()).toEqual({ error: expect.any(String), reauth: true });
    }
    // Nor can it open the check without the password or a code.
    expect((await thief.post("/api/reauth", { password: "Guess!2026x" })).statusCode).toBe(400);
    expect((await thief.post("/api/totp/setup")).statusCode).toBe(403);
    const security = (await thief.get("/api/security")).json();
    expect(security).toMatchObject({ passkeys: [], totp: { enabled: false }, recoveryCodesLeft: 0 });
    expect(await subjectsTo(user.email)).toEqual([]);
  });

  it("lets the owner add the first passkey after confirming with the password alone", async () => {
    const { victim } = await victimAndThief();
    expect((await victim.post("/api/passkeys/registration-options")).json().reauth).toBe(true);
    await confirmIdentity(victim);
    const { passkey } = await addPasskey(victim);
    expect((await passkeySignIn(passkey)).response.statusCode).toBe(200);
  });
});

describe("the account is e-mailed", () => {
  it("when a passkey is added or removed, naming it and no secret", async () => {
    const { user, victim } = await victimAndThief();
    await confirmIdentity(victim);
    const { id } = await addPasskey(victim, "Work phone");
    const [added] = await mailTo(db, user.email);
    expect(added?.subject).toBe("A passkey was added to your Podium account");
    expect(added?.text).toContain('A passkey named "Work phone" was added to your Podium account.');
    expect(added?.text).toContain("Sign out everywhere and remove my passkeys");
    expect((await victim.delete(`/api/passkeys/${id}`)).statusCode).toBe(204);
    const [removed] = await mailTo(db, user.email);
    expect(removed?.subject).toBe("A passkey was removed from your Podium account");
    expect(removed?.text).toContain('The passkey named "Work phone" was removed');
  });

  it("when the app is turned on or off and when new recovery codes are made, never with the codes", async () => {
    const { user, victim } = await victimAndThief();
    await confirmIdentity(victim);
    const { secret, recoveryCodes } = await turnOnTotp(victim);
    const renewed = await victim.post("/api/recovery-codes");
    expect(renewed.statusCode).toBe(200);
    const newCodes = renewed.json().recoveryCodes as string[];
    expect(newCodes).toHaveLength(10);
    expect(newCodes).not.toContain(recoveryCodes[0]);
    expect((await victim.get("/api/security")).json().recoveryCodesLeft).toBe(10);
    // The old codes are gone: one of them no longer signs in.
    const browser = createClient(app);
    await browser.post("/api/login", { username: user.username, password: DEFAULT_PASSWORD });
    const old = await browser.post("/api/login/second-factor", { recoveryCode: recoveryCodes[0] });
    expect(old.statusCode).toBe(401);
    expect((await victim.post("/api/totp/disable", { password: DEFAULT_PASSWORD })).statusCode).toBe(204);

    const mails = await mailTo(db, user.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      "Authenticator app codes were turned off for your Podium account",
      "New recovery codes were made for your Podium account",
      "Authenticator app codes were turned on for your Podium account",
    ]);
    for (const mail of mails) {
      for (const secretText of [secret, ...recoveryCodes, ...newCodes]) {
        expect(mail.text).not.toContain(secretText);
        expect(mail.html).not.toContain(secretText);
      }
    }
  });

  it("not when the app is turned off before it was ever on, and new codes need the app on", async () => {
    const { user, victim } = await victimAndThief();
    await confirmIdentity(victim);
    expect((await victim.post("/api/recovery-codes")).json()).toEqual({
      error: "Recovery codes stand in for the authenticator app: turn the app on first.",
    });
    await victim.post("/api/totp/setup");
    expect((await victim.post("/api/totp/disable", { password: DEFAULT_PASSWORD })).statusCode).toBe(204);
    expect(await subjectsTo(user.email)).toEqual([]);
  });
});

describe("a password reset with “sign out everywhere and remove my passkeys”", () => {
  async function resetLink(email: string) {
    expect((await createClient(app).post("/api/auth/request-reset", { email })).statusCode).toBe(200);
    return latestLinkToken(db, email, "reset");
  }

  it("ends every session and removes the passkeys, so the thief's passkey no longer signs in", async () => {
    const { user, victim } = await victimAndThief();
    await confirmIdentity(victim);
    const { secret } = await turnOnTotp(victim);
    // A passkey that someone else added (with the password, before it was changed).
    const { passkey: thiefsKey } = await addPasskey(victim, "Not mine");
    const thiefsSession = (await passkeySignIn(thiefsKey)).browser;
    expect((await thiefsSession.get("/api/user")).statusCode).toBe(200);

    const token = await resetLink(user.email);
    const reset = await createClient(app).post("/api/auth/reset-password", {
      token,
      password: "BrandNew!2027",
      removePasskeys: true,
    });
    expect(reset.statusCode).toBe(200);
    expect((await thiefsSession.get("/api/user")).statusCode).toBe(401);
    expect((await victim.get("/api/user")).statusCode).toBe(401);
    expect((await passkeySignIn(thiefsKey)).response.statusCode).toBe(401);
    const [mail] = await mailTo(db, user.email);
    expect(mail?.subject).toBe("Your Podium password was reset and your passkeys removed");

    // The authenticator app stays: the new password alone is not enough (decision 060).
    const browser = createClient(app);
    const login = await browser.post("/api/login", { username: user.username, password: "BrandNew!2027" });
    expect(login.json()).toEqual({ secondFactor: ["totp", "recovery"] });
    expect((await browser.post("/api/login/second-factor", { code: codeOf(secret, 1) })).statusCode).toBe(
      200,
    );
    expect((await browser.get("/api/security")).json().passkeys).toEqual([]);
  });

  it("keeps the passkeys when not ticked, and still ends every session", async () => {
    const { user, victim } = await victimAndThief();
    await confirmIdentity(victim);
    const { passkey } = await addPasskey(victim);
    const token = await resetLink(user.email);
    const reset = await createClient(app).post("/api/auth/reset-password", {
      token,
      password: "BrandNew!2027",
    });
    expect(reset.statusCode).toBe(200);
    expect((await victim.get("/api/user")).statusCode).toBe(401);
    expect((await passkeySignIn(passkey)).response.statusCode).toBe(200);
  });
});

describe("an admin", () => {
  async function admin() {
    const client = createClient(app);
    await signIn(client, db, await createUser(db, { role: "admin" }));
    return client;
  }

  it("resets someone's factors, grants admin or disables an account only after the admin's own fresh check", async () => {
    const { user, victim } = await victimAndThief();
    await confirmIdentity(victim);
    await addPasskey(victim);
    const support = await admin();
    const actions = [
      () => support.post(`/api/admin/users/${user.id}/reset-factors`),
      () => support.patch(`/api/admin/users/${user.id}`, { role: "admin" }),
      () => support.patch(`/api/admin/users/${user.id}`, { disabled: true }),
    ];
    for (const action of actions) {
      const refused = await action();
      expect(refused.statusCode).toBe(403);
      expect(refused.json().reauth).toBe(true);
    }
    // Nothing changed; support's everyday task, moving a trial's end, needs no check.
    const details = (await support.get(`/api/admin/users/${user.id}`)).json();
    expect(details).toMatchObject({ role: "user", disabled: false, factors: { passkeys: 1 } });
    const trialEndsAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
    expect((await support.patch(`/api/admin/users/${user.id}`, { trialEndsAt })).statusCode).toBe(200);

    await confirmIdentity(support);
    for (const action of actions) expect((await action()).statusCode).toBeLessThan(300);
    expect((await support.get(`/api/admin/users/${user.id}`)).json()).toMatchObject({
      role: "admin",
      disabled: true,
      factors: { passkeys: 0 },
    });
    expect(await subjectsTo(user.email)).toContain("The second factors of your Podium account were reset");
  });
});

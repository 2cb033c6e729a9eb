import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createClient, type TestClient } from "../../../test/client.ts";
import { confirmIdentity, createUser, DEFAULT_PASSWORD, signIn } from "../../../test/factories.ts";
import { relyingPartyOf } from "./context.ts";
import { assert, attest, createSoftPasskey, type SoftPasskey } from "./testing.ts";

const { app, db, config } = await createTestApp();
const relyingParty = relyingPartyOf(config.APP_URL);

async function addPasskey(client: TestClient, name = "Laptop") {
  const passkey = createSoftPasskey();
  await confirmIdentity(client);
  const options = (await client.post("/api/passkeys/registration-options")).json();
  const response = await client.post("/api/passkeys", {
    name,
    response: attest(passkey, options, relyingParty),
  });
  expect(response.statusCode).toBe(201);
  return { passkey, created: response.json() };
}

async function signedInWithPasskey() {
  const user = await createUser(db);
  const client = createClient(app);
  await signIn(client, db, user);
  return { user, client, ...(await addPasskey(client)) };
}

/** A passkey sign-in from a new browser: options, then the signed answer. */
async function passkeySignIn(passkey: SoftPasskey, browser = createClient(app), flags = {}) {
  const options = (await browser.post("/api/passkeys/authentication-options")).json();
  const response = await browser.post("/api/login/passkey", {
    response: assert(passkey, options, relyingParty, flags),
  });
  return { browser, response };
}

describe("passkeys", () => {
  it("are added with a name, derived from APP_URL, and listed with when each was last used", async () => {
    const { client, created } = await signedInWithPasskey();
    expect(created).toMatchObject({ name: "Laptop", lastUsedAt: null });
    const options = (await client.post("/api/passkeys/registration-options")).json();
    expect(options.rp).toEqual({ name: "Podium", id: "localhost" });
    expect(options.excludeCredentials).toHaveLength(1);
    const security = (await client.get("/api/security")).json();
    expect(security).toMatchObject({ passkeys: [created], totp: { enabled: false }, recoveryCodesLeft: 0 });
  });

  it("sign in alone, with no username, and count as both factors", async () => {
    const { user, passkey, client } = await signedInWithPasskey();
    const { browser, response } = await passkeySignIn(passkey);
    expect(response.statusCode).toBe(200);
    expect(response.json().username).toBe(user.username);
    expect((await browser.get("/api/user")).json().id).toBe(user.id);
    const [listed] = (await client.get("/api/security")).json().passkeys;
    expect(listed.lastUsedAt).not.toBeNull();
  });

  it("refuse a challenge used twice, one given to another browser, or one without user verification", async () => {
    const { passkey } = await signedInWithPasskey();
    const browser = createClient(app);
    const options = (await browser.post("/api/passkeys/authentication-options")).json();
    const answer = assert(passkey, options, relyingParty);
    expect((await browser.post("/api/login/passkey", { response: answer })).statusCode).toBe(200);
    const replay = await createClient(app, { jar: new Map(browser.jar) }).post("/api/login/passkey", {
      response: { ...answer },
    });
    expect(replay.statusCode).toBe(401);

    const stolenOptions = (await createClient(app).post("/api/passkeys/authentication-options")).json();
    const elsewhere = await createClient(app).post("/api/login/passkey", {
      response: assert(passkey, stolenOptions, relyingParty),
    });
    expect(elsewhere.statusCode).toBe(401);

    expect(
      (await passkeySignIn(passkey, createClient(app), { isUserVerified: false })).response.statusCode,
    ).toBe(401);
  });

  it("refuse an unknown credential and a counter that went backwards", async () => {
    const { passkey } = await signedInWithPasskey();
    expect((await passkeySignIn(createSoftPasskey())).response.statusCode).toBe(401);
    expect((await passkeySignIn(passkey)).response.statusCode).toBe(200);
    passkey.counter = 0;
    expect((await passkeySignIn(passkey)).response.statusCode).toBe(401);
  });

  it("make a password sign-in ask for a second step, which a passkey completes", async () => {
    const { user, passkey } = await signedInWithPasskey();
    const browser = createClient(app);
    const first = await browser.post("/api/login", { username: user.username, password: DEFAULT_PASSWORD });
    expect(first.json()).toEqual({ secondFactor: ["passkey"] });
    expect((await browser.get("/api/user")).statusCode).toBe(401);
    const options = (await browser.post("/api/passkeys/authentication-options")).json();
    const second = await browser.post("/api/login/second-factor", {
      passkey: assert(passkey, options, relyingParty, { isUserVerified: false }),
    });
    expect(second.statusCode).toBe(200);
    expect((await browser.get("/api/user")).json().id).toBe(user.id);
  });

  it("registered by one user never sign another in", async () => {
    const alice = await signedInWithPasskey();
    const bob = await signedInWithPasskey();
    const browser = createClient(app);
    await browser.post("/api/login", { username: bob.user.username, password: DEFAULT_PASSWORD });
    const options = (await browser.post("/api/passkeys/authentication-options")).json();
    const second = await browser.post("/api/login/second-factor", {
      passkey: assert(alice.passkey, options, relyingParty),
    });
    expect(second.statusCode).toBe(401);
    expect((await browser.get("/api/user")).statusCode).toBe(401);
    // Nor can Bob remove Alice's passkey.
    await bob.client.post("/api/reauth", { password: DEFAULT_PASSWORD });
    expect((await bob.client.delete(`/api/passkeys/${alice.created.id}`)).statusCode).toBe(404);
  });
});

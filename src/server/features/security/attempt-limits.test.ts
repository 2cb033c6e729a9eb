import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createClient, type TestClient } from "../../../test/client.ts";
import { confirmIdentity, createUser, DEFAULT_PASSWORD, signIn } from "../../../test/factories.ts";

const { app, db } = await createTestApp();

/** A code that is not the app's now, nor a step either side of now. */
function wrongCodeFor(secret: string) {
  const totp = new TOTP({ secret: Secret.fromBase32(secret) });
  const near = [-1, 0, 1].map((steps) => totp.generate({ timestamp: Date.now() + steps * 30_000 }));
  return ["123456", "234567", "345678", "456789"].find((code) => !near.includes(code))!;
}

async function userWithTotp() {
  const user = await createUser(db);
  const client = createClient(app);
  await signIn(client, db, user);
  await confirmIdentity(client);
  const { secret } = (await client.post("/api/totp/setup")).json() as { secret: string };
  const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() - 30_000 });
  expect((await client.post("/api/totp/enable", { code })).statusCode).toBe(200);
  return { user, client, secret };
}

/** Sends `count` requests at once and tallies the answers by status. */
async function atOnce(count: number, send: () => Promise<{ statusCode: number }>) {
  const answers = await Promise.all(Array.from({ length: count }, send));
  const tally: Record<number, number> = {};
  for (const { statusCode } of answers) tally[statusCode] = (tally[statusCode] ?? 0) + 1;
  return tally;
}

async function passwordStep(username: string): Promise<TestClient> {
  const browser = createClient(app);
  const response = await browser.post("/api/login", { username, password: DEFAULT_PASSWORD });
  expect(response.json().secondFactor).toContain("totp");
  return browser;
}

describe("attempts sent at once", () => {
  it("judge no more than five wrong authenticator codes at the second sign-in step", async () => {
    const { user, secret } = await userWithTotp();
    const browser = await passwordStep(user.username);
    const code = wrongCodeFor(secret);
    const tally = await atOnce(60, () => browser.post("/api/login/second-factor", { code }));
    expect(tally).toEqual({ 401: 5, 429: 55 });
  });

  it("judge no more than five wrong codes in a fresh check", async () => {
    const { client, secret } = await userWithTotp();
    const code = wrongCodeFor(secret);
    const tally = await atOnce(60, () => client.post("/api/reauth", { code }));
    expect(tally).toEqual({ 400: 5, 429: 55 });
  });

  it("judge no more than five wrong recovery codes", async () => {
    const { user } = await userWithTotp();
    const browser = await passwordStep(user.username);
    const tally = await atOnce(20, () =>
      browser.post("/api/login/second-factor", { recoveryCode: "aaaaa-bbbbb" }),
    );
    expect(tally).toEqual({ 401: 5, 429: 15 });
  });

  it("judge no more than ten wrong passwords of one username at sign-in", async () => {
    const user = await createUser(db);
    const tally = await atOnce(30, () =>
      createClient(app).post("/api/login", { username: user.username, password: "Wrong!2026x" }),
    );
    expect(tally).toEqual({ 401: 10, 429: 20 });
  });

  it("judge no more than ten wrong passwords in a fresh check", async () => {
    const user = await createUser(db);
    const client = createClient(app);
    await signIn(client, db, user);
    const tally = await atOnce(30, () => client.post("/api/reauth", { password: "Wrong!2026x" }));
    expect(tally).toEqual({ 400: 10, 429: 20 });
  });

  it("take a right answer's place back: right passwords never lock the username", async () => {
    const user = await createUser(db);
    const client = createClient(app);
    await signIn(client, db, user);
    for (let attempt = 0; attempt < 12; attempt += 1) {
      expect((await client.post("/api/reauth", { password: DEFAULT_PASSWORD })).statusCode).toBe(200);
    }
  });
});

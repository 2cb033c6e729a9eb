import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { LAPSED_MESSAGE } from "../../../shared/schemas/billing.ts";
import { createClient } from "../../../test/client.ts";
import { createUser, DEFAULT_PASSWORD, signIn } from "../../../test/factories.ts";
import { readXlsx } from "../../../test/workbooks.ts";
import { relyingPartyOf } from "../security/context.ts";
import { assert, attest, createSoftPasskey } from "../security/testing.ts";
import { createBillingTestApp, deliverEvents, subscribeThroughCheckout } from "./testing.ts";

const { app, db, stripe, config } = await createBillingTestApp();
const relyingParty = relyingPartyOf(config.APP_URL);

type Lapse = "canceled" | "past_due" | "expired";

/**
 * A speaker with one event, a passkey and the authenticator app, whose account then lapses as Stripe or
 * support makes it: the subscription ends, a renewal fails, or the trial is ended by an admin. Returns a new
 * session of theirs, which has not passed the fresh check.
 */
async function lapsedSpeaker(lapse: Lapse) {
  const user = await createUser(db);
  const setup = createClient(app);
  await signIn(setup, db, user, { freshCheck: true });
  const event = await setup.post("/api/events", { title: "Leadership Keynote", date: "2030-03-14" });
  expect(event.statusCode).toBe(201);
  const passkey = createSoftPasskey();
  const registration = (await setup.post("/api/passkeys/registration-options")).json();
  const response = attest(passkey, registration, relyingParty);
  expect((await setup.post("/api/passkeys", { name: "Phone", response })).statusCode).toBe(201);
  const { secret } = (await setup.post("/api/totp/setup")).json();
  const totp = new TOTP({ secret: Secret.fromBase32(secret) });
  expect((await setup.post("/api/totp/enable", { code: totp.generate() })).statusCode).toBe(200);

  let subscriptionId: string | null = null;
  if (lapse === "expired") {
    const admin = createClient(app);
    await signIn(admin, db, await createUser(db, { role: "admin" }), { freshCheck: true });
    const trialEndsAt = new Date(Date.now() - 60_000).toISOString();
    expect((await admin.patch(`/api/admin/users/${user.id}`, { trialEndsAt })).statusCode).toBe(200);
  } else {
    ({ subscriptionId } = await subscribeThroughCheckout(app, stripe, setup));
    const events =
      lapse === "canceled" ? [stripe.endSubscription(subscriptionId)] : stripe.failRenewal(subscriptionId);
    await deliverEvents(app, events);
  }

  const client = createClient(app);
  await signIn(client, db, user);
  expect((await client.get("/api/subscription-status")).json()).toMatchObject({ status: lapse });
  const refused = await client.post("/api/events", { title: "Another", date: "2030-04-01" });
  expect(refused.json()).toEqual({ error: LAPSED_MESSAGE, status: lapse });
  return { user, client, passkey, totp, subscriptionId };
}

describe("a lapsed account can still leave with its data (DESIGN §10)", () => {
  it.each(["canceled", "past_due", "expired"] as const)(
    "an account that is %s passes the fresh check, exports JSON and the workbook, and deletes itself",
    async (lapse) => {
      const { client, subscriptionId } = await lapsedSpeaker(lapse);
      expect((await client.get("/api/export-complete-data")).json().reauth).toBe(true);
      expect((await client.post("/api/reauth", { password: DEFAULT_PASSWORD })).statusCode).toBe(200);

      const json = await client.get("/api/export-complete-data");
      expect(json.statusCode).toBe(200);
      expect(json.json().events.map((event: { title: string }) => event.title)).toEqual([
        "Leadership Keynote",
      ]);
      const workbook = await client.get("/api/export/workbook");
      expect(workbook.statusCode).toBe(200);
      const [eventsSheet] = await readXlsx(workbook.rawPayload);
      expect(eventsSheet!.rows[1]![0]).toBe("Leadership Keynote");

      expect((await client.delete("/api/account", { password: DEFAULT_PASSWORD })).statusCode).toBe(204);
      expect((await client.get("/api/user")).statusCode).toBe(401);
      // A past-due subscription would be charged again at the next retry: deleting cancels it.
      const cancels = subscriptionId
        ? stripe.requestsTo("DELETE", `/v1/subscriptions/${subscriptionId}`)
        : [];
      expect(cancels).toHaveLength(lapse === "past_due" ? 1 : 0);
    },
  );

  it("passes the fresh check with an authenticator code", async () => {
    const { client, totp } = await lapsedSpeaker("canceled");
    // The code of the next step: the one of this step was used to turn the app on, and is accepted once.
    const code = totp.generate({ timestamp: Date.now() + 30_000 });
    expect((await client.post("/api/reauth", { code })).statusCode).toBe(200);
    expect((await client.get("/api/export-complete-data")).statusCode).toBe(200);
  });

  it("passes the fresh check with a passkey", async () => {
    const { client, passkey } = await lapsedSpeaker("past_due");
    const options = await client.post("/api/passkeys/authentication-options");
    expect(options.statusCode).toBe(200);
    const proof = assert(passkey, options.json(), relyingParty);
    expect((await client.post("/api/reauth", { passkey: proof })).statusCode).toBe(200);
    expect((await client.get("/api/export/workbook")).statusCode).toBe(200);
  });
});

import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createClient } from "../../../test/client.ts";
import { ok, speakerWithEvent } from "../../../test/contracts.ts";
import { confirmIdentity, createUser } from "../../../test/factories.ts";
import { signInAsMember } from "../team/testing.ts";
import { relyingPartyOf } from "./context.ts";
import { attest, createSoftPasskey } from "./testing.ts";

const { app, db, config } = await createTestApp();
const relyingParty = relyingPartyOf(config.APP_URL);
const REQUIRED = {
  error: "Jordan Rivera requires a second factor. Set one up in Settings → Security.",
  secondFactorRequired: true,
};

/** A speaker who requires a second factor of the team, and a member (assistant) with none yet. */
async function requiringTeam({ isRequired = true } = {}) {
  const owner = await speakerWithEvent(app, db);
  await confirmIdentity(owner.client);
  await ok(
    await owner.client.put("/api/team/settings", { replyTo: "speaker", requireSecondFactor: isRequired }),
  );
  const memberUser = await createUser(db);
  const member = createClient(app);
  await signInAsMember(member, db, owner.user, memberUser, "assistant");
  return { owner, member, memberUser };
}

describe("an owner's requireSecondFactor", () => {
  it("refuses every route of the speaker's book to a member with no second factor, reads and changes alike", async () => {
    const { owner, member } = await requiringTeam();
    for (const response of [
      await member.get("/api/events"),
      await member.get(`/api/events/${owner.event.id}`),
      await member.patch(`/api/events/${owner.event.id}`, { title: "Renamed" }),
      await member.get("/api/search?q=acme"),
      await member.post("/api/invoices", { items: [{ description: "Talk", quantity: 1, unitPrice: 10 }] }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(REQUIRED);
    }
    expect((await ok(await owner.client.get(`/api/events/${owner.event.id}`))).title).toBe(
      "ACME Sales Kickoff",
    );
  });

  it("leaves the member's own routes open: who they are, security, workspaces, switching, signing out", async () => {
    const { owner, member, memberUser } = await requiringTeam();
    const me = await ok(await member.get("/api/user"));
    expect(me.workspace).toEqual({
      speakerId: owner.user.id,
      name: "Jordan Rivera",
      role: "assistant",
      secondFactorRequired: true,
    });
    await ok(await member.get("/api/security"));
    expect(await ok(await member.get("/api/workspaces"))).toHaveLength(2);
    // Their own book is not the owner's to lock.
    await ok(await member.post("/api/workspaces/current", { speakerId: memberUser.id }));
    expect((await ok(await member.get("/api/user"))).workspace.secondFactorRequired).toBe(false);
    await ok(await member.get("/api/events"));
    await ok(await member.post("/api/workspaces/current", { speakerId: owner.user.id }));
    expect((await member.get("/api/events")).json()).toEqual(REQUIRED);
    expect((await member.post("/api/logout")).statusCode).toBe(204);
  });

  it("lets the member in once an authenticator app is on", async () => {
    const { member } = await requiringTeam();
    await confirmIdentity(member);
    const { secret } = (await ok(await member.post("/api/totp/setup"))) as { secret: string };
    // Set up but not confirmed is not a second factor yet.
    expect((await member.get("/api/events")).statusCode).toBe(403);
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
    await ok(await member.post("/api/totp/enable", { code }));
    expect((await ok(await member.get("/api/events"))).items).toHaveLength(1);
    expect((await ok(await member.get("/api/user"))).workspace.secondFactorRequired).toBe(false);
  });

  it("lets the member in once a passkey is registered, confirmed first with the password alone", async () => {
    const { member } = await requiringTeam();
    // A member with no factor yet, acting for a speaker who requires one: the fresh check takes the password.
    expect((await member.post("/api/passkeys/registration-options")).json().reauth).toBe(true);
    await confirmIdentity(member);
    const passkey = createSoftPasskey();
    const options = await ok(await member.post("/api/passkeys/registration-options"));
    await ok(
      await member.post("/api/passkeys", { name: "Phone", response: attest(passkey, options, relyingParty) }),
      201,
    );
    expect((await ok(await member.get("/api/events"))).items).toHaveLength(1);
  });

  it("never stops the owner, and stops nobody while it is off", async () => {
    const { owner } = await requiringTeam();
    expect((await ok(await owner.client.get("/api/user"))).workspace.secondFactorRequired).toBe(false);
    await ok(await owner.client.get("/api/events"));
    const { member } = await requiringTeam({ isRequired: false });
    await ok(await member.get("/api/events"));
    expect((await ok(await member.get("/api/user"))).workspace.secondFactorRequired).toBe(false);
  });

  it("counts from the member's next request when the owner turns it on", async () => {
    const { owner, member } = await requiringTeam({ isRequired: false });
    await ok(await member.get("/api/events"));
    await ok(await owner.client.put("/api/team/settings", { replyTo: "speaker", requireSecondFactor: true }));
    expect((await member.get("/api/events")).json()).toEqual(REQUIRED);
  });
});

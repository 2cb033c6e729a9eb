import { describe, expect, it } from "vitest";
import { createClient } from "../../../test/client.ts";
import { ok, speakerWithEvent } from "../../../test/contracts.ts";
import { createUser, signIn } from "../../../test/factories.ts";
import { teamMembers } from "../../platform/db/schema.ts";
import { createBillingTestApp } from "../billing/testing.ts";

// Issue 34: billing stays the speaker's. With billing on, the 402 rule of a lapsed account (DESIGN §10) looks
// at the speaker the session acts for, never at the member's own account.
const { app, db } = await createBillingTestApp();

/** Jordan Rivera's assistant, signed in and acting for Jordan. */
async function jordanAndAssistant() {
  const jordan = await speakerWithEvent(app, db, "Jordan Rivera");
  const login = await createUser(db);
  await db.insert(teamMembers).values({ speakerId: jordan.user.id, userId: login.id, role: "assistant" });
  const member = createClient(app);
  await signIn(member, db, login);
  await ok(await member.post("/api/workspaces/current", { speakerId: jordan.user.id }));
  return { jordan, login, member };
}

const lapse = (userId: string) =>
  db.execute(`update users set trial_ends_at = now() - interval '1 day' where id = '${userId}'`);

describe("billing stays the speaker's", () => {
  it("lets a lapsed speaker's team read but not change, as the speaker", async () => {
    const { member, jordan } = await jordanAndAssistant();
    await lapse(jordan.user.id);
    for (const client of [jordan.client, member]) {
      expect((await client.get(`/api/events/${jordan.event.id}`)).statusCode).toBe(200);
      expect((await client.patch(`/api/events/${jordan.event.id}`, { title: "Renamed" })).statusCode).toBe(
        402,
      );
    }
    expect((await ok(await member.get("/api/subscription-status"))).status).toBe(
      (await ok(await jordan.client.get("/api/subscription-status"))).status,
    );
  });

  it("never lets a member's own lapsed account block a speaker in good standing, nor the other way round", async () => {
    const { member, jordan, login } = await jordanAndAssistant();
    await lapse(login.id);
    await ok(await member.patch(`/api/events/${jordan.event.id}`, { title: "Renamed by the assistant" }));
    await ok(await jordan.client.patch(`/api/events/${jordan.event.id}`, { title: "Renamed by Jordan" }));
    // The member's own book is lapsed: it reads it, and changes nothing there.
    await ok(await member.post("/api/workspaces/current", { speakerId: login.id }));
    expect((await member.get("/api/events")).statusCode).toBe(200);
    expect((await member.post("/api/events", { title: "Mine", date: "2030-08-01" })).statusCode).toBe(402);
  });
});

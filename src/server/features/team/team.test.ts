import { describe, expect, it } from "vitest";
import { createTestApps } from "../../../test/app.ts";
import { createSignedInClient, postEvent } from "../../../test/book.ts";
import { createClient } from "../../../test/client.ts";
import { ok, speakerWithEvent } from "../../../test/contracts.ts";
import { confirmIdentity, createUser, signIn } from "../../../test/factories.ts";
import { mailTo } from "../../../test/mailer.ts";

// Two processes on one database: a membership changed through one takes effect on the other's next request.
const {
  apps: [app, otherProcess],
  db,
} = await createTestApps(2);

const line = { description: "Keynote", quantity: 1, unitPrice: 5000 };
const joinTokenIn = (text: string) => /\/join\/([A-Za-z0-9_-]+)/.exec(text)![1]!;

/** The owner invites a new login with `role`; it signs in and joins. Returns both clients and the link. */
async function teamWith(role: "assistant" | "bookkeeper" | "viewer") {
  const owner = await speakerWithEvent(app!, db);
  // Team changes need a fresh check (DESIGN §11), as the web app asks before them.
  await confirmIdentity(owner.client);
  const memberUser = await createUser(db);
  const invited = await ok(
    await owner.client.post("/api/team/invitations", { email: memberUser.email, role }),
    201,
  );
  const [mail] = await mailTo(db, memberUser.email);
  const token = joinTokenIn(mail!.text);
  const member = createClient(app!);
  await signIn(member, db, memberUser);
  const joined = await ok(await member.post(`/api/join/${token}`));
  return { owner, member, memberUser, invited, token, joined };
}

describe("invitations", () => {
  it("e-mails a link that an anonymous visitor must sign in to use, and that joins once", async () => {
    const { owner, member, memberUser, token, joined, invited } = await teamWith("assistant");
    expect(invited).toMatchObject({ email: memberUser.email, role: "assistant" });
    expect(joined).toEqual({ speaker: { id: owner.user.id, name: "Jordan Rivera" } });
    expect((await createClient(app!).post(`/api/join/${token}`)).statusCode).toBe(401);
    // Reuse: the link is used up.
    expect((await member.post(`/api/join/${token}`)).statusCode).toBe(404);
    const team = await ok(await owner.client.get("/api/team"));
    expect(team.invitations).toEqual([]);
    expect(team.members).toEqual([
      expect.objectContaining({ userId: memberUser.id, username: memberUser.username, role: "assistant" }),
    ]);
    // The member's session now acts for the speaker.
    const me = await ok(await member.get("/api/user"));
    expect(me).toMatchObject({
      id: memberUser.id,
      workspace: { speakerId: owner.user.id, name: "Jordan Rivera", role: "assistant" },
    });
    expect((await ok(await member.get("/api/events"))).items.map((e: { id: string }) => e.id)).toEqual([
      owner.event.id,
    ]);
  });

  it("refuses an expired link and, after a resend, the old one", async () => {
    const owner = await createSignedInClient(app!, db, { freshCheck: true });
    const invitee = await createUser(db);
    const invitation = await ok(
      await owner.client.post("/api/team/invitations", { email: invitee.email, role: "viewer" }),
      201,
    );
    const first = joinTokenIn((await mailTo(db, invitee.email))[0]!.text);
    const resent = await ok(await owner.client.post(`/api/team/invitations/${invitation.id}/resend`));
    const second = joinTokenIn((await mailTo(db, invitee.email))[0]!.text);
    expect(second).not.toBe(first);
    expect(Date.parse(resent.expiresAt) - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    const member = createClient(app!);
    await signIn(member, db, invitee);
    expect((await member.post(`/api/join/${first}`)).statusCode).toBe(404);
    // Seven days on, the new one has expired too.
    await db.execute(`update team_invitations set expires_at = now() - interval '1 second'`);
    expect((await member.post(`/api/join/${second}`)).statusCode).toBe(404);
  });

  it("cancels an invitation, and another speaker cannot see or cancel it", async () => {
    const owner = await createSignedInClient(app!, db, { freshCheck: true });
    const stranger = await createSignedInClient(app!, db, { freshCheck: true });
    const invitation = await ok(
      await owner.client.post("/api/team/invitations", { email: "sam@example.com", role: "assistant" }),
      201,
    );
    expect((await stranger.client.delete(`/api/team/invitations/${invitation.id}`)).statusCode).toBe(404);
    expect((await owner.client.delete(`/api/team/invitations/${invitation.id}`)).statusCode).toBe(204);
    expect((await ok(await owner.client.get("/api/team"))).invitations).toEqual([]);
  });
});

describe("the fresh check on team changes", () => {
  it("refuses each team change with 403 reauth in a session that has not confirmed it is the owner", async () => {
    const { owner, memberUser } = await teamWith("assistant");
    const invitation = await ok(
      await owner.client.post("/api/team/invitations", { email: "kim@example.com", role: "viewer" }),
      201,
    );
    // The same owner in a browser that signed in but did not pass POST /api/reauth.
    const browser = createClient(app!);
    await signIn(browser, db, owner.user);
    const changes = [
      () => browser.post("/api/team/invitations", { email: "lee@example.com", role: "viewer" }),
      () => browser.delete(`/api/team/invitations/${invitation.id}`),
      () => browser.post(`/api/team/invitations/${invitation.id}/resend`),
      () => browser.patch(`/api/team/members/${memberUser.id}`, { role: "viewer" }),
      () => browser.delete(`/api/team/members/${memberUser.id}`),
      () => browser.put("/api/team/settings", { replyTo: "member", requireSecondFactor: true }),
    ];
    for (const change of changes) {
      const refused = await change();
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: expect.any(String), reauth: true });
    }
    // Nothing changed, and reading the team needs no fresh check.
    const team = await ok(await browser.get("/api/team"));
    expect(team.members).toEqual([expect.objectContaining({ userId: memberUser.id, role: "assistant" })]);
    expect(team.invitations.map((each: { email: string }) => each.email)).toEqual(["kim@example.com"]);
    expect(await ok(await browser.get("/api/team/settings"))).toEqual({
      replyTo: "speaker",
      requireSecondFactor: false,
    });
  });
});

describe("roles and workspaces", () => {
  it("refuses a bookkeeper's change to an event in a sentence naming the role, and lets it record payments", async () => {
    const { owner, member } = await teamWith("bookkeeper");
    const refused = await member.patch(`/api/events/${owner.event.id}`, { title: "Renamed" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatch(/^A bookkeeper can't /);
    expect((await member.get(`/api/events/${owner.event.id}`)).statusCode).toBe(200);
    expect((await member.get("/api/team")).statusCode).toBe(403);
    await ok(await member.post("/api/invoices", { items: [line] }), 201);
  });

  it("keeps another speaker's data 404 for a member", async () => {
    const { member } = await teamWith("assistant");
    const other = await speakerWithEvent(app!, db);
    expect((await member.get(`/api/events/${other.event.id}`)).statusCode).toBe(404);
  });

  it("ends a removed member's access and applies a new role on their next request, in every process", async () => {
    const { owner, member, memberUser } = await teamWith("assistant");
    const sameBrowserOnOtherProcess = createClient(otherProcess!, { jar: member.jar });
    expect((await sameBrowserOnOtherProcess.get(`/api/events/${owner.event.id}`)).statusCode).toBe(200);
    await ok(await owner.client.patch(`/api/team/members/${memberUser.id}`, { role: "viewer" }));
    const asViewer = await member.patch(`/api/events/${owner.event.id}`, { title: "Renamed" });
    expect(asViewer.json().error).toMatch(/^A viewer can't /);
    expect((await ok(await sameBrowserOnOtherProcess.get("/api/user"))).workspace.role).toBe("viewer");
    expect((await owner.client.delete(`/api/team/members/${memberUser.id}`)).statusCode).toBe(204);
    expect((await sameBrowserOnOtherProcess.get(`/api/events/${owner.event.id}`)).statusCode).toBe(404);
    expect((await member.get(`/api/events/${owner.event.id}`)).statusCode).toBe(404);
    expect((await ok(await member.get("/api/user"))).workspace).toMatchObject({
      speakerId: memberUser.id,
      role: "owner",
    });
  });

  it("switches between the login's own book and a team, never to a team it is not in", async () => {
    const { owner, member, memberUser } = await teamWith("viewer");
    const own = await ok(await member.get("/api/workspaces"));
    expect(own).toEqual([
      { speakerId: memberUser.id, name: memberUser.username, role: "owner" },
      { speakerId: owner.user.id, name: "Jordan Rivera", role: "viewer" },
    ]);
    await ok(await member.post("/api/workspaces/current", { speakerId: memberUser.id }));
    expect((await ok(await member.get("/api/events"))).items).toEqual([]);
    await postEvent(member, { title: "My own talk" });
    const stranger = await createUser(db);
    expect((await member.post("/api/workspaces/current", { speakerId: stranger.id })).statusCode).toBe(404);
    await ok(await member.post("/api/workspaces/current", { speakerId: owner.user.id }));
    const titles = (await ok(await member.get("/api/events"))).items.map((e: { title: string }) => e.title);
    expect(titles).toEqual(["ACME Sales Kickoff"]);
  });

  it("deleting the speaker's account ends the team's access, not the members' logins", async () => {
    const { owner, member, memberUser } = await teamWith("assistant");
    await db.execute(`delete from users where id = '${owner.user.id}'`);
    expect((await ok(await member.get("/api/user"))).workspace.speakerId).toBe(memberUser.id);
    expect(await ok(await member.get("/api/workspaces"))).toHaveLength(1);
  });
});

describe("who did what", () => {
  it("records the member and their role on invoice and contract activity, and replies go as the owner chose", async () => {
    const { owner, member, memberUser } = await teamWith("assistant");
    await ok(await owner.client.put("/api/team/settings", { replyTo: "member", requireSecondFactor: false }));
    const invoice = await ok(await member.post("/api/invoices", { items: [line] }), 201);
    await ok(await member.post(`/api/invoices/${invoice.id}/send`, { to: "ap@client.example" }));
    const activity = (await ok(await owner.client.get(`/api/invoices/${invoice.id}`))).activity;
    const by = { userId: memberUser.id, username: memberUser.username, role: "assistant" };
    expect(activity).toEqual(expect.arrayContaining([expect.objectContaining({ type: "sent", by })]));
    const [sent] = await mailTo(db, "ap@client.example");
    expect(sent!.replyTo).toBe(memberUser.email);
    const draft = await ok(await member.post(`/api/events/${owner.event.id}/contracts`, {}), 201);
    const audit = await ok(await owner.client.get(`/api/contracts/${draft.id}/audit`));
    expect(audit).toEqual(expect.arrayContaining([expect.objectContaining({ by })]));
  });

  it("records the member on the event's activity, which another speaker cannot read", async () => {
    const { owner, member, memberUser } = await teamWith("assistant");
    const held = await postEvent(member, {
      status: "hold",
      date: "2031-05-14",
      title: "Held by the assistant",
    });
    await ok(await member.post(`/api/events/${held.id}/release`));
    const activity = await ok(await owner.client.get(`/api/events/${held.id}/activity`));
    expect(activity).toEqual([
      {
        type: "hold_released",
        at: expect.any(String),
        actor: "speaker",
        by: { userId: memberUser.id, username: memberUser.username, role: "assistant" },
        detail: "Hold released by the speaker.",
      },
    ]);
    const stranger = await createSignedInClient(app!, db);
    expect((await stranger.client.get(`/api/events/${held.id}/activity`)).statusCode).toBe(404);
  });

  it("names the owner as owner on their own changes, and counts members on the admin dashboard", async () => {
    const owner = await createSignedInClient(app!, db);
    const invoice = await ok(await owner.client.post("/api/invoices", { items: [line] }), 201);
    const [created] = (await ok(await owner.client.get(`/api/invoices/${invoice.id}`))).activity;
    expect(created.by).toMatchObject({ userId: owner.user.id, role: "owner" });
    await teamWith("viewer");
    const admin = createClient(app!);
    await signIn(admin, db, await createUser(db, { role: "admin" }));
    expect((await ok(await admin.get("/api/admin/stats"))).users.members).toBeGreaterThanOrEqual(1);
  });
});

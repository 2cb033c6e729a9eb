import { describe, expect, it } from "vitest";
import { createTestApps } from "../../../test/app.ts";
import { createSignedInClient, postEvent } from "../../../test/book.ts";
import { createClient } from "../../../test/client.ts";
import { ok, speakerWithEvent } from "../../../test/contracts.ts";
import { confirmIdentity, createUser, signIn } from "../../../test/factories.ts";
import { mailTo } from "../../../test/mailer.ts";
import { latestLinkToken, registerThroughApi } from "../accounts/testing.ts";

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
    expect(joined).toEqual({
      status: "joined",
      speaker: { id: owner.user.id, name: "Jordan Rivera" },
      role: "assistant",
    });
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

/** The owner invites `email` as a viewer; answers the owner and the invitation's token. */
async function invite(email: string) {
  const owner = await speakerWithEvent(app!, db);
  await confirmIdentity(owner.client);
  await ok(await owner.client.post("/api/team/invitations", { email, role: "viewer" }), 201);
  return { owner, token: joinTokenIn((await mailTo(db, email))[0]!.text) };
}

describe("who may take up an invitation (decision 062)", () => {
  it("lets in at once a login whose verified address is the invited one, and e-mails the owner who joined", async () => {
    const { owner, memberUser } = await teamWith("assistant");
    const [told] = await mailTo(db, owner.user.email);
    expect(told!.subject).toBe(`${memberUser.username} joined your team on Podium`);
    expect(told!.text).toContain(`${memberUser.username} (${memberUser.email}) accepted your invitation`);
    expect(told!.text).toContain("as your assistant");
  });

  it("turns a link opened by another address into a request: not a member until the owner approves", async () => {
    const { owner, token } = await invite("kim@example.com");
    const other = await createUser(db);
    const browser = createClient(app!);
    await signIn(browser, db, other);
    const answer = await ok(await browser.post(`/api/join/${token}`));
    expect(answer).toEqual({
      status: "requested",
      speaker: { id: owner.user.id, name: "Jordan Rivera" },
      role: "viewer",
    });
    // Not in: the speaker's book stays closed and the session still acts for the login's own.
    expect((await browser.get(`/api/events/${owner.event.id}`)).statusCode).toBe(404);
    expect((await browser.post("/api/workspaces/current", { speakerId: owner.user.id })).statusCode).toBe(
      404,
    );
    // The link is used up: it cannot be taken up again by anyone.
    expect((await browser.post(`/api/join/${token}`)).statusCode).toBe(404);
    const [asked] = await mailTo(db, owner.user.email);
    expect(asked!.subject).toBe(`${other.username} asks to join your team on Podium`);
    expect(asked!.text).toContain(
      `Your invitation to kim@example.com was opened by the login ${other.username}`,
    );
    const team = await ok(await owner.client.get("/api/team"));
    expect(team.members).toEqual([]);
    expect(team.invitations).toEqual([]);
    expect(team.requests).toEqual([
      {
        id: expect.any(String),
        userId: other.id,
        username: other.username,
        email: other.email,
        emailVerified: true,
        invitedEmail: "kim@example.com",
        role: "viewer",
        requestedAt: expect.any(String),
      },
    ]);
    // Another speaker cannot see, approve or refuse it.
    const stranger = await createSignedInClient(app!, db, { freshCheck: true });
    const id = team.requests[0].id;
    expect((await stranger.client.post(`/api/team/requests/${id}/approve`)).statusCode).toBe(404);
    expect((await stranger.client.delete(`/api/team/requests/${id}`)).statusCode).toBe(404);
    expect((await stranger.client.post("/api/team/requests/not-an-id/approve")).statusCode).toBe(404);
    // The owner approves: a member with the invited role, who can now choose the speaker's book.
    const member = await ok(await owner.client.post(`/api/team/requests/${id}/approve`));
    expect(member).toMatchObject({ userId: other.id, role: "viewer" });
    expect((await ok(await owner.client.get("/api/team"))).requests).toEqual([]);
    await ok(await browser.post("/api/workspaces/current", { speakerId: owner.user.id }));
    expect((await browser.get(`/api/events/${owner.event.id}`)).statusCode).toBe(200);
  });

  it("keeps a refused login out", async () => {
    const { owner, token } = await invite("lee@example.com");
    const other = await createUser(db);
    const browser = createClient(app!);
    await signIn(browser, db, other);
    expect((await ok(await browser.post(`/api/join/${token}`))).status).toBe("requested");
    const [request] = (await ok(await owner.client.get("/api/team"))).requests;
    expect((await owner.client.delete(`/api/team/requests/${request.id}`)).statusCode).toBe(204);
    expect((await owner.client.delete(`/api/team/requests/${request.id}`)).statusCode).toBe(404);
    expect((await owner.client.post(`/api/team/requests/${request.id}/approve`)).statusCode).toBe(404);
    expect((await ok(await owner.client.get("/api/team"))).members).toEqual([]);
    expect((await browser.post("/api/workspaces/current", { speakerId: owner.user.id })).statusCode).toBe(
      404,
    );
    expect(await ok(await browser.get("/api/workspaces"))).toHaveLength(1);
  });

  it("makes a new login with the invited address wait until it confirms that address, then lets it in", async () => {
    const email = `new_${Date.now()}@example.com`;
    const { owner, token } = await invite(email);
    const newcomer = createClient(app!);
    const { user } = await registerThroughApi(newcomer, { email });
    // Unconfirmed: a request, of which the owner hears nothing yet.
    expect((await ok(await newcomer.post(`/api/join/${token}`))).status).toBe("confirming");
    expect((await newcomer.get(`/api/events/${owner.event.id}`)).statusCode).toBe(404);
    expect(await mailTo(db, owner.user.email)).toEqual([]);
    expect((await ok(await owner.client.get("/api/team"))).requests).toEqual([
      expect.objectContaining({ userId: user.id, emailVerified: false, invitedEmail: email }),
    ]);
    // The verification link, opened in the same browser: in, acting for the speaker, and the owner is told.
    const verification = await latestLinkToken(db, email, "verify");
    await ok(await newcomer.post("/api/auth/verify-email", { token: verification }));
    expect((await ok(await newcomer.get("/api/user"))).workspace).toMatchObject({
      speakerId: owner.user.id,
      role: "viewer",
    });
    expect(
      (await ok(await newcomer.get("/api/workspaces"))).map((each: { name: string }) => each.name),
    ).toEqual([user.username, "Jordan Rivera"]);
    expect((await newcomer.get(`/api/events/${owner.event.id}`)).statusCode).toBe(200);
    const [told] = await mailTo(db, owner.user.email);
    expect(told!.subject).toBe(`${user.username} joined your team on Podium`);
    expect((await ok(await owner.client.get("/api/team"))).requests).toEqual([]);
  });

  it("shows an invitee who invites and with which role, never a username, and 404 for an unknown link", async () => {
    const email = `shown_${Date.now()}@example.com`;
    const { owner, token } = await invite(email);
    const visitor = createClient(app!);
    expect(await ok(await visitor.get(`/api/public/join/${token}`))).toEqual({
      speaker: { id: owner.user.id, name: "Jordan Rivera" },
      role: "viewer",
      email,
    });
    await ok(
      await owner.client.put("/api/speaker-profile", { name: "", businessName: "Rivera Speaking LLC" }),
    );
    expect((await ok(await visitor.get(`/api/public/join/${token}`))).speaker.name).toBe(
      "Rivera Speaking LLC",
    );
    await ok(await owner.client.put("/api/speaker-profile", { name: "", businessName: "" }));
    expect((await ok(await visitor.get(`/api/public/join/${token}`))).speaker.name).toBeNull();
    const unknown = await visitor.get(`/api/public/join/${"x".repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatch(/invalid or has expired/);
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
      expect.objectContaining({
        type: "created",
        by: { userId: memberUser.id, username: memberUser.username, role: "assistant" },
      }),
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

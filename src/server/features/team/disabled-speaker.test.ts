import { count, eq, or } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays } from "../../../shared/calendar-dates.ts";
import { createTestApps } from "../../../test/app.ts";
import { postEvent } from "../../../test/book.ts";
import { createClient } from "../../../test/client.ts";
import { ok, sentContract, speakerWithEvent } from "../../../test/contracts.ts";
import { confirmIdentity, createUser, signIn } from "../../../test/factories.ts";
import { mailTo } from "../../../test/mailer.ts";
import { emailOutbox } from "../../platform/db/schema.ts";
import { deliverOutboxMessage } from "../../platform/mail/deliver-outbox-message.ts";
import type { EmailMessage } from "../../platform/mail/mailer.ts";
import { sweepTasks } from "../sweep-tasks.ts";
import { signInAsMember } from "./testing.ts";

// Issue 40 items 3 and 6: a disabled speaker's book is closed to their team, and a calendar feed lasts as long
// as the access it was made for. Two processes on one database: a change through one holds on the other's
// very next request (decision 046).
const {
  apps: [app, otherProcess],
  db,
} = await createTestApps(2);

const DAY = 86_400_000;
const today = new Date().toISOString().slice(0, 10);
const line = { description: "Keynote", quantity: 1, unitPrice: 5000 };

const admin = createClient(app!);
await signIn(admin, db, await createUser(db, { role: "admin" }));
await confirmIdentity(admin);
const setDisabled = async (userId: string, disabled: boolean) =>
  ok(await admin.patch(`/api/admin/users/${userId}`, { disabled }));

/** A speaker with a member of `role` signed in on the first process, and the same browser on the other. */
async function speakerWithMember(role: "assistant" | "bookkeeper" | "viewer") {
  const owner = await speakerWithEvent(app!, db);
  const memberUser = await createUser(db);
  const member = createClient(app!);
  await signInAsMember(member, db, owner.user, memberUser, role);
  const onOtherProcess = createClient(otherProcess!, { jar: member.jar });
  return { owner, memberUser, member, onOtherProcess };
}

/** What a feed address answers, fetched by a calendar app through `process`. */
const readFeed = (process: typeof app, url: string) =>
  process!.inject({ method: "GET", url: new URL(url).pathname });
const unknownFeed = `http://localhost/calendar/${"x".repeat(43)}.ics`;

describe("a disabled speaker's book, for their team", () => {
  it("answers every member as a stranger on every process, leaves the switcher, and comes back when enabled", async () => {
    const { owner, memberUser, member, onOtherProcess } = await speakerWithMember("assistant");
    const eventUrl = `/api/events/${owner.event.id}`;
    // Read once through the other process first, so its reuse of the session is put to the test.
    expect((await onOtherProcess.get(eventUrl)).statusCode).toBe(200);
    const mailBefore = await mailOf(owner.user);
    await setDisabled(owner.user.id, true);

    for (const client of [onOtherProcess, member]) {
      expect((await client.get(eventUrl)).statusCode).toBe(404);
      expect((await client.patch(eventUrl, { title: "Renamed" })).statusCode).toBe(404);
      expect((await client.post(`${eventUrl}/questionnaire/send`, {})).statusCode).toBe(404);
      const listed = await ok(await client.get("/api/events"));
      expect(listed.items.map((event: { id: string }) => event.id)).not.toContain(owner.event.id);
      expect((await ok(await client.get("/api/user"))).workspace).toMatchObject({
        speakerId: memberUser.id,
        role: "owner",
      });
      expect(await ok(await client.get("/api/workspaces"))).toEqual([
        { speakerId: memberUser.id, name: memberUser.username, role: "owner" },
      ]);
      const chosen = await client.post("/api/workspaces/current", { speakerId: owner.user.id });
      expect(chosen.statusCode).toBe(404);
    }
    // What the member creates now lands in their own book, never in the disabled speaker's.
    const own = await postEvent(onOtherProcess, { title: "Written while the speaker was disabled" });
    expect(await mailOf(owner.user)).toBe(mailBefore);

    // Read through the other process just before the speaker is enabled, so it holds the session it reuses.
    expect((await onOtherProcess.get(eventUrl)).statusCode).toBe(404);
    await setDisabled(owner.user.id, false);
    // The session had chosen the speaker: it acts for them again, on both processes, without choosing anew.
    expect((await ok(await onOtherProcess.get(eventUrl))).title).toBe("ACME Sales Kickoff");
    expect((await ok(await member.get("/api/user"))).workspace.speakerId).toBe(owner.user.id);
    expect((await onOtherProcess.get(`/api/events/${own.id}`)).statusCode).toBe(404);
    expect(
      (await ok(await member.get("/api/workspaces"))).map((each: { role: string }) => each.role),
    ).toEqual(["owner", "assistant"]);
  });

  it("refuses an invitation to a disabled speaker's team as an unknown link, and honours it once enabled", async () => {
    const owner = await speakerWithEvent(app!, db, "Casey Brooks");
    await confirmIdentity(owner.client);
    const invitedUser = await createUser(db);
    await ok(
      await owner.client.post("/api/team/invitations", { email: invitedUser.email, role: "viewer" }),
      201,
    );
    const [mail] = await mailTo(db, invitedUser.email);
    const token = /\/join\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    const invited = createClient(otherProcess!);
    await signIn(invited, db, invitedUser);

    await setDisabled(owner.user.id, true);
    const refused = await invited.post(`/api/join/${token}`);
    const unknown = await invited.post(`/api/join/${"x".repeat(43)}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual(unknown.json());
    expect(await ok(await invited.get("/api/workspaces"))).toHaveLength(1);

    await setDisabled(owner.user.id, false);
    expect((await ok(await invited.post(`/api/join/${token}`))).speaker.id).toBe(owner.user.id);
  });
});

/**
 * A speaker whose assistant set up everything the sweep acts on: a questionnaire a week before the talk, an
 * invoice due today, a contract out for signature, a hold that expires tomorrow, and a daily digest.
 */
async function bookWithEverythingDue(name: string) {
  const team = await speakerWithMember("assistant");
  const { owner, member } = team;
  await ok(
    await owner.client.put("/api/notification-settings", { digest: "daily", digestHour: 0, timeZone: "UTC" }),
  );
  const talk = await postEvent(member, {
    title: `${name} talk`,
    date: addDays(today, 10),
    status: "confirmed",
    contactName: "Dana Lee",
    contactEmail: `dana@${name}.example`,
  });
  await ok(await member.post(`/api/events/${talk.id}/questionnaire/send`, {}), 201);
  const invoice = await ok(await member.post("/api/invoices", { items: [line], dueDate: today }), 201);
  await ok(await member.post(`/api/invoices/${invoice.id}/send`, { to: `ap@${name}.example` }));
  await sentContract(member, owner.event.id);
  const hold = await postEvent(member, { title: `${name} hold`, date: addDays(today, 30), status: "hold" });
  await ok(await member.patch(`/api/events/${hold.id}`, { holdExpiresAt: addDays(today, 1) }));
  return { ...team, holdId: hold.id as string };
}

/** Every outbox row in the speaker's name or to the speaker. */
async function mailOf(speaker: { id: string; email: string }) {
  const [row] = await db
    .select({ n: count() })
    .from(emailOutbox)
    .where(or(eq(emailOutbox.senderId, speaker.id), eq(emailOutbox.to, speaker.email)));
  return row!.n;
}

function recordingTransport() {
  const sent: EmailMessage[] = [];
  return { sent, send: async (message: EmailMessage) => void sent.push(message), close: () => {} };
}

describe("a disabled speaker's mail", () => {
  it("leaves unsent what a member queued in the speaker's name just before the speaker was disabled", async () => {
    const sendInvoice = async (name: string) => {
      const { owner, member } = await speakerWithMember("assistant");
      const invoice = await ok(await member.post("/api/invoices", { items: [line] }), 201);
      await ok(await member.post(`/api/invoices/${invoice.id}/send`, { to: `ap@${name}.example` }));
      const [queued] = await mailTo(db, `ap@${name}.example`);
      return { owner, queued: queued! };
    };
    const active = await sendInvoice("still-active");
    const disabled = await sendInvoice("now-disabled");
    await setDisabled(disabled.owner.user.id, true);
    const transport = recordingTransport();
    expect(await deliverOutboxMessage(db, transport, disabled.queued.id, { isFinalAttempt: false })).toBe(
      "skipped",
    );
    expect(await deliverOutboxMessage(db, transport, active.queued.id, { isFinalAttempt: false })).toBe(
      "sent",
    );
    expect(transport.sent.map((message) => message.to)).toEqual(["ap@still-active.example"]);
    const [left] = await mailTo(db, "ap@now-disabled.example");
    expect(left).toMatchObject({ status: "failed", lastError: expect.stringMatching(/disabled/) });
  });

  // Two books with everything due: slower than most tests on a loaded machine.
  it("runs no task of the sweep for the speaker, whatever their member set up", {
    timeout: 120_000,
  }, async () => {
    const active = await bookWithEverythingDue("active");
    const disabled = await bookWithEverythingDue("disabled");
    await setDisabled(disabled.owner.user.id, true);
    const [activeBefore, disabledBefore] = [
      await mailOf(active.owner.user),
      await mailOf(disabled.owner.user),
    ];
    // Five days on: the questionnaire is due its week reminder, the invoice is overdue, the contract waits, the
    // hold has expired, a digest is due. The very tasks the server's sweep runs, through the other process.
    const later = new Date(Date.now() + 5 * DAY);
    for (const task of sweepTasks(otherProcess!)) await task.run(later);

    expect(await mailOf(active.owner.user)).toBeGreaterThan(activeBefore);
    expect(await mailTo(db, "dana@active.example")).toHaveLength(2);
    expect(await mailOf(disabled.owner.user)).toBe(disabledBefore);
    expect(await mailTo(db, "dana@disabled.example")).toHaveLength(1);

    await setDisabled(disabled.owner.user.id, false);
    // Nothing was released meanwhile: the hold is as the assistant left it, and the book is theirs again.
    expect((await ok(await disabled.member.get(`/api/events/${disabled.holdId}`))).status).toBe("hold");
    expect((await ok(await active.member.get(`/api/events/${active.holdId}`))).status).toBe("inquiry");
  });
});

describe("calendar feeds end with the access they were made for", () => {
  it("stops a removed member's feed at once on every process, and leaves the owner's", async () => {
    const { owner, memberUser, member } = await speakerWithMember("viewer");
    const ownersFeed = (await ok(await owner.client.get("/api/calendar-feed"))).url;
    const membersFeed = (await ok(await member.get("/api/calendar-feed"))).url;
    expect(membersFeed).not.toBe(ownersFeed);
    const before = await readFeed(otherProcess, membersFeed);
    expect(before.statusCode).toBe(200);
    expect(before.body).toContain("ACME Sales Kickoff");
    expect(before.body).toContain("dana@acme.example");

    await confirmIdentity(owner.client);
    expect((await owner.client.delete(`/api/team/members/${memberUser.id}`)).statusCode).toBe(204);
    const after = await readFeed(otherProcess, membersFeed);
    expect(after.statusCode).toBe(404);
    expect(after.body).toBe((await readFeed(otherProcess, unknownFeed)).body);
    expect((await readFeed(otherProcess, ownersFeed)).statusCode).toBe(200);
  });

  it("stops a member's feed when their role changes; the new role gets a new address", async () => {
    const { owner, memberUser, member, onOtherProcess } = await speakerWithMember("viewer");
    const asViewer = (await ok(await onOtherProcess.get("/api/calendar-feed"))).url;
    expect((await readFeed(app, asViewer)).statusCode).toBe(200);
    await confirmIdentity(owner.client);
    await ok(await owner.client.patch(`/api/team/members/${memberUser.id}`, { role: "assistant" }));
    expect((await readFeed(otherProcess, asViewer)).statusCode).toBe(404);
    const asAssistant = (await ok(await member.get("/api/calendar-feed"))).url;
    expect(asAssistant).not.toBe(asViewer);
    expect((await readFeed(otherProcess, asAssistant)).body).toContain("ACME Sales Kickoff");
    // Back to the first role: the old address stays dead.
    await ok(await owner.client.patch(`/api/team/members/${memberUser.id}`, { role: "viewer" }));
    expect((await readFeed(otherProcess, asViewer)).statusCode).toBe(404);
    expect((await readFeed(otherProcess, asAssistant)).statusCode).toBe(404);
  });

  it("stops every feed of a disabled speaker on every process, and brings them back when enabled", async () => {
    const { owner, member } = await speakerWithMember("assistant");
    const feeds = [
      (await ok(await owner.client.get("/api/calendar-feed"))).url,
      (await ok(await member.get("/api/calendar-feed"))).url,
    ];
    for (const feed of feeds) expect((await readFeed(otherProcess, feed)).statusCode).toBe(200);
    await setDisabled(owner.user.id, true);
    for (const feed of feeds) expect((await readFeed(otherProcess, feed)).statusCode).toBe(404);
    await setDisabled(owner.user.id, false);
    for (const feed of feeds)
      expect((await readFeed(otherProcess, feed)).body).toContain("ACME Sales Kickoff");
  });

  it("stops the feed of a member whose own login is disabled", async () => {
    const { memberUser, member } = await speakerWithMember("viewer");
    const feed = (await ok(await member.get("/api/calendar-feed"))).url;
    await setDisabled(memberUser.id, true);
    expect((await readFeed(otherProcess, feed)).statusCode).toBe(404);
  });
});

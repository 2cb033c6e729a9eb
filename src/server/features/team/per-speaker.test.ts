import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { postEvent } from "../../../test/book.ts";
import { createClient } from "../../../test/client.ts";
import { type Json, ok, speakerWithEvent } from "../../../test/contracts.ts";
import { confirmIdentity, createUser, signIn } from "../../../test/factories.ts";
import { mailTo } from "../../../test/mailer.ts";
import { teamMembers } from "../../platform/db/schema.ts";
import { buildDigest } from "../follow-ups/digest.ts";

// Issue 34: search, the calendar feed, digests, exports, mail and the lapsed rule are the speaker's, whoever
// of their team acts.
const { app, db } = await createTestApp();

const line = { description: "Keynote", quantity: 1, unitPrice: 5000 };
const titlesOf = (items: { title: string }[]) => items.map((item) => item.title).sort();

/** An assistant of two speakers (Jordan Rivera and Alex Moreno), each with one event of their own. */
async function memberOfTwoTeams() {
  const jordan = await speakerWithEvent(app, db, "Jordan Rivera");
  const alex = await speakerWithEvent(app, db, "Alex Moreno");
  await postEvent(jordan.client, { title: "Orbit Summit Jordan", date: "2030-06-03" });
  await postEvent(alex.client, { title: "Orbit Forum Alex", date: "2030-06-04" });
  const login = await createUser(db);
  await db.insert(teamMembers).values([
    { speakerId: jordan.user.id, userId: login.id, role: "assistant" },
    { speakerId: alex.user.id, userId: login.id, role: "assistant" },
  ]);
  const member = createClient(app);
  // Exports need a fresh check, which the member's own session has passed.
  await signIn(member, db, login, { freshCheck: true });
  const actFor = async (speaker: { user: { id: string } }) =>
    ok(await member.post("/api/workspaces/current", { speakerId: speaker.user.id }));
  return { jordan, alex, login, member, actFor };
}

describe("a member of two teams sees one speaker at a time", () => {
  it("searches and exports the book it works in now, and switching changes both", async () => {
    const { member, actFor, jordan, alex } = await memberOfTwoTeams();
    await actFor(jordan);
    const inJordans = await ok(await member.get("/api/search?q=orbit"));
    expect(titlesOf(inJordans.events)).toEqual(["Orbit Summit Jordan"]);
    const jordansExport = await ok(await member.get("/api/export-complete-data"));
    expect(jordansExport.profile.name).toBe("Jordan Rivera");
    expect(titlesOf(jordansExport.events)).toEqual(["ACME Sales Kickoff", "Orbit Summit Jordan"]);

    await actFor(alex);
    const inAlexs = await ok(await member.get("/api/search?q=orbit"));
    expect(titlesOf(inAlexs.events)).toEqual(["Orbit Forum Alex"]);
    const alexsExport = await ok(await member.get("/api/export-complete-data"));
    expect(alexsExport.profile.name).toBe("Alex Moreno");
    expect(alexsExport.events.map((event: Json) => event.id)).not.toContain(jordan.event.id);
    const workbook = await member.get("/api/export/workbook");
    expect(workbook.statusCode).toBe(200);
    expect(workbook.headers["content-disposition"]).toContain(alex.user.username);
  });

  it("gives the member a feed of each speaker's events, of its own and apart from the speaker's", async () => {
    const { member, actFor, jordan, alex } = await memberOfTwoTeams();
    const jordansFeed = (await ok(await jordan.client.get("/api/calendar-feed"))).url;
    await actFor(jordan);
    const membersJordanFeed = (await ok(await member.get("/api/calendar-feed"))).url;
    expect(membersJordanFeed).not.toBe(jordansFeed);
    expect((await ok(await member.get("/api/calendar-feed"))).url).toBe(membersJordanFeed);
    await actFor(alex);
    const membersAlexFeed = (await ok(await member.get("/api/calendar-feed"))).url;
    expect(membersAlexFeed).not.toBe(membersJordanFeed);
    const feed = await app.inject({ method: "GET", url: new URL(membersAlexFeed).pathname });
    expect(feed.body).toContain("Orbit Forum Alex");
    expect(feed.body).not.toContain("Orbit Summit Jordan");
  });

  it("puts what the member booked in that speaker's digest only", async () => {
    const { member, actFor, jordan, alex } = await memberOfTwoTeams();
    await actFor(jordan);
    await postEvent(member, { title: "Booked by the assistant", date: "2030-07-02" });
    const text = (digest: Awaited<ReturnType<typeof buildDigest>>) => digest?.paragraphs.join("\n") ?? "";
    expect(text(await buildDigest(db, jordan.user.id, "2030-07-01"))).toContain("Booked by the assistant");
    expect(text(await buildDigest(db, alex.user.id, "2030-07-01"))).not.toContain("Booked by the assistant");
  });
});

describe("mail a member sends", () => {
  it("goes out in the speaker's name, answered at the address the owner chose", async () => {
    const { member, actFor, jordan, login } = await memberOfTwoTeams();
    await actFor(jordan);
    // The owner's choice by default: answers go to the speaker.
    const draft = await ok(await member.post(`/api/events/${jordan.event.id}/contracts`, {}), 201);
    await ok(
      await member.post(`/api/contracts/${draft.id}/send`, {
        signerName: "Dana Lee",
        signerEmail: "dana@acme.example",
      }),
    );
    const [contractMail] = await mailTo(db, "dana@acme.example");
    expect(contractMail!.subject).toMatch(/^Jordan Rivera sent you /);
    expect(contractMail!.text).not.toContain(login.username);
    expect(contractMail!.replyTo).toBe(jordan.user.email);
    expect(contractMail!.text).toContain("Questions? Just reply to this e-mail.");

    await confirmIdentity(jordan.client);
    await ok(
      await jordan.client.put("/api/team/settings", { replyTo: "member", requireSecondFactor: false }),
    );
    const invoice = await ok(await member.post("/api/invoices", { items: [line] }), 201);
    await ok(await member.post(`/api/invoices/${invoice.id}/send`, { to: "ap@acme.example" }));
    const [invoiceMail] = await mailTo(db, "ap@acme.example");
    expect(invoiceMail!.subject).toBe("Invoice INV-2026-0001 from Jordan Rivera");
    expect(invoiceMail!.text).not.toContain(login.username);
    expect(invoiceMail!.replyTo).toBe(login.email);
    // The footnote names no address, so it never contradicts the member's Reply-To.
    await ok(await member.post(`/api/events/${jordan.event.id}/questionnaire/send`, {}), 201);
    const [questionnaireMail] = (await mailTo(db, "dana@acme.example")).filter((mail) =>
      mail.subject.includes("a few questions"),
    );
    expect(questionnaireMail!.replyTo).toBe(login.email);
    expect(questionnaireMail!.text).toContain("Questions? Just reply to this e-mail.");
    expect(questionnaireMail!.text).not.toContain(jordan.user.email);
  });
});

describe("the speaker's account deleted", () => {
  it("ends every member's access to that book and keeps their logins and their other teams", async () => {
    const { member, actFor, jordan, alex, login } = await memberOfTwoTeams();
    await actFor(jordan);
    await db.execute(`delete from users where id = '${jordan.user.id}'`);
    expect((await member.get(`/api/events/${jordan.event.id}`)).statusCode).toBe(404);
    const workspaces = await ok(await member.get("/api/workspaces"));
    expect(workspaces.map((each: Json) => each.speakerId)).toEqual([login.id, alex.user.id]);
    const relogin = createClient(app);
    await signIn(relogin, db, login);
    expect((await ok(await relogin.get("/api/user"))).id).toBe(login.id);
    await ok(await relogin.post("/api/workspaces/current", { speakerId: alex.user.id }));
    expect((await relogin.get(`/api/events/${alex.event.id}`)).statusCode).toBe(200);
  });
});

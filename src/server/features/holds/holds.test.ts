import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { holdRankLabel } from "../../../shared/schemas/holds.ts";
import { createTestApp, taskHeard } from "../../../test/app.ts";
import { createSignedInClient, postEvent } from "../../../test/book.ts";
import { createClient, type TestClient } from "../../../test/client.ts";
import { mailTo } from "../../../test/mailer.ts";
import { buildXlsx, uploadWorkbook } from "../../../test/workbooks.ts";
import { sha256 } from "../../platform/auth/tokens.ts";
import { eventActivity, holdChallenges, tasks } from "../../platform/db/schema.ts";
import { buildCalendar } from "../follow-ups/calendar-feed.ts";
import { holdContextOf } from "./context.ts";
import { sweepHolds } from "./sweep.ts";

const { app, db } = await createTestApp();

let nextDay = 0;
/** A date of its own for each test, so no test sees another's holds. */
function freshDate() {
  nextDay += 7;
  return new Date(Date.UTC(2031, 0, 1) + nextDay * 86_400_000).toISOString().slice(0, 10);
}

async function hold(client: TestClient, date: string, fields: Record<string, unknown> = {}) {
  return postEvent(client, { status: "hold", date, title: `Hold ${Math.random()}`, ...fields });
}

async function ranksOf(client: TestClient, ids: string[]) {
  const ranks: (number | null)[] = [];
  for (const id of ids) ranks.push((await client.get(`/api/events/${id}`)).json().holdRank);
  return ranks;
}

async function openTasks(userId: string, eventId: string) {
  const rows = await db
    .select({ title: tasks.title })
    .from(tasks)
    .where(and(eq(tasks.userId, userId), eq(tasks.eventId, eventId)));
  return rows.map((row) => row.title);
}

describe("ranked holds", () => {
  it("gives each new hold on a date the next rank, and the first hold of another date rank 1", async () => {
    const { client } = await createSignedInClient(app, db);
    const date = freshDate();
    const [a, b, c] = [await hold(client, date), await hold(client, date), await hold(client, date)];
    expect([a.holdRank, b.holdRank, c.holdRank]).toEqual([1, 2, 3]);
    expect((await hold(client, freshDate())).holdRank).toBe(1);
    const inquiry = await postEvent(client, { date });
    expect(inquiry.holdRank).toBeNull();
  });

  it("reorders: the moved hold takes its rank and the others renumber 1..n", async () => {
    const { client } = await createSignedInClient(app, db);
    const date = freshDate();
    const ids = [(await hold(client, date)).id, (await hold(client, date)).id, (await hold(client, date)).id];
    const moved = await client.post(`/api/events/${ids[2]}/hold-rank`, { rank: 1 });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ holdRank: 1, conflicts: expect.any(Array) });
    expect(await ranksOf(client, ids)).toEqual([2, 3, 1]);
    await client.post(`/api/events/${ids[2]}/hold-rank`, { rank: 9 });
    expect(await ranksOf(client, ids)).toEqual([1, 2, 3]);
    expect((await client.post(`/api/events/${ids[0]}/hold-rank`, { rank: 0 })).statusCode).toBe(400);
    const inquiry = await postEvent(client, { date });
    expect((await client.post(`/api/events/${inquiry.id}/hold-rank`, { rank: 1 })).statusCode).toBe(409);
  });

  it("moves later holds up on release, and tells the speaker (and, when asked, the planner) who is first", async () => {
    const { client, user } = await createSignedInClient(app, db);
    await client.put("/api/hold-settings", { notifyNewFirstHold: true });
    const date = freshDate();
    const first = await hold(client, date);
    const second = await hold(client, date, { contactName: "Pat", contactEmail: "pat@planner.test" });
    const third = await hold(client, date);
    const released = await client.post(`/api/events/${first.id}/release`);
    expect(released.statusCode).toBe(200);
    expect(released.json()).toMatchObject({ status: "inquiry", holdRank: null, holdExpiresAt: null });
    expect(await ranksOf(client, [second.id, third.id])).toEqual([1, 2]);
    expect(
      (await openTasks(user.id, second.id)).some((title) => title.startsWith("Now the first hold")),
    ).toBe(true);
    const [mail] = await mailTo(db, "pat@planner.test");
    expect(mail?.text).toContain("Hi Pat,");
    expect(mail?.text).toContain("is now yours first");
    const notes = await db.select().from(eventActivity).where(eq(eventActivity.eventId, first.id));
    expect(notes.map((note) => note.type)).toEqual(["created", "hold_released"]);
    expect((await client.post(`/api/events/${first.id}/release`)).statusCode).toBe(409);
  });

  it("moves later holds up when a hold is booked, deleted or moved to another date (which ranks it there)", async () => {
    const { client } = await createSignedInClient(app, db);
    const date = freshDate();
    const other = freshDate();
    const ids = [
      (await hold(client, date)).id,
      (await hold(client, date)).id,
      (await hold(client, date)).id,
      (await hold(client, date)).id,
    ];
    await hold(client, other);
    const booked = await client.patch(`/api/events/${ids[0]}`, { status: "confirmed" });
    expect(booked.json()).toMatchObject({ status: "confirmed", holdRank: null });
    expect(await ranksOf(client, ids.slice(1))).toEqual([1, 2, 3]);
    const moved = await client.patch(`/api/events/${ids[1]}`, { date: other });
    expect(moved.json().holdRank).toBe(2);
    expect(await ranksOf(client, [ids[2]!, ids[3]!])).toEqual([1, 2]);
    expect((await client.delete(`/api/events/${ids[2]}`)).statusCode).toBe(204);
    expect(await ranksOf(client, [ids[3]!])).toEqual([1]);
    const cancelled = await client.patch(`/api/events/${ids[3]}`, { status: "cancelled" });
    expect(cancelled.json().holdRank).toBeNull();
  });

  it("gives holds created at the same moment distinct ranks", async () => {
    const { client } = await createSignedInClient(app, db);
    const date = freshDate();
    const created = await Promise.all(Array.from({ length: 8 }, () => hold(client, date)));
    expect(created.map((event) => event.holdRank).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("defaults holdExpiresAt from the settings, and PATCH may set any date or none", async () => {
    const { client } = await createSignedInClient(app, db);
    const date = freshDate();
    const today = new Date().toISOString().slice(0, 10);
    const created = await hold(client, date);
    expect(created.holdExpiresAt).toBe(
      new Date(Date.parse(today) + 14 * 86_400_000).toISOString().slice(0, 10),
    );
    expect(
      (await client.patch(`/api/events/${created.id}`, { holdExpiresAt: null })).json().holdExpiresAt,
    ).toBeNull();
    expect(
      (await client.patch(`/api/events/${created.id}`, { holdExpiresAt: "2020-01-01" })).json().holdExpiresAt,
    ).toBe("2020-01-01");
    expect((await client.put("/api/hold-settings", { defaultExpiryDays: null })).json()).toMatchObject({
      defaultExpiryDays: null,
      notifyNewFirstHold: false,
      showAvailabilityOnInquiryForm: false,
    });
    expect((await hold(client, date)).holdExpiresAt).toBeNull();
    expect((await client.put("/api/hold-settings", { defaultExpiryDays: 0 })).statusCode).toBe(400);
  });

  it("lets a hold on a talk sooner than the default days lapse on the talk's date, not after it", async () => {
    const { client } = await createSignedInClient(app, db);
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    expect((await hold(client, inDays(5))).holdExpiresAt).toBe(inDays(5));
    expect((await hold(client, inDays(30))).holdExpiresAt).toBe(inDays(14));
    const inquiry = await postEvent(client, { status: "inquiry", date: inDays(3), title: "Soon" });
    const held = await client.patch(`/api/events/${inquiry.id}`, { status: "hold" });
    expect(held.json().holdExpiresAt).toBe(inDays(3));
  });
});

describe("conflicts", () => {
  it("answers same-day and travel conflicts on create, edit and get", async () => {
    const { client } = await createSignedInClient(app, db);
    const date = freshDate();
    const dayBefore = new Date(Date.parse(date) - 86_400_000).toISOString().slice(0, 10);
    const booked = await postEvent(client, { status: "confirmed", date, title: "Booked", state: "TX" });
    const travel = await postEvent(client, {
      status: "confirmed",
      date: dayBefore,
      title: "Away",
      state: "CA",
    });
    await postEvent(client, { status: "confirmed", date: dayBefore, title: "Near", state: "tx" });
    const created = await client.post("/api/events", { title: "Held", date, status: "hold", state: "TX" });
    expect(created.statusCode).toBe(201);
    expect(created.json().conflicts).toEqual([
      {
        id: travel.id,
        title: "Away",
        date: dayBefore,
        status: "confirmed",
        holdRank: null,
        reason: "travel",
      },
      { id: booked.id, title: "Booked", date, status: "confirmed", holdRank: null, reason: "same_day" },
    ]);
    const quiet = await postEvent(client, { date: freshDate(), title: "Elsewhere" });
    expect(quiet.conflicts).toEqual([]);
    const edited = await client.patch(`/api/events/${quiet.id}`, { date, state: "TX" });
    expect(edited.json().conflicts.map((c: { title: string }) => c.title)).toEqual([
      "Away",
      "Booked",
      "Held",
    ]);
    expect((await client.get(`/api/events/${quiet.id}`)).json().conflicts).toHaveLength(3);
  });

  it("refuses a second confirmed talk on one day with 409 { error, conflicts } unless bookAnyway", async () => {
    const { client } = await createSignedInClient(app, db);
    const date = freshDate();
    const booked = await postEvent(client, { status: "confirmed", date, title: "First" });
    const refused = await client.post("/api/events", { title: "Second", date, status: "confirmed" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: "You already have a confirmed talk on this day. Choose another date, or book anyway.",
      conflicts: [expect.objectContaining({ id: booked.id, reason: "same_day" })],
    });
    expect((await client.get("/api/events")).json().items).toHaveLength(1);
    const held = await hold(client, date);
    const confirm = await client.patch(`/api/events/${held.id}`, { status: "confirmed" });
    expect(confirm.statusCode).toBe(409);
    expect((await client.get(`/api/events/${held.id}`)).json().status).toBe("hold");
    const anyway = await client.patch(`/api/events/${held.id}`, { status: "confirmed", bookAnyway: true });
    expect(anyway.statusCode).toBe(200);
    expect(
      (await client.post("/api/events", { title: "Third", date, status: "confirmed", bookAnyway: true }))
        .statusCode,
    ).toBe(201);
  });
});

describe("hold expiry", () => {
  it("warns on the dashboard two days before and is released by the sweep once the day has passed", async () => {
    const { client, user } = await createSignedInClient(app, db);
    const date = freshDate();
    const expiring = await hold(client, date, { holdExpiresAt: "2030-03-10" });
    const later = await hold(client, date, { holdExpiresAt: null });
    const items = (today: string) =>
      client.get(`/api/dashboard?today=${today}`).then((response) => response.json().actionItems);
    expect((await items("2030-03-07")).some((item: { kind: string }) => item.kind === "hold-expiring")).toBe(
      false,
    );
    expect(await items("2030-03-08")).toContainEqual(
      expect.objectContaining({ kind: "hold-expiring", eventId: expiring.id }),
    );
    const context = holdContextOf(app);
    await sweepHolds(context, new Date("2030-03-10T12:00:00Z"));
    await taskHeard(app);
    expect((await client.get(`/api/events/${expiring.id}`)).json().status).toBe("hold");
    const [first, second] = await Promise.all([
      sweepHolds(context, new Date("2030-03-11T00:30:00Z")),
      sweepHolds(context, new Date("2030-03-11T00:30:00Z")),
    ]);
    expect(first.released + second.released).toBe(1);
    await taskHeard(app);
    expect((await client.get(`/api/events/${expiring.id}`)).json()).toMatchObject({
      status: "inquiry",
      holdRank: null,
    });
    expect((await client.get(`/api/events/${later.id}`)).json().holdRank).toBe(1);
    const notes = await db.select().from(eventActivity).where(eq(eventActivity.eventId, expiring.id));
    expect(notes).toEqual([
      expect.objectContaining({ type: "created", actor: "speaker" }),
      expect.objectContaining({ type: "hold_expired", actor: "system" }),
    ]);
    expect(await openTasks(user.id, later.id)).toContainEqual(expect.stringMatching(/^Now the first hold/));
  });
});

async function challengeToken(address: string) {
  const [mail] = await mailTo(db, address);
  return /\/hold\/([\w-]+)/.exec(mail!.text)![1]!;
}

describe("asking the first hold to decide", () => {
  async function twoHolds() {
    const { client, user } = await createSignedInClient(app, db);
    const date = freshDate();
    const email = `planner-${Math.random().toString(36).slice(2)}@example.test`;
    const first = await hold(client, date, { contactName: "Pat", contactEmail: email, city: "Austin" });
    const second = await hold(client, date);
    return { client, user, date, email, first, second };
  }

  it("refuses a hold that is not first or has no later hold, and one without a contact e-mail", async () => {
    const { client, first, second } = await twoHolds();
    expect((await client.post(`/api/events/${second.id}/challenge`, {})).statusCode).toBe(409);
    const alone = await hold(client, freshDate(), { contactEmail: "x@example.test" });
    expect((await client.post(`/api/events/${alone.id}/challenge`, {})).statusCode).toBe(409);
    await client.patch(`/api/events/${first.id}`, { contactEmail: null });
    const noContact = await client.post(`/api/events/${first.id}/challenge`, {});
    expect(noContact.statusCode).toBe(409);
    expect(noContact.json().error).toMatch(/contact e-mail/);
  });

  it("e-mails a link the planner confirms with; a second answer is a 409", async () => {
    const { client, user, email, first, date } = await twoHolds();
    const sent = await client.post(`/api/events/${first.id}/challenge`, {});
    expect(sent.statusCode).toBe(201);
    const today = new Date().toISOString().slice(0, 10);
    const deadline = new Date(Date.parse(today) + 3 * 86_400_000).toISOString().slice(0, 10);
    expect(sent.json()).toEqual({ sentTo: email, deadline });
    const token = await challengeToken(email);
    const planner = createClient(app);
    const page = await planner.get(`/api/public/holds/${token}`);
    expect(page.headers["x-robots-tag"]).toBe("noindex");
    expect(page.json()).toEqual({
      speaker: { name: null, businessName: null },
      event: { title: first.title, date, city: "Austin", state: null },
      deadline,
      answered: null,
    });
    const answer = await planner.post(`/api/public/holds/${token}`, { answer: "confirm", message: "Yes!" });
    expect(answer.statusCode).toBe(200);
    expect((await planner.get(`/api/public/holds/${token}`)).json().answered).toBe("confirm");
    expect((await planner.post(`/api/public/holds/${token}`, { answer: "release" })).statusCode).toBe(409);
    expect((await client.get(`/api/events/${first.id}`)).json()).toMatchObject({
      status: "hold",
      holdRank: 1,
    });
    expect(await openTasks(user.id, first.id)).toContainEqual(expect.stringContaining("still wants"));
    const notes = await db.select().from(eventActivity).where(eq(eventActivity.eventId, first.id));
    expect(notes.map((note) => note.type).sort()).toEqual([
      "created",
      "hold_challenge_confirmed",
      "hold_challenge_sent",
    ]);
    expect((await mailTo(db, user.email))[0]?.subject).toContain("still wants the date");
  });

  it("releases the date when the planner says so, and the next hold is first", async () => {
    const { client, email, first, second } = await twoHolds();
    await client.post(`/api/events/${first.id}/challenge`, {});
    const planner = createClient(app);
    const token = await challengeToken(email);
    expect((await planner.post(`/api/public/holds/${token}`, { answer: "release" })).statusCode).toBe(200);
    expect((await client.get(`/api/events/${first.id}`)).json()).toMatchObject({ status: "inquiry" });
    expect((await client.get(`/api/events/${second.id}`)).json().holdRank).toBe(1);
  });

  it("takes a hold asked again off the dashboard's list of silences at once", async () => {
    const { client, first } = await twoHolds();
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.parse(today) + 86_400_000).toISOString().slice(0, 10);
    const silences = async () =>
      (await client.get(`/api/dashboard?today=${tomorrow}`))
        .json()
        .actionItems.filter((item: { kind: string }) => item.kind === "hold-challenge-unanswered");
    await client.post(`/api/events/${first.id}/challenge`, { deadline: today });
    expect(await silences()).toHaveLength(1);
    // Only the challenge changes: the cached dashboard must not outlive it.
    expect((await client.post(`/api/events/${first.id}/challenge`, { deadline: tomorrow })).statusCode).toBe(
      201,
    );
    expect(await silences()).toEqual([]);
  });

  it("answers 404 for an unknown token and after the deadline, and lists the silence for the speaker", async () => {
    const { client, email, first } = await twoHolds();
    const planner = createClient(app);
    const unknown = await planner.get(`/api/public/holds/${"x".repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
    const today = new Date().toISOString().slice(0, 10);
    await client.post(`/api/events/${first.id}/challenge`, { deadline: today });
    const token = await challengeToken(email);
    expect((await planner.get(`/api/public/holds/${token}`)).statusCode).toBe(200);
    const tomorrow = new Date(Date.parse(today) + 86_400_000).toISOString().slice(0, 10);
    const items = (await client.get(`/api/dashboard?today=${tomorrow}`)).json().actionItems;
    expect(items).toContainEqual(
      expect.objectContaining({ kind: "hold-challenge-unanswered", eventId: first.id }),
    );
    await db
      .update(holdChallenges)
      .set({ deadline: "2020-01-01" })
      .where(eq(holdChallenges.tokenHash, sha256(token)));
    const expired = await planner.get(`/api/public/holds/${token}`);
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toEqual(unknown.json());
    expect((await planner.post(`/api/public/holds/${token}`, { answer: "release" })).statusCode).toBe(404);
    expect((await client.get(`/api/events/${first.id}`)).json().status).toBe("hold");
  });
});

describe("availability", () => {
  it("says free, held or booked per date, with only the speaker's own events", async () => {
    const { client } = await createSignedInClient(app, db);
    const other = await createSignedInClient(app, db);
    const date = freshDate();
    const next = new Date(Date.parse(date) + 86_400_000).toISOString().slice(0, 10);
    await postEvent(other.client, { status: "confirmed", date, title: "Not yours" });
    await postEvent(other.client, { status: "hold", date: next, title: "Not yours either" });
    const held = await hold(client, date);
    const answer = (await client.get(`/api/availability?from=${date}&to=${next}`)).json();
    expect(answer).toEqual({
      days: [
        {
          date,
          state: "held",
          holds: 1,
          events: [{ id: held.id, title: held.title, status: "hold", holdRank: 1 }],
        },
      ],
    });
    const every = (await client.get(`/api/availability?from=${date}&to=${next}&all=true`)).json();
    expect(every.days[1]).toEqual({ date: next, state: "free", holds: 0, events: [] });
    const booked = await postEvent(client, { status: "confirmed", date });
    expect((await client.get(`/api/availability?from=${date}&to=${date}`)).json().days[0]).toMatchObject({
      state: "booked",
      holds: 1,
    });
    expect(booked.status).toBe("confirmed");
    expect((await client.get("/api/availability?from=2030-01-01&to=2031-01-02")).statusCode).toBe(400);
    expect((await client.get("/api/availability?from=2030-01-01&to=2030-12-31")).statusCode).toBe(200);
    expect((await client.get("/api/availability?from=2030-01-01")).statusCode).toBe(400);
  });
});

describe("another speaker", () => {
  it("gets 404 on every hold route of an event not theirs", async () => {
    const owner = await createSignedInClient(app, db);
    const intruder = await createSignedInClient(app, db);
    const date = freshDate();
    const first = await hold(owner.client, date, { contactEmail: "owner-planner@example.test" });
    await hold(owner.client, date);
    const missing = await intruder.client.get("/api/events/6f1c1c52-4a8a-4a43-9a52-4e6c7f4b9d11");
    for (const [path, body] of [
      ["hold-rank", { rank: 2 }],
      ["release", undefined],
      ["challenge", {}],
    ] as const) {
      const response = await intruder.client.post(`/api/events/${first.id}/${path}`, body);
      expect(response.statusCode, path).toBe(404);
      expect(response.json()).toEqual(missing.json());
    }
    expect((await owner.client.get(`/api/events/${first.id}`)).json()).toMatchObject({
      status: "hold",
      holdRank: 1,
    });
  });
});

describe("hold figures and the calendar feed", () => {
  it("counts hold conversion and dates held more than once over the last 12 months", async () => {
    const { client } = await createSignedInClient(app, db);
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
    const busy = daysAgo(20);
    const won = await hold(client, busy);
    await hold(client, busy);
    await hold(client, daysAgo(40));
    await hold(client, daysAgo(400));
    await postEvent(client, { status: "confirmed", date: daysAgo(60) });
    await client.patch(`/api/events/${won.id}`, { status: "confirmed" });
    const { pipeline } = (await client.get("/api/insights")).json();
    expect(pipeline).toMatchObject({ holdConversionRate: 0.3333, datesHeldMoreThanOnce: 1 });
    const other = await createSignedInClient(app, db);
    expect((await other.client.get("/api/insights")).json().pipeline).toMatchObject({
      holdConversionRate: null,
      datesHeldMoreThanOnce: 0,
    });
  });

  it("marks holds tentative in the ICS feed, with their rank in the summary", async () => {
    const { client, user } = await createSignedInClient(app, db);
    const date = freshDate();
    await hold(client, date, { title: "Summit" });
    await hold(client, date, { title: "Gala" });
    const ics = await buildCalendar(db, user.id, "https://podium.test");
    expect(ics).toContain("SUMMARY:HOLD: 1st hold · Summit");
    expect(ics).toContain("SUMMARY:HOLD: 2nd hold · Gala");
    expect(ics.match(/STATUS:TENTATIVE/g)).toHaveLength(2);
    expect(holdRankLabel(11)).toBe("11th hold");
    expect(holdRankLabel(23)).toBe("23rd hold");
  });
});

describe("importing events", () => {
  it("ranks imported holds and reports the imported events' conflicts", async () => {
    const { client } = await createSignedInClient(app, db);
    const date = freshDate();
    const booked = await postEvent(client, { status: "confirmed", date, title: "Already booked" });
    const file = await buildXlsx([
      {
        name: "Events",
        rows: [
          ["Event Name*", "Date*", "Status*"],
          ["Imported A", date, "Hold"],
          ["Imported B", date, "Hold"],
        ],
      },
    ]);
    const response = await uploadWorkbook(client, file);
    expect(response.statusCode).toBe(200);
    const { conflicts } = response.json();
    expect(conflicts.map((entry: { title: string }) => entry.title)).toEqual(["Imported A", "Imported B"]);
    expect(conflicts[0].conflicts).toContainEqual(
      expect.objectContaining({ id: booked.id, reason: "same_day", status: "confirmed" }),
    );
    const { days } = (await client.get(`/api/availability?from=${date}&to=${date}`)).json();
    expect(days[0].events.map((event: { holdRank: number | null }) => event.holdRank)).toEqual([null, 1, 2]);
  });
});

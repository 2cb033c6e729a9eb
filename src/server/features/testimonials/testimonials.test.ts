import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createSignedInClient, postEvent } from "../../../test/book.ts";
import { createClient, type TestClient } from "../../../test/client.ts";
import { confirmIdentity } from "../../../test/factories.ts";
import { mailTo } from "../../../test/mailer.ts";
import { pdfText } from "../../../test/pdf.ts";
import { sha256 } from "../../platform/auth/tokens.ts";
import { events, tasks, testimonials } from "../../platform/db/schema.ts";
import { sendAutomaticSteps } from "../follow-ups/automatic-steps.ts";
import { testimonialContextOf } from "./context.ts";

const { app, db } = await createTestApp();
// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field
type Json = Record<string, any>;

const DAY = 86_400_000;
const dayFrom = (base: Date, days: number) =>
  new Date(base.getTime() + days * DAY).toISOString().slice(0, 10);
const daysAgo = (days: number) => dayFrom(new Date(), -days);
const uniqueEmail = (name: string) => `${name}-${Math.random().toString(36).slice(2)}@planner.test`;

const answer = {
  rating: 5,
  quote: "The room was still talking about it at dinner.",
  highlights: "The story about the bridge.",
  name: "Pat Planner",
  role: "Events Director",
  organization: "ACME Corp",
  permission: true,
};

/** A speaker with a talk given a week ago whose planner is `email`. */
async function pastTalk(fields: Record<string, unknown> = {}) {
  const { client, user } = await createSignedInClient(app, db);
  const email = uniqueEmail("pat");
  const event = await postEvent(client, {
    title: `Summit ${Math.random().toString(36).slice(2, 6)}`,
    date: daysAgo(7),
    status: "confirmed",
    city: "Austin",
    state: "TX",
    contactName: "Pat",
    contactEmail: email,
    ...fields,
  });
  return { client, user, email, event };
}

async function tokenMailedTo(address: string) {
  const [mail] = await mailTo(db, address);
  return /\/t\/([\w-]+)/.exec(mail!.text)![1]!;
}

async function askAndAnswer(client: TestClient, eventId: string, email: string, body: Json = answer) {
  const sent = await client.post(`/api/events/${eventId}/testimonial-request`, {});
  expect(sent.statusCode).toBe(201);
  const token = await tokenMailedTo(email);
  const planner = createClient(app);
  const submitted = await planner.post(`/api/public/testimonials/${token}`, body);
  expect(submitted.statusCode).toBe(201);
  return { token, planner, url: sent.json().url as string };
}

describe("asking for a testimonial", () => {
  it("e-mails a /t/<token> link to the event's contact, whose page names the speaker and the talk", async () => {
    const { client, email, event } = await pastTalk();
    await client.put("/api/speaker-profile", { name: "Jordan Rivera" });
    const sent = await client.post(`/api/events/${event.id}/testimonial-request`, {});
    expect(sent.statusCode).toBe(201);
    const token = await tokenMailedTo(email);
    expect(sent.json()).toEqual({
      url: expect.stringMatching(new RegExp(`^https?://[^/]+/t/${token}$`)),
      sentTo: email,
    });
    expect(token).toHaveLength(43);
    const [row] = await db.select().from(testimonials).where(eq(testimonials.eventId, event.id));
    expect(row!.tokenHash).toBe(sha256(token));
    const page = await createClient(app).get(`/api/public/testimonials/${token}`);
    expect(page.headers["x-robots-tag"]).toBe("noindex");
    expect(page.json()).toEqual({
      speaker: { name: "Jordan Rivera", businessName: null },
      event: { title: event.title, date: event.date, city: "Austin", state: "TX" },
      submitted: false,
    });
  });

  it("sends to the address given, refuses an event without one and a talk still ahead (409)", async () => {
    const { client, event } = await pastTalk({ contactEmail: null });
    const none = await client.post(`/api/events/${event.id}/testimonial-request`, {});
    expect(none.statusCode).toBe(409);
    expect(none.json().error).toMatch(/e-mail address/);
    const to = uniqueEmail("given");
    expect((await client.post(`/api/events/${event.id}/testimonial-request`, { to })).json().sentTo).toBe(to);
    // With no name in the profile the page names nobody: a public page never shows the account's username.
    const page = await createClient(app).get(`/api/public/testimonials/${await tokenMailedTo(to)}`);
    expect(page.json().speaker).toEqual({ name: null, businessName: null });
    const ahead = await postEvent(client, { date: dayFrom(new Date(), 20), status: "confirmed" });
    const early = await client.post(`/api/events/${ahead.id}/testimonial-request`, { to });
    expect(early.statusCode).toBe(409);
  });

  it("keeps a testimonial with permission, lists it, and adds it to the public media kit and the one-sheet once", async () => {
    const { client, email, event } = await pastTalk();
    await client.put("/api/speaker-profile", { name: "Jordan Rivera" });
    const slug = `jordan-${Math.random().toString(36).slice(2, 8)}`;
    const kitSaved = await client.put("/api/media-kit", { slug, headline: "Leading through change" });
    expect(kitSaved.statusCode, kitSaved.body).toBe(200);
    const { token, planner } = await askAndAnswer(client, event.id, email);
    expect((await planner.get(`/api/public/testimonials/${token}`)).json().submitted).toBe(true);
    const second = await planner.post(`/api/public/testimonials/${token}`, answer);
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toBe("Thank you! Your testimonial has already been sent.");

    const { items } = (await client.get("/api/testimonials")).json();
    expect(items).toEqual([
      {
        id: expect.any(String),
        eventId: event.id,
        eventTitle: event.title,
        rating: 5,
        quote: answer.quote,
        highlights: answer.highlights,
        name: "Pat Planner",
        role: "Events Director",
        organization: "ACME Corp",
        permission: true,
        showAnyway: false,
        isPrivate: false,
        inMediaKit: false,
        referrals: 0,
        createdAt: expect.any(String),
      },
    ]);
    const id = items[0].id;
    const added = await client.post(`/api/testimonials/${id}/media-kit`);
    expect(added.statusCode).toBe(200);
    expect(added.json().inMediaKit).toBe(true);
    expect((await client.post(`/api/testimonials/${id}/media-kit`)).statusCode).toBe(200);
    const kit = (await client.get("/api/media-kit")).json();
    expect(kit.testimonials).toEqual([
      { quote: answer.quote, author: "Pat Planner", role: "Events Director", organization: "ACME Corp" },
    ]);

    const created = await client.post("/api/share-links", { kind: "media_kit", label: "ACME" });
    expect(created.statusCode, created.body).toBe(201);
    const link = created.json();
    const shareToken = link.url.split("/").pop();
    const visitor = createClient(app);
    const shared = (await visitor.get(`/api/public/share/${shareToken}`)).json();
    expect(shared.mediaKit.testimonials).toEqual(kit.testimonials);
    const sheet = await visitor.get(`/api/public/share/${shareToken}/one-sheet.pdf`);
    expect(sheet.statusCode).toBe(200);
    expect(pdfText(sheet.rawPayload)).toContain(answer.quote);
    expect(pdfText((await client.get("/api/media-kit/one-sheet.pdf")).rawPayload)).toContain("Pat Planner");
    const [mail] = await mailTo(db, (await client.get("/api/user")).json().email);
    expect(mail?.subject).toContain("wrote a testimonial");
  });

  it("keeps one without permission out of the media kit (409), and a low rating private until shown anyway", async () => {
    const { client, email, event } = await pastTalk();
    await askAndAnswer(client, event.id, email, { ...answer, permission: false });
    const [quiet] = (await client.get("/api/testimonials")).json().items;
    expect(quiet.permission).toBe(false);
    const refused = await client.post(`/api/testimonials/${quiet.id}/media-kit`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/permission/);

    const other = await postEvent(client, { date: daysAgo(3), status: "completed", contactEmail: email });
    await askAndAnswer(client, other.id, email, { ...answer, rating: 2, quote: "Too long." });
    const low = (await client.get("/api/testimonials")).json().items.find((t: Json) => t.rating === 2);
    expect(low).toMatchObject({ isPrivate: true, showAnyway: false });
    expect((await client.post(`/api/testimonials/${low.id}/media-kit`)).statusCode).toBe(409);
    const shown = await client.patch(`/api/testimonials/${low.id}`, { showAnyway: true });
    expect(shown.json()).toMatchObject({ isPrivate: false, showAnyway: true });
    expect((await client.post(`/api/testimonials/${low.id}/media-kit`)).json().inMediaKit).toBe(true);
    expect((await client.get("/api/media-kit")).json().testimonials).toHaveLength(1);
  });

  it("makes each colleague named an inquiry with source referral and the referrer in its notes", async () => {
    const { client, user, email, event } = await pastTalk();
    const referrals = [
      { name: "Robin Booker", email: "robin@globex.test", organization: "Globex" },
      { name: "Lee Solo", email: "lee@solo.test" },
    ];
    await askAndAnswer(client, event.id, email, { ...answer, referrals });
    const rows = await db
      .select()
      .from(events)
      .where(and(eq(events.userId, user.id), eq(events.source, "referral")));
    expect(rows).toHaveLength(2);
    const robin = rows.find((row) => row.contactEmail === "robin@globex.test")!;
    expect(robin).toMatchObject({
      status: "inquiry",
      contactName: "Robin Booker",
      title: "Referral: Globex",
    });
    expect(robin.notes).toContain("Referred by Pat Planner, Events Director, ACME Corp");
    expect(robin.notes).toContain(event.title);
    const detail = (await client.get(`/api/events/${robin.id}`)).json();
    expect(detail.client?.name ?? detail.clientName).toBe("Globex");
    expect((await client.get("/api/testimonials")).json().items[0].referrals).toBe(2);

    // The complete export keeps the testimonial, and its colleagues as the inquiries they became.
    await confirmIdentity(client);
    const exported = (await client.get("/api/export-complete-data")).json();
    expect(exported.testimonials).toMatchObject([{ eventId: event.id, quote: answer.quote, referrals: 2 }]);
    expect(exported.events.filter((row: Json) => row.source === "referral")).toHaveLength(2);
  });

  it("refuses bad answers with 400, and quietly keeps nothing when the honeypot is filled", async () => {
    const { client, email, event } = await pastTalk();
    await client.post(`/api/events/${event.id}/testimonial-request`, {});
    const token = await tokenMailedTo(email);
    const planner = createClient(app);
    expect(
      (await planner.post(`/api/public/testimonials/${token}`, { ...answer, rating: 6 })).statusCode,
    ).toBe(400);
    const noQuote = await planner.post(`/api/public/testimonials/${token}`, { ...answer, quote: " " });
    expect(noQuote.statusCode).toBe(400);
    const bot = await planner.post(`/api/public/testimonials/${token}`, {
      ...answer,
      website: "http://spam",
    });
    expect(bot.statusCode).toBe(201);
    expect((await client.get("/api/testimonials")).json().items).toEqual([]);
    expect((await planner.post(`/api/public/testimonials/${token}`, answer)).statusCode).toBe(201);
  });
});

describe("links that do not work", () => {
  it("answers the same 404 for an unknown, replaced or expired link", async () => {
    const { client, email, event } = await pastTalk();
    const planner = createClient(app);
    const unknown = await planner.get(`/api/public/testimonials/${"x".repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
    expect((await planner.get("/api/public/testimonials/short")).json()).toEqual(unknown.json());
    await client.post(`/api/events/${event.id}/testimonial-request`, {});
    const first = await tokenMailedTo(email);
    await client.post(`/api/events/${event.id}/testimonial-request`, {});
    const second = await tokenMailedTo(email);
    expect(second).not.toBe(first);
    const replaced = await planner.get(`/api/public/testimonials/${first}`);
    expect(replaced.statusCode).toBe(404);
    expect(replaced.json()).toEqual(unknown.json());
    expect((await planner.post(`/api/public/testimonials/${first}`, answer)).statusCode).toBe(404);
    await db
      .update(testimonials)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(testimonials.tokenHash, sha256(second)));
    const expired = await planner.get(`/api/public/testimonials/${second}`);
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toEqual(unknown.json());
    expect((await planner.post(`/api/public/testimonials/${second}`, answer)).statusCode).toBe(404);
  });

  it("answers 404 to another speaker for the event, the testimonial and an id that is not one", async () => {
    const owner = await pastTalk();
    await askAndAnswer(owner.client, owner.event.id, owner.email);
    const [item] = (await owner.client.get("/api/testimonials")).json().items;
    const intruder = await createSignedInClient(app, db);
    const missing = await intruder.client.post(
      "/api/events/6f1c1c52-4a8a-4a43-9a52-4e6c7f4b9d11/testimonial-request",
      {},
    );
    expect(missing.statusCode).toBe(404);
    const theirs = await intruder.client.post(`/api/events/${owner.event.id}/testimonial-request`, {});
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(missing.json());
    expect((await intruder.client.post(`/api/testimonials/${item.id}/media-kit`)).statusCode).toBe(404);
    expect(
      (await intruder.client.patch(`/api/testimonials/${item.id}`, { showAnyway: true })).statusCode,
    ).toBe(404);
    expect((await intruder.client.get("/api/testimonials")).json().items).toEqual([]);
    expect((await intruder.client.post("/api/testimonials/not-an-id/media-kit")).statusCode).toBe(404);
    expect((await intruder.client.post("/api/events/not-an-id/testimonial-request", {})).statusCode).toBe(
      404,
    );
  });
});

describe("the automatic step", () => {
  it("sends the testimonial request by itself on its due date, once, through the sweep with a given now", async () => {
    const { client, user } = await createSignedInClient(app, db);
    const list = (await client.get("/api/action-list")).json();
    const ask = list.items.find((item: Json) => item.sends === "testimonial_request");
    expect(ask).toMatchObject({ title: "Ask for a testimonial", offsetDays: 2, automatic: false });
    const saved = await client.put("/api/action-list", {
      items: list.items.map((item: Json) => (item.id === ask.id ? { ...item, automatic: true } : item)),
    });
    expect(saved.json().items.find((item: Json) => item.id === ask.id).automatic).toBe(true);
    const email = uniqueEmail("auto");
    const date = dayFrom(new Date(), 10);
    const event = await postEvent(client, { date, status: "confirmed", contactEmail: email });
    const context = testimonialContextOf(app);

    await sendAutomaticSteps(context, new Date(Date.parse(`${date}T12:00:00Z`) + DAY));
    expect(await mailTo(db, email)).toEqual([]);
    const due = new Date(Date.parse(`${date}T12:00:00Z`) + 2 * DAY);
    await sendAutomaticSteps(context, due);
    await sendAutomaticSteps(context, new Date(due.getTime() + DAY));
    const mails = await mailTo(db, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toMatch(/\/t\/[\w-]{43}/);
    const [task] = await db
      .select()
      .from(tasks)
      .where(and(eq(tasks.userId, user.id), eq(tasks.eventId, event.id), eq(tasks.actionItemId, ask.id)));
    expect(task!.autoSentAt).toEqual(due);
    expect(task!.doneAt).toEqual(due);
  });

  it("refuses automatic on a step with no e-mail, and leaves a step off by default", async () => {
    const { client } = await createSignedInClient(app, db);
    const refused = await client.put("/api/action-list", {
      items: [{ title: "Book travel", anchor: "event_date", offsetDays: -28, automatic: true }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe("Only a step with an e-mail can send it by itself");
  });
});

describe("insights", () => {
  it("count the year's testimonials and their average rating", async () => {
    const { client, email, event } = await pastTalk({ date: "2025-03-10" });
    const year = 2025;
    const empty = (await client.get(`/api/insights?year=${year}`)).json().testimonials;
    expect(empty).toEqual({ count: 0, averageRating: null });
    await askAndAnswer(client, event.id, email, { ...answer, rating: 5 });
    const other = await postEvent(client, { date: "2025-06-01", status: "completed", contactEmail: email });
    await askAndAnswer(client, other.id, email, { ...answer, rating: 4 });
    const third = await postEvent(client, { date: "2025-07-01", status: "completed", contactEmail: email });
    await askAndAnswer(client, third.id, email, { ...answer, rating: 4 });
    expect((await client.get(`/api/insights?year=${year}`)).json().testimonials).toEqual({
      count: 3,
      averageRating: 4.33,
    });
    expect((await client.get("/api/insights?year=2024")).json().testimonials.count).toBe(0);
  });
});

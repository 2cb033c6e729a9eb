import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { INQUIRY_THANKS } from "../../../shared/schemas/inquiries.ts";
import { createTestApp } from "../../../test/app.ts";
import { createSignedInClient, postEvent } from "../../../test/book.ts";
import { makePng, temporaryDataDir, uploadOk } from "../../../test/files.ts";
import { mailTo } from "../../../test/mailer.ts";
import { clients, events, users } from "../../platform/db/schema.ts";
import { issueFormToken } from "./form-token.ts";

const { app, db } = await createTestApp({ DATA_DIR: temporaryDataDir(), APP_URL: "http://podium.example" });

/** A speaker whose media kit is published under a new slug, with a headshot. */
async function publishedSpeaker() {
  const signedIn = await createSignedInClient(app, db);
  const slug = `speaker-${randomBytes(4).toString("hex")}`;
  await signedIn.client.put("/api/speaker-profile", {
    name: "Jordan Rivera",
    email: "jordan@rivera.example",
  });
  const headshot = await uploadOk(signedIn.client, makePng(), { filename: "jordan.png", kind: "headshot" });
  const saved = await signedIn.client.put("/api/media-kit", {
    slug,
    headline: "Helping teams lead through change",
    topics: [{ title: "Leading Through Change", description: "When the plan falls apart.", formats: [] }],
    headshotFileIds: [headshot.id],
  });
  expect(saved.statusCode).toBe(200);
  return { ...signedIn, slug };
}

let address = 0;
/** A planner at an address of their own (the per-IP limit counts each address). */
function planner() {
  address += 1;
  const remoteAddress = `198.51.100.${address}`;
  return {
    get: (url: string) => app.inject({ method: "GET", url, remoteAddress }),
    post: (url: string, payload: object) => app.inject({ method: "POST", url, payload, remoteAddress }),
  };
}

const inquiry = {
  organization: "Acme Sales Kickoff",
  contactName: "Pat Planner",
  email: "pat@acme.example",
  phone: "+1 555 0100",
  eventDate: "2031-03-14",
  city: "Denver",
  state: "CO",
  audienceSize: 400,
  budget: "$10,000–$15,000",
  topic: "Leading Through Change",
  message: "We would love a keynote for our annual kickoff.",
};

/** A form token as the GET hands out, `secondsAgo` before now. */
const tokenFrom = (userId: string, secondsAgo: number) =>
  issueFormToken(app.tokenKeys["inquiry-form"], userId, new Date(Date.now() - secondsAgo * 1000));

const inquiriesOf = (userId: string) =>
  db
    .select()
    .from(events)
    .where(and(eq(events.userId, userId), eq(events.source, "Inquiry form")));

describe("the inquiry form's speaker summary", () => {
  it("shows the speaker's name, headline, headshot and topics with a form token, and serves the headshot", async () => {
    const { slug } = await publishedSpeaker();
    const response = await planner().get(`/api/public/inquiries/${slug}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const form = response.json();
    expect(form).toEqual({
      slug,
      speaker: {
        name: "Jordan Rivera",
        businessName: null,
        title: null,
        headline: "Helping teams lead through change",
        headshotUrl: `/api/public/inquiries/${slug}/headshot`,
        topics: [{ title: "Leading Through Change", description: "When the plan falls apart." }],
      },
      formToken: expect.stringMatching(/^\d+\.[\w-]{43}$/),
      showsAvailability: false,
    });
    const headshot = await planner().get(form.speaker.headshotUrl);
    expect(headshot.statusCode).toBe(200);
    expect(headshot.headers["content-type"]).toBe("image/png");
  });

  it("says whether a date is free, held or booked once the speaker turns it on, never whose", async () => {
    const { slug, client } = await publishedSpeaker();
    const ask = (date: string) => planner().get(`/api/public/inquiries/${slug}/availability?date=${date}`);
    expect((await ask("2031-06-01")).statusCode).toBe(404);
    await client.put("/api/hold-settings", { showAvailabilityOnInquiryForm: true });
    expect((await planner().get(`/api/public/inquiries/${slug}`)).json().showsAvailability).toBe(true);
    await postEvent(client, { status: "hold", date: "2031-06-01", title: "Secret hold" });
    await postEvent(client, { status: "confirmed", date: "2031-06-02", title: "Secret talk" });
    expect((await ask("2031-06-01")).json()).toEqual({ date: "2031-06-01", state: "held" });
    expect((await ask("2031-06-02")).json()).toEqual({ date: "2031-06-02", state: "booked" });
    expect((await ask("2031-06-03")).json()).toEqual({ date: "2031-06-03", state: "free" });
    expect((await ask("June")).statusCode).toBe(400);
  });

  it("answers 404 for an unknown slug and for a speaker without a published media kit", async () => {
    expect((await planner().get("/api/public/inquiries/nobody-here")).statusCode).toBe(404);
    const { client, user } = await createSignedInClient(app, db);
    await client.put("/api/speaker-profile", { name: "Not Yet" });
    const unpublished = await planner().get(`/api/public/inquiries/${user.username}`);
    expect(unpublished.statusCode).toBe(404);
    expect(unpublished.json().error).toBe("This inquiry form is not available");
    const post = await planner().post("/api/public/inquiries/nobody-here", { ...inquiry, formToken: "1.x" });
    expect(post.statusCode).toBe(404);
  });
});

describe("sending an inquiry", () => {
  it("creates the client and an Inquiry event, e-mails the speaker and thanks the planner", async () => {
    const { user, slug, client } = await publishedSpeaker();
    const response = await planner().post(`/api/public/inquiries/${slug}`, {
      ...inquiry,
      formToken: tokenFrom(user.id, 5),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: INQUIRY_THANKS });

    const [event] = await inquiriesOf(user.id);
    expect(event).toMatchObject({
      title: "Inquiry from Acme Sales Kickoff",
      status: "inquiry",
      date: "2031-03-14",
      city: "Denver",
      state: "CO",
      attendees: 400,
      contactName: "Pat Planner",
      contactEmail: "pat@acme.example",
    });
    expect(event!.description).toContain("Budget: $10,000–$15,000");
    expect(event!.description).toContain("Phone: +1 555 0100");
    expect(event!.description).toContain("We would love a keynote");
    // The planner's details stay on the inquiry until the speaker takes them onto the client.
    const [created] = await db.select().from(clients).where(eq(clients.id, event!.clientId!));
    expect(created).toMatchObject({ name: "Acme Sales Kickoff", email: null, phone: null });
    // The speaker sees it in their book like any event.
    const listed = (await client.get("/api/events?status=inquiry")).json();
    expect(listed.items.map((item: { id: string }) => item.id)).toContain(event!.id);

    const [toSpeaker] = await mailTo(db, user.email);
    expect(toSpeaker).toMatchObject({
      subject: "New inquiry from Acme Sales Kickoff",
      replyTo: "pat@acme.example",
    });
    expect(toSpeaker!.text).toContain(`http://podium.example/events/${event!.id}`);
    expect(toSpeaker!.text).toContain("Audience size: 400");
    const [toPlanner] = await mailTo(db, "pat@acme.example");
    expect(toPlanner).toMatchObject({
      subject: "Your inquiry to Jordan Rivera",
      replyTo: "jordan@rivera.example",
    });
    expect(toPlanner!.text).toContain("Jordan Rivera has received it");
  });

  it("thanks the planner with none of the visitor's text, and only for a speaker who may e-mail others", async () => {
    const { user, slug } = await publishedSpeaker();
    const phishing = {
      ...inquiry,
      organization: "Your bank: account locked",
      contactName: "Security team — open https://phish.example/login",
      email: "victim@bank.example",
      budget: "Verify at https://phish.example",
      topic: "Urgent",
      message: "Your account is locked. Sign in at https://phish.example/login within 24 hours.",
    };
    await planner().post(`/api/public/inquiries/${slug}`, { ...phishing, formToken: tokenFrom(user.id, 5) });
    const [thanks] = await mailTo(db, "victim@bank.example");
    expect(thanks!.subject).toBe("Your inquiry to Jordan Rivera");
    for (const body of [thanks!.subject, thanks!.text, thanks!.html]) {
      expect(body).not.toMatch(/phish|locked|bank|Security team|Urgent/);
    }

    // A speaker whose address is not verified gets the inquiry; the planner's address gets nothing.
    await db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, user.id));
    const response = await planner().post(`/api/public/inquiries/${slug}`, {
      ...inquiry,
      email: "unthanked@acme.example",
      formToken: tokenFrom(user.id, 5),
    });
    expect(response.statusCode).toBe(201);
    expect(await inquiriesOf(user.id)).toHaveLength(2);
    expect(await mailTo(db, "unthanked@acme.example")).toEqual([]);
    expect((await mailTo(db, user.email)).map((mail) => mail.replyTo)).toContain("unthanked@acme.example");
  });

  it("matches a known client by name in any case, writes nothing onto it, and dates an undated inquiry today", async () => {
    const { user, slug, client } = await publishedSpeaker();
    const known = (
      await client.post("/api/clients", { name: "ACME sales kickoff", phone: "+1 555 9999" })
    ).json();
    const sent = await planner().post(`/api/public/inquiries/${slug}`, {
      ...inquiry,
      email: "billing@attacker.test",
      phone: "+1 555 6666",
      eventDate: "",
      formToken: tokenFrom(user.id, 10),
    });
    expect(sent.statusCode).toBe(201);
    const [event] = await inquiriesOf(user.id);
    expect(event!.clientId).toBe(known.id);
    expect(event!.date).toBe(new Date().toISOString().slice(0, 10));
    expect(event!.notes).toContain("gave no date");
    const named = await db.select().from(clients).where(eq(clients.userId, user.id));
    expect(named).toHaveLength(1);
    expect(named[0]).toMatchObject({ name: "ACME sales kickoff", phone: "+1 555 9999", email: null });
    expect(event).toMatchObject({
      contactName: "Pat Planner",
      contactEmail: "billing@attacker.test",
      contactPhone: "+1 555 6666",
    });
    expect(event!.description).toContain("Phone: +1 555 6666");
    // The client's next invoice still has no address to go to: the speaker is asked for one.
    const invoiced = await client.post("/api/invoices", {
      clientId: known.id,
      items: [{ description: "Keynote", quantity: 1, unitPrice: 100 }],
    });
    expect(invoiced.statusCode).toBe(201);
    const sentInvoice = await client.post(`/api/invoices/${invoiced.json().id}/send`, {});
    expect(sentInvoice.statusCode).toBe(409);
    expect(await mailTo(db, "billing@attacker.test")).toHaveLength(1);
  });

  it("refuses spam quietly: honeypot, missing, forged, too quick, stale or another speaker's token", async () => {
    const { user, slug } = await publishedSpeaker();
    const other = await publishedSpeaker();
    const thanksBefore = (await mailTo(db, "pat@acme.example")).length;
    const fresh = (await planner().get(`/api/public/inquiries/${slug}`)).json().formToken;
    const [issued] = tokenFrom(user.id, 5).split(".");
    const refused = [
      { ...inquiry, website: "https://spam.example", formToken: tokenFrom(user.id, 5) },
      { ...inquiry },
      { ...inquiry, formToken: `${issued}.${"A".repeat(43)}` },
      { ...inquiry, formToken: "not a token" },
      { ...inquiry, formToken: fresh },
      { ...inquiry, formToken: tokenFrom(user.id, 8 * 24 * 60 * 60) },
      { ...inquiry, formToken: tokenFrom(other.user.id, 5) },
    ];
    for (const body of refused) {
      const response = await planner().post(`/api/public/inquiries/${slug}`, body);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ message: INQUIRY_THANKS });
    }
    expect(await inquiriesOf(user.id)).toEqual([]);
    expect(await db.select().from(clients).where(eq(clients.userId, user.id))).toEqual([]);
    expect(await mailTo(db, user.email)).toEqual([]);
    expect(await mailTo(db, "pat@acme.example")).toHaveLength(thanksBefore);
  });

  it("accepts five inquiries an hour from one address and quietly drops the rest", async () => {
    const { user, slug } = await publishedSpeaker();
    const samePlace = planner();
    for (let attempt = 1; attempt <= 7; attempt++) {
      const response = await samePlace.post(`/api/public/inquiries/${slug}`, {
        ...inquiry,
        organization: `Org ${attempt}`,
        formToken: tokenFrom(user.id, 5),
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ message: INQUIRY_THANKS });
    }
    expect(await inquiriesOf(user.id)).toHaveLength(5);
    const another = await planner().post(`/api/public/inquiries/${slug}`, {
      ...inquiry,
      formToken: tokenFrom(user.id, 5),
    });
    expect(another.statusCode).toBe(201);
    expect(await inquiriesOf(user.id)).toHaveLength(6);
  });

  it("needs no CSRF token but validates the fields with plain words", async () => {
    const { user, slug } = await publishedSpeaker();
    const bad = await planner().post(`/api/public/inquiries/${slug}`, {
      ...inquiry,
      email: "not-an-email",
      organization: " ",
      formToken: tokenFrom(user.id, 5),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      organization: "Organization is required",
      email: "Invalid email address",
    });
  });

  it("refuses a line break in a one-line field, keeping them in the message, and saves nothing", async () => {
    const { user, slug } = await publishedSpeaker();
    const refused = await planner().post(`/api/public/inquiries/${slug}`, {
      ...inquiry,
      contactName: "Pat Planner\n\n## 9. Additional terms",
      topic: "Change\r\nand more",
      formToken: tokenFrom(user.id, 5),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({
      contactName: "Your name must be on one line: remove the line breaks",
      topic: "Topic must be on one line: remove the line breaks",
    });
    expect(await inquiriesOf(user.id)).toHaveLength(0);
    const sent = await planner().post(`/api/public/inquiries/${slug}`, {
      ...inquiry,
      message: "Two things:\n- a keynote\n- a workshop",
      formToken: tokenFrom(user.id, 5),
    });
    expect(sent.statusCode).toBe(201);
  });
});

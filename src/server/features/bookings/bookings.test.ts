import { and, eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { addDays, formatLongDate } from "../../../shared/calendar-dates.ts";
import { postEvent } from "../../../test/book.ts";
import { createClient } from "../../../test/client.ts";
import {
  ok,
  recordDeposit,
  signatureImage,
  speakerWithEvent as speakerWithEventOf,
  tokenOf,
} from "../../../test/contracts.ts";
import { confirmIdentity } from "../../../test/factories.ts";
import { mailTo } from "../../../test/mailer.ts";
import { contracts, events } from "../../platform/db/schema.ts";
import type { PageHead } from "../../platform/http/page-head.ts";
import { createBillingTestApp, postWebhook } from "../billing/testing.ts";
import { questionnaireContextOf } from "../questionnaires/context.ts";
import { sweepQuestionnaires } from "../questionnaires/sweep.ts";
import { bookingPageHead } from "./booking-page-head.ts";
import { bookingContext } from "./routes.ts";

const { app, db, stripe } = await createBillingTestApp({ APP_URL: "http://podium.example" });
const speakerWithEvent = (name?: string) => speakerWithEventOf(app, db, name);
const UNAVAILABLE = { error: "This link is no longer available" };

async function sentBooking(body: Record<string, unknown> = {}, name?: string) {
  const speaker = await speakerWithEvent(name);
  const booking = await ok(await speaker.client.post(`/api/events/${speaker.event.id}/booking`, body), 201);
  return { ...speaker, booking, token: tokenOf(booking.url) };
}

const planner = () => createClient(app);
const signAs = (token: string, documentSha256: string) =>
  planner().post(`/api/public/bookings/${token}/sign`, {
    consent: true,
    typedName: "Dana Lee",
    signatureImage,
    documentSha256,
  });
const eventStatus = async (eventId: string) =>
  (await db.select({ status: events.status }).from(events).where(eq(events.id, eventId)))[0]!.status;

describe("sending a booking", () => {
  it("makes the agreement and both invoices in one step and e-mails one link, nothing else", async () => {
    const { client, event, booking, token } = await sentBooking({ message: "Looking forward to it!" });
    expect(booking).toMatchObject({ status: "sent", eventId: event.id, includeMediaKit: true });
    expect(booking.url).toMatch(/^http:\/\/podium\.example\/b\/[A-Za-z0-9_-]{43}$/);
    expect(booking.invoiceIds).toHaveLength(2);
    const contract = await ok(await client.get(`/api/contracts/${booking.contractId}`));
    expect(contract.status).toBe("sent");
    const [deposit, balance] = await Promise.all(
      booking.invoiceIds.map(async (id: string) => ok(await client.get(`/api/invoices/${id}`))),
    );
    expect(deposit).toMatchObject({ kind: "deposit", status: "sent", total: 6750 });
    expect(balance).toMatchObject({ kind: "balance", status: "sent", total: 6750 });

    const mails = await mailTo(db, "dana@acme.example");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`http://podium.example/b/${token}`);
    expect(mails[0]!.text).toContain("Looking forward to it!");

    const shown = await ok(await client.get(`/api/events/${event.id}/booking`));
    expect(shown).toMatchObject({ id: booking.id, url: null, status: "sent" });
    expect(shown.steps.map((step: { step: string }) => step.step)).toEqual(["sent"]);
  });

  it("takes the deposit percent, and refuses an event without a planner's address", async () => {
    const { client, event } = await speakerWithEvent();
    const booking = await ok(
      await client.post(`/api/events/${event.id}/booking`, { depositPercent: 20 }),
      201,
    );
    expect((await ok(await client.get(`/api/invoices/${booking.depositInvoiceId}`))).total).toBe(2700);
    const bare = await ok(
      await client.post("/api/events", { title: "No contact", date: "2030-06-01", fee: 5000 }),
      201,
    );
    const refused = await client.post(`/api/events/${bare.id}/booking`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/planner's e-mail/);
  });
});

describe("the planner's page", () => {
  it("carries the optional questionnaire step, whose answers fill the event like /q/ (issue 33)", async () => {
    const { client, event, token } = await sentBooking();
    expect((await ok(await client.get(`/api/events/${event.id}/questionnaire`))).status).toBe("sent");
    const shown = await ok(await planner().get(`/api/public/bookings/${token}`));
    expect(shown.questionnaire).toMatchObject({ status: "sent", answers: {} });
    expect(shown.questionnaire.questions.length).toBeGreaterThan(5);
    const path = `/api/public/bookings/${token}/questionnaire`;
    await ok(await planner().post(path, { answers: { theme: "Growth" }, final: false }));
    expect((await ok(await planner().get(`/api/public/bookings/${token}`))).questionnaire.answers).toEqual({
      theme: "Growth",
    });
    const missing = await planner().post(path, { answers: { theme: "Growth" }, final: true });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toHaveProperty("arrival-time");
    const answers = {
      "audience-size": 300,
      "arrival-time": "07:45",
      "talk-time": "08:30",
      "contact-name": "Dana Lee",
      "contact-phone": "512-555-0100",
    };
    expect(await ok(await planner().post(path, { answers, final: true }))).toEqual({ status: "answered" });
    expect(await ok(await client.get(`/api/events/${event.id}`))).toMatchObject({
      arrivalTime: "07:45",
      attendees: 300,
      contactPhone: "512-555-0100",
    });
    // The step never held up signing: the booking is still at "sign".
    const reopened = await ok(await planner().get(`/api/public/bookings/${token}`));
    expect(reopened.step).toBe("sign");
    expect(reopened.questionnaire).toMatchObject({ status: "answered", answers });
    // Changed from the booking page before the talk: the changed answer is proposed, not written over.
    await ok(await planner().post(path, { answers: { ...answers, "audience-size": 350 }, final: true }));
    expect((await ok(await client.get(`/api/events/${event.id}/questionnaire`))).proposals).toEqual([
      { field: "attendees", value: 350, current: 300 },
    ]);
    expect(
      (await planner().post("/api/public/bookings/not-a-token/questionnaire", { answers: {}, final: false }))
        .statusCode,
    ).toBe(404);
  });

  it("reminds a planner who never opened the questionnaire step, with a link straight to the questions", async () => {
    const to = "kim@unanswered.example";
    const { client, event, token } = await sentBooking({ to });
    const revoked = await sentBooking({ to: "lee@revoked.example" });
    await ok(await revoked.client.post(`/api/events/${revoked.event.id}/booking/revoke`, {}));
    const reminders = async (address: string) =>
      (await mailTo(db, address)).filter((mail) => mail.subject.startsWith("Reminder"));
    const context = questionnaireContextOf(app);

    await sweepQuestionnaires(context, new Date("2030-04-20T12:00:00Z"));
    expect(await reminders(to)).toEqual([]);
    await sweepQuestionnaires(context, new Date("2030-04-24T12:00:00Z"));
    const [reminder] = await reminders(to);
    expect(reminder?.subject).toBe("Reminder: Jordan Rivera's questions about ACME Sales Kickoff");
    const link = /http:\/\/podium\.example\/q\/([\w-]{43})/.exec(reminder!.text)?.[1];
    expect(link).toBeDefined();
    expect((await ok(await planner().get(`/api/public/questionnaires/${link}`))).event.title).toBe(
      "ACME Sales Kickoff",
    );
    expect(await reminders("lee@revoked.example")).toEqual([]);

    // Answered on the booking page: the link it was given shows the answers, and no reminder follows.
    const answers = {
      "audience-size": 120,
      "arrival-time": "07:45",
      "talk-time": "08:30",
      "contact-name": "Kim Park",
      "contact-phone": "512-555-0199",
    };
    await ok(await planner().post(`/api/public/bookings/${token}/questionnaire`, { answers, final: true }));
    await sweepQuestionnaires(context, new Date("2030-04-28T12:00:00Z"));
    expect(await reminders(to)).toHaveLength(1);
    expect((await ok(await client.get(`/api/events/${event.id}/questionnaire`))).status).toBe("answered");
  });

  it("opens, signs with the /sign rules, pays the recorded deposit and confirms the event", async () => {
    const { client, user, event, booking, token } = await sentBooking();
    const page = await planner().get(`/api/public/bookings/${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers["x-robots-tag"]).toBe("noindex");
    const shown = page.json();
    expect(shown).toMatchObject({
      step: "sign",
      event: {
        title: "ACME Sales Kickoff",
        fee: 12000,
        travelFee: 1500,
        grossFee: 13500,
        venueName: "Hilton Austin",
      },
      speaker: { name: "Jordan Rivera" },
      contract: { status: "viewed", revisedAt: null, isAmendment: false },
      deposit: { total: 6750, status: "sent" },
      balance: null,
    });
    expect((await ok(await client.get(`/api/events/${event.id}/booking`))).status).toBe("opened");

    const changed = await signAs(token, "0".repeat(64));
    expect(changed.statusCode).toBe(409);
    const signed = await signAs(token, shown.contract.documentSha256);
    expect(await ok(signed)).toEqual({ step: "pay" });
    expect((await signAs(token, shown.contract.documentSha256)).statusCode).toBe(409);
    const audit = await ok(await client.get(`/api/contracts/${booking.contractId}/audit`));
    expect(audit.map((entry: { type: string }) => entry.type)).toEqual(
      expect.arrayContaining(["viewed", "consented", "signed"]),
    );
    // The signature alone leaves the event as it was.
    expect(await eventStatus(event.id)).toBe("inquiry");
    expect((await ok(await planner().get(`/api/public/bookings/${token}`))).step).toBe("pay");

    const cardsOff = await planner().post(`/api/public/bookings/${token}/checkout`, {});
    expect(cardsOff.statusCode).toBe(409);

    await recordDeposit(client, booking.depositInvoiceId);
    expect(await eventStatus(event.id)).toBe("confirmed");
    const done = await ok(await planner().get(`/api/public/bookings/${token}`));
    expect(done).toMatchObject({ step: "done", balance: { total: 6750 } });
    const progress = await ok(await client.get(`/api/events/${event.id}/booking`));
    expect(progress.status).toBe("confirmed");
    expect(progress.steps.map((step: { step: string }) => step.step)).toEqual([
      "sent",
      "opened",
      "signed",
      "deposit_paid",
      "confirmed",
    ]);
    const booked = (await mailTo(db, user.email)).filter(
      (mail) => mail.subject === "Booked: ACME Sales Kickoff",
    );
    expect(booked).toHaveLength(1);
  });

  it("confirms when the deposit is paid by card through the webhook, and countersigns by itself", async () => {
    const { client, event, booking, token } = await sentBooking({
      speakerSignature: { typedName: "Jordan Rivera" },
    });
    // Payout settings ask for the fresh check (decision 049).
    await confirmIdentity(client);
    const started = await client.post("/api/payments-account", {});
    stripe.finishOnboarding(new URL(started.json().url).pathname.split("/")[3]!);
    await client.get("/api/payments-account?refresh=true");

    const early = await planner().post(`/api/public/bookings/${token}/checkout`, {});
    expect(early.statusCode).toBe(409);
    const shown = await ok(await planner().get(`/api/public/bookings/${token}`));
    expect(shown.deposit.canPayByCard).toBe(true);
    await ok(await signAs(token, shown.contract.documentSha256));
    expect((await ok(await client.get(`/api/contracts/${booking.contractId}`))).status).toBe("completed");
    expect(await eventStatus(event.id)).toBe("inquiry");
    const sealed = (await mailTo(db, "dana@acme.example")).filter((mail) =>
      mail.subject.startsWith("Signed:"),
    );
    expect(sealed).toHaveLength(1);

    const checkout = await ok(await planner().post(`/api/public/bookings/${token}/checkout`, {}));
    const session = stripe.requestsTo("POST", "/v1/checkout/sessions").at(-1)!;
    expect(session.body).toMatchObject({
      metadata: { podium_invoice_id: booking.depositInvoiceId },
      success_url: `http://podium.example/b/${token}?payment=done`,
    });
    const completed = stripe.payCheckoutSession(new URL(checkout.url).pathname.split("/").pop()!);
    expect((await postWebhook(app, completed)).statusCode).toBe(200);
    expect(await eventStatus(event.id)).toBe("confirmed");
    expect((await ok(await planner().get(`/api/public/bookings/${token}`))).step).toBe("done");
  });
});

describe("holds", () => {
  it("clears the booked hold's rank and moves the later hold on that date up", async () => {
    const { client, event } = await speakerWithEvent();
    await ok(await client.patch(`/api/events/${event.id}`, { status: "hold" }));
    const later = await postEvent(client, {
      title: "Later hold",
      date: event.date,
      status: "hold",
      fee: 900,
    });
    expect((await ok(await client.get(`/api/events/${later.id}`))).holdRank).toBe(2);
    const booking = await ok(await client.post(`/api/events/${event.id}/booking`, {}), 201);
    const token = tokenOf(booking.url);
    const shown = await ok(await planner().get(`/api/public/bookings/${token}`));
    await ok(await signAs(token, shown.contract.documentSha256));
    expect((await ok(await client.get(`/api/events/${event.id}`))).holdRank).toBe(1);
    await recordDeposit(client, booking.depositInvoiceId);
    expect(await ok(await client.get(`/api/events/${event.id}`))).toMatchObject({
      status: "confirmed",
      holdRank: null,
    });
    expect((await ok(await client.get(`/api/events/${later.id}`))).holdRank).toBe(1);
  });
});

describe("changes after sending", () => {
  it("shows a changed agreement before signing, and an amendment on the same link after", async () => {
    const { client, event, booking, token } = await sentBooking();
    await ok(await planner().get(`/api/public/bookings/${token}`));
    await ok(await client.post(`/api/events/${event.id}/contracts`, {}), 201);
    const revised = await ok(await client.post(`/api/events/${event.id}/booking`, {}), 201);
    expect(revised.contractId).not.toBe(booking.contractId);
    expect(revised.earlierContractIds).toEqual([]);
    const [replaced] = await db.select().from(contracts).where(eq(contracts.id, booking.contractId));
    expect(replaced!.status).toBe("voided");
    const page = await ok(await planner().get(`/api/public/bookings/${token}`));
    expect(page.contract.revisedAt).not.toBeNull();
    expect(page.step).toBe("sign");

    await ok(await signAs(token, page.contract.documentSha256));
    await ok(await client.post(`/api/events/${event.id}/contracts`, {}), 201);
    const amended = await ok(await client.post(`/api/events/${event.id}/booking`, {}), 201);
    expect(amended.earlierContractIds).toEqual([revised.contractId]);
    const [kept] = await db
      .select({ status: contracts.status })
      .from(contracts)
      .where(and(eq(contracts.id, revised.contractId)));
    expect(kept!.status).toBe("signed");
    const amendment = await ok(await planner().get(`/api/public/bookings/${token}`));
    expect(amendment).toMatchObject({ step: "sign", contract: { isAmendment: true, status: "viewed" } });
    expect(await ok(await signAs(token, amendment.contract.documentSha256))).toEqual({ step: "pay" });
  });
});

describe("the link", () => {
  it("answers the same 404 when unknown, revoked or re-issued, and a re-issued link carries on", async () => {
    const { client, event, token } = await sentBooking();
    const unknown = await planner().get(`/api/public/bookings/${"x".repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(UNAVAILABLE);
    expect((await ok(await client.post(`/api/events/${event.id}/booking/revoke`, {}))).status).toBe(
      "revoked",
    );
    const revoked = await planner().get(`/api/public/bookings/${token}`);
    expect(revoked.statusCode).toBe(404);
    expect(revoked.json()).toEqual(UNAVAILABLE);
    expect((await planner().post(`/api/public/bookings/${token}/sign`, {})).statusCode).toBe(400);
    expect((await planner().post(`/api/public/bookings/${token}/checkout`, {})).statusCode).toBe(404);

    const reissued = await ok(await client.post(`/api/events/${event.id}/booking/reissue`, {}));
    expect(reissued.status).toBe("sent");
    expect(tokenOf(reissued.url)).not.toBe(token);
    expect((await planner().get(`/api/public/bookings/${token}`)).statusCode).toBe(404);
    expect((await planner().get(`/api/public/bookings/${tokenOf(reissued.url)}`)).statusCode).toBe(200);
  });

  it("revoking withdraws the deposit invoice's /i/ link: it answers 404 and refuses checkout (issue 40)", async () => {
    const { client, event, token } = await sentBooking();
    const invoiceToken = tokenOf(
      (await ok(await planner().get(`/api/public/bookings/${token}`))).deposit.url,
    );
    expect((await planner().get(`/api/public/invoices/${invoiceToken}`)).statusCode).toBe(200);
    await ok(await client.post(`/api/events/${event.id}/booking/revoke`, {}));
    expect((await planner().get(`/api/public/invoices/${invoiceToken}`)).statusCode).toBe(404);
    expect((await planner().get(`/api/public/invoices/${invoiceToken}/pdf`)).statusCode).toBe(404);
    expect((await planner().post(`/api/public/invoices/${invoiceToken}/checkout`, {})).statusCode).toBe(404);
    const booking = await ok(await client.get(`/api/events/${event.id}/booking`));
    const deposit = await ok(await client.get(`/api/invoices/${booking.depositInvoiceId}`));
    expect(deposit.publicUrl).toBeNull();
    expect(deposit.activity.map((entry: { type: string }) => entry.type)).toContain("link_withdrawn");

    // Re-issued, the booking's deposit has a new link; the withdrawn one stays dead.
    const reissued = await ok(await client.post(`/api/events/${event.id}/booking/reissue`, {}));
    const page = await ok(await planner().get(`/api/public/bookings/${tokenOf(reissued.url)}`));
    expect(tokenOf(page.deposit.url)).not.toBe(invoiceToken);
    expect((await planner().get(`/api/public/invoices/${tokenOf(page.deposit.url)}`)).statusCode).toBe(200);
    expect((await planner().get(`/api/public/invoices/${invoiceToken}`)).statusCode).toBe(404);
  });

  it("never lets a second speaker reach the first one's booking", async () => {
    const first = await sentBooking();
    const second = await sentBooking({}, "Sam Other");
    for (const path of ["booking", "booking/revoke", "booking/reissue"]) {
      const url = `/api/events/${first.event.id}/${path}`;
      const answer = path === "booking" ? await second.client.get(url) : await second.client.post(url, {});
      expect(answer.statusCode).toBe(404);
    }
    const resend = await second.client.post(`/api/events/${first.event.id}/booking`, {});
    expect(resend.statusCode).toBe(404);
    const theirs = await ok(await planner().get(`/api/public/bookings/${second.token}`));
    expect(theirs.speaker.name).toBe("Sam Other");
    expect((await ok(await first.client.get(`/api/events/${first.event.id}/booking`))).status).toBe("sent");
  });

  it("does not count the speaker's own look", async () => {
    const { client, event, token } = await sentBooking();
    await ok(await client.get(`/api/public/bookings/${token}`));
    const shown = await ok(await client.get(`/api/events/${event.id}/booking`));
    expect(shown).toMatchObject({ status: "sent", viewCount: 0 });
  });
});

describe("the figures the planner sees (issue 41)", () => {
  it("shows the deposit before signing, and the agreed figures until the revised agreement is sent", async () => {
    const { client, event, booking, token } = await sentBooking();
    const before = await ok(await planner().get(`/api/public/bookings/${token}`));
    expect(before).toMatchObject({ step: "sign", event: { fee: 12000, travelFee: 1500, grossFee: 13500 } });
    expect(before.deposit).toMatchObject({ total: 6750, dueDate: expect.any(String) });

    await ok(await client.patch(`/api/events/${event.id}`, { fee: 14000 }));
    const stale = await ok(await planner().get(`/api/public/bookings/${token}`));
    expect(stale.event).toMatchObject({ fee: 12000, grossFee: 13500 });
    expect(stale.contract.body).toContain("$12,000.00");
    expect(await ok(await client.get(`/api/events/${event.id}/booking`))).toMatchObject({
      agreedFee: 12000,
      agreedTravelFee: 1500,
      isAgreementOutOfDate: true,
    });
    expect((await ok(await client.get(`/api/events/${event.id}/booking/preview`))).agreement.action).toBe(
      "revise",
    );

    // The one action: sending again drafts the revision and sends it on the same link, with new invoices.
    const resent = await ok(await client.post(`/api/events/${event.id}/booking`, {}), 201);
    expect(tokenOf(resent.url)).toBe(token);
    expect(resent).toMatchObject({ agreedFee: 14000, isAgreementOutOfDate: false });
    expect(resent.contractId).not.toBe(booking.contractId);
    const revised = await ok(await planner().get(`/api/public/bookings/${token}`));
    expect(revised.event).toMatchObject({ fee: 14000, grossFee: 15500 });
    expect(revised.contract.body).toContain("$14,000.00");
    expect(revised.contract.revisedAt).not.toBeNull();
    expect(revised.deposit.total).toBe(7750);
    expect((await ok(await client.get(`/api/invoices/${booking.depositInvoiceId}`))).status).toBe("void");
  });

  it("states in the agreement the deposit, the balance and the dates its invoices ask for (issue 41)", async () => {
    const { client, event } = await speakerWithEvent();
    const preview = await ok(await client.get(`/api/events/${event.id}/booking/preview?depositPercent=30`));
    expect(preview.deposit).toMatchObject({ action: "create", total: 4050 });
    const booking = await ok(
      await client.post(`/api/events/${event.id}/booking`, { depositPercent: 30 }),
      201,
    );
    const [deposit, balance] = await Promise.all(
      booking.invoiceIds.map(async (id: string) => ok(await client.get(`/api/invoices/${id}`))),
    );
    expect(deposit).toMatchObject({ total: 4050, dueDate: addDays(deposit.issueDate, 14) });
    // The event is on May 1, 2030: the balance falls due 30 days before it.
    expect(balance).toMatchObject({ total: 9450, dueDate: "2030-04-01" });
    const { body } = await ok(await client.get(`/api/contracts/${booking.contractId}`));
    expect(body).toContain(
      `A non-refundable deposit of $4,050.00 is due by ${formatLongDate(deposit.dueDate)} and secures the date.`,
    );
    expect(body).toContain("The balance of $9,450.00 is due by April 1, 2030.");
  });

  it("keeps a paid deposit when the fee changes, and the revision asks a new balance for the rest", async () => {
    const { client, event, booking, token } = await sentBooking();
    await recordDeposit(client, booking.depositInvoiceId);
    await ok(await client.patch(`/api/events/${event.id}`, { fee: 14000 }));
    const preview = await ok(await client.get(`/api/events/${event.id}/booking/preview`));
    expect(preview.deposit).toMatchObject({ action: "keep", id: booking.depositInvoiceId, total: 6750 });
    expect(preview.balance).toMatchObject({ action: "create", total: 8750 });

    const resent = await ok(await client.post(`/api/events/${event.id}/booking`, {}), 201);
    expect(resent.depositInvoiceId).toBe(booking.depositInvoiceId);
    expect(resent.balanceInvoiceId).not.toBe(booking.balanceInvoiceId);
    expect(await ok(await client.get(`/api/invoices/${booking.balanceInvoiceId}`))).toMatchObject({
      status: "void",
    });
    const balance = await ok(await client.get(`/api/invoices/${resent.balanceInvoiceId}`));
    expect(balance).toMatchObject({ kind: "balance", status: "sent", total: 8750, dueDate: "2030-04-01" });
    expect(balance.items.map((item: { description: string }) => item.description)).toEqual([
      expect.stringMatching(/— balance after the deposit \(invoice .+\)$/),
      expect.stringMatching(/^Travel fee — balance after the deposit/),
    ]);
    const page = await ok(await planner().get(`/api/public/bookings/${token}`));
    expect(page.contract.body).toContain("A non-refundable deposit of $6,750.00");
    expect(page.contract.body).toContain("The balance of $8,750.00 is due by April 1, 2030.");
  });
});

describe("the /b/<token> page's head", () => {
  const headOf = (pathname: string) =>
    bookingPageHead(bookingContext(app))({} as FastifyRequest, pathname) as Promise<PageHead>;

  it("renders the page with the booking, recording no visit", async () => {
    const { client, event, token } = await sentBooking({}, "Ada Speaker");
    const head = await headOf(`/b/${token}`);
    expect(head).toMatchObject({ page: "booking", title: `Book Ada Speaker: ${event.title}` });
    expect(head.status).toBeUndefined();
    expect(JSON.parse(head.answer!.json)).toMatchObject({ step: "sign", event: { title: event.title } });
    const shown = await ok(await client.get(`/api/events/${event.id}/booking`));
    expect(shown).toMatchObject({ status: "sent", viewCount: 0 });
  });

  it("answers an unknown link with the same 404 as its call, and leaves other pages alone", async () => {
    const head = await headOf(`/b/${"x".repeat(43)}`);
    expect(head).toMatchObject({ page: "booking", status: 404 });
    expect(JSON.parse(head.answer!.json)).toEqual(UNAVAILABLE);
    expect(await headOf("/hold/abc")).toBeNull();
  });
});

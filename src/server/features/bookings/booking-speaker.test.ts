import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { NO_PLANNER_EMAIL } from "../../../shared/schemas/planner-address.ts";
import { createTestApp, taskHeard } from "../../../test/app.ts";
import { createClient } from "../../../test/client.ts";
import {
  ok,
  recordDeposit,
  signatureImage,
  speakerWithEvent as speakerWithEventOf,
  tokenOf,
} from "../../../test/contracts.ts";
import { mailTo } from "../../../test/mailer.ts";
import { contracts, invoices } from "../../platform/db/schema.ts";
import { holdContextOf } from "../holds/context.ts";
import { sweepHolds } from "../holds/sweep.ts";
import { previewBooking } from "./public-booking.ts";
import { bookingContext } from "./routes.ts";

// Billing off and card payments never set up: the planner sees bank instructions, the speaker records.
const { app, db } = await createTestApp({ APP_URL: "http://podium.example" });
const speakerWithEvent = (name?: string) => speakerWithEventOf(app, db, name);
const UNAVAILABLE = { error: "This link is no longer available" };
const planner = () => createClient(app);

async function sentBooking(body: Record<string, unknown> = {}, name?: string) {
  const speaker = await speakerWithEvent(name);
  const booking = await ok(await speaker.client.post(`/api/events/${speaker.event.id}/booking`, body), 201);
  return { ...speaker, booking, token: tokenOf(booking.url) };
}

async function signOnPage(token: string) {
  const shown = await ok(await planner().get(`/api/public/bookings/${token}`));
  return ok(
    await planner().post(`/api/public/bookings/${token}/sign`, {
      consent: true,
      typedName: "Dana Lee",
      signatureImage,
      documentSha256: shown.contract.documentSha256,
    }),
  );
}

describe("the send dialog's preview", () => {
  it("names what sending will make, writing nothing, then what the booking keeps", async () => {
    const { client, event } = await speakerWithEvent();
    const preview = await ok(await client.get(`/api/events/${event.id}/booking/preview?depositPercent=20`));
    expect(preview).toMatchObject({
      to: "dana@acme.example",
      booking: null,
      agreement: { action: "create", id: null, templateName: expect.any(String) },
      deposit: { action: "create", total: 2700 },
      balance: { action: "create", total: 10800 },
      depositPercent: 20,
      grossFee: 13500,
      autoCountersign: false,
      problems: [],
    });
    expect(preview.agreement.title).toContain("ACME Sales Kickoff");
    expect(await db.select().from(contracts).where(eq(contracts.eventId, event.id))).toEqual([]);
    expect(await db.select().from(invoices).where(eq(invoices.eventId, event.id))).toEqual([]);

    const booking = await ok(
      await client.post(`/api/events/${event.id}/booking`, { depositPercent: 20 }),
      201,
    );
    const after = await ok(await client.get(`/api/events/${event.id}/booking/preview`));
    expect(after).toMatchObject({
      booking: { id: booking.id, status: "sent", url: null },
      agreement: { action: "keep", id: booking.contractId },
      deposit: { action: "keep", id: booking.depositInvoiceId, total: 2700 },
      balance: { action: "keep", id: booking.balanceInvoiceId },
    });
    await ok(await client.post(`/api/events/${event.id}/contracts`, {}), 201);
    const revised = await ok(await client.get(`/api/events/${event.id}/booking/preview`));
    expect(revised.agreement.action).toBe("revise");
  });

  it("says what stops the send, and answers 404 for another speaker's event or a bad id", async () => {
    const { client } = await speakerWithEvent();
    const bare = await ok(await client.post("/api/events", { title: "Bare", date: "2030-06-01" }), 201);
    const preview = await ok(await client.get(`/api/events/${bare.id}/booking/preview`));
    expect(preview.problems).toEqual([NO_PLANNER_EMAIL, "Add the event's speaking fee before invoicing it."]);
    const other = await speakerWithEvent("Sam Other");
    expect((await other.client.get(`/api/events/${bare.id}/booking/preview`)).statusCode).toBe(404);
    expect((await client.get("/api/events/not-an-id/booking/preview")).statusCode).toBe(404);
    expect((await client.get(`/api/events/${bare.id}/booking/preview?depositPercent=0`)).statusCode).toBe(
      400,
    );
  });
});

describe("the speaker's lists", () => {
  it("lists the speaker's own bookings only, with each one's step", async () => {
    const first = await sentBooking();
    const second = await sentBooking({}, "Sam Other");
    const listed = await ok(await first.client.get("/api/bookings"));
    expect(listed.bookings.map((booking: { id: string }) => booking.id)).toEqual([first.booking.id]);
    expect(listed.bookings[0]).toMatchObject({
      status: "sent",
      contractId: first.booking.contractId,
      invoiceIds: first.booking.invoiceIds,
    });
    expect((await ok(await second.client.get("/api/bookings"))).bookings).toHaveLength(1);
  });
});

describe("with billing off and no card payments", () => {
  it("shows bank instructions, and the speaker's recorded payment confirms the event", async () => {
    const { client, user, event, booking, token } = await sentBooking();
    await signOnPage(token);
    const page = await ok(await planner().get(`/api/public/bookings/${token}`));
    expect(page).toMatchObject({ step: "pay", deposit: { canPayByCard: false } });
    expect((await planner().post(`/api/public/bookings/${token}/checkout`, {})).statusCode).toBe(409);
    await recordDeposit(client, booking.depositInvoiceId);
    expect((await ok(await client.get(`/api/events/${event.id}`))).status).toBe("confirmed");
    expect((await ok(await client.get(`/api/events/${event.id}/booking`))).status).toBe("confirmed");
    const booked = (await mailTo(db, user.email)).filter((mail) => mail.subject.startsWith("Booked:"));
    expect(booked).toHaveLength(1);

    const dashboard = await ok(await client.get("/api/dashboard"));
    expect(dashboard.recentlyBooked).toEqual([
      expect.objectContaining({ eventId: event.id, title: "ACME Sales Kickoff", date: "2030-05-01" }),
    ]);
  });
});

describe("automatic countersign", () => {
  it("refuses to turn on without a saved signature", async () => {
    const { client } = await speakerWithEvent();
    const refused = await client.put("/api/countersign-settings", { autoCountersign: true, signature: null });
    expect(refused.statusCode).toBe(400);
    expect(await ok(await client.get("/api/countersign-settings"))).toEqual({
      autoCountersign: false,
      signature: null,
    });
  });

  it("countersigns with the saved signature when the planner signs, and mails the planner the sealed PDF", async () => {
    const { client, booking, token } = await sentBooking();
    const saved = await ok(
      await client.put("/api/countersign-settings", {
        autoCountersign: true,
        signature: { typedName: "Jordan Rivera", signatureImage },
      }),
    );
    expect(saved).toMatchObject({ autoCountersign: true, signature: { typedName: "Jordan Rivera" } });
    expect(
      (await ok(await client.get(`/api/events/${booking.eventId}/booking/preview`))).autoCountersign,
    ).toBe(true);
    await signOnPage(token);
    const contract = await ok(await client.get(`/api/contracts/${booking.contractId}`));
    expect(contract.status).toBe("completed");
    const audit = await ok(await client.get(`/api/contracts/${booking.contractId}/audit`));
    expect(audit.map((entry: { type: string }) => entry.type)).toEqual(
      expect.arrayContaining(["signed", "countersigned", "completed"]),
    );
    const sealed = (await mailTo(db, "dana@acme.example")).filter((mail) =>
      mail.subject.startsWith("Signed:"),
    );
    expect(sealed).toHaveLength(1);
    expect(sealed[0]!.attachments?.[0]?.contentType).toBe("application/pdf");
  });

  it("leaves the agreement for the speaker to countersign when the setting is off", async () => {
    const { client, booking, token } = await sentBooking();
    await ok(
      await client.put("/api/countersign-settings", {
        autoCountersign: false,
        signature: { typedName: "Jordan Rivera" },
      }),
    );
    await signOnPage(token);
    expect((await ok(await client.get(`/api/contracts/${booking.contractId}`))).status).toBe("signed");
  });
});

describe("what travels with the link", () => {
  it("shows only the media-kit sections the speaker chose", async () => {
    const { client, event } = await speakerWithEvent();
    await ok(
      await client.put("/api/media-kit", {
        headline: "Sales that last",
        shortBio: "Jordan speaks about sales.",
        topics: [{ title: "Selling in hard times" }],
      }),
    );
    const booking = await ok(
      await client.post(`/api/events/${event.id}/booking`, { mediaKitSections: ["topics"] }),
      201,
    );
    expect(booking.mediaKitSections).toEqual(["topics"]);
    const page = await ok(await planner().get(`/api/public/bookings/${tokenOf(booking.url)}`));
    expect(page.mediaKit).toMatchObject({
      headline: null,
      shortBio: null,
      topics: [{ title: "Selling in hard times" }],
    });
  });
});

describe("link expiry", () => {
  it("ends 60 days after the event", async () => {
    const { token } = await sentBooking();
    const context = bookingContext(app);
    await expect(previewBooking(context, token, new Date("2030-06-30T12:00:00Z"))).resolves.toBeTruthy();
    await expect(previewBooking(context, token, new Date("2030-07-01T12:00:00Z"))).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it("ends with the hold, and a re-issued link works again once the hold is gone", async () => {
    const { client, event } = await speakerWithEvent();
    await ok(await client.patch(`/api/events/${event.id}`, { status: "hold", holdExpiresAt: "2030-03-10" }));
    const booking = await ok(await client.post(`/api/events/${event.id}/booking`, {}), 201);
    const token = tokenOf(booking.url);
    expect(booking.expiresAt).toBe("2030-03-10T23:59:59.999Z");
    const context = bookingContext(app);
    await expect(previewBooking(context, token, new Date("2030-03-10T12:00:00Z"))).resolves.toBeTruthy();
    await expect(previewBooking(context, token, new Date("2030-03-11T12:00:00Z"))).rejects.toMatchObject({
      statusCode: 404,
    });

    // The hold's expiry already passed: the page answers the same 404 as an unknown link.
    await ok(await client.patch(`/api/events/${event.id}`, { holdExpiresAt: "2026-01-01" }));
    const expired = await planner().get(`/api/public/bookings/${token}`);
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toEqual(UNAVAILABLE);

    // The sweep lets the hold go; the link stays ended though the event no longer has a hold.
    await sweepHolds(holdContextOf(app), new Date());
    await taskHeard(app);
    expect((await ok(await client.get(`/api/events/${event.id}`))).status).toBe("inquiry");
    expect((await planner().get(`/api/public/bookings/${token}`)).statusCode).toBe(404);
    const reissued = await ok(await client.post(`/api/events/${event.id}/booking/reissue`, {}));
    expect(reissued.expiresAt).toBe("2030-06-30T23:59:59.999Z");
    expect((await planner().get(`/api/public/bookings/${tokenOf(reissued.url)}`)).statusCode).toBe(200);
  });
});

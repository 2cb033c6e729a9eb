import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createSignedInClient } from "../../../test/book.ts";
import { createClient } from "../../../test/client.ts";
import { ok, recordDeposit, signatureImage, speakerWithEvent, tokenOf } from "../../../test/contracts.ts";
import { confirmIdentity, createUser, signIn } from "../../../test/factories.ts";
import { mailTo } from "../../../test/mailer.ts";
import { buildXlsx, uploadWorkbook } from "../../../test/workbooks.ts";

const { app, db } = await createTestApp({ APP_URL: "http://podium.example" });

type Entry = { type: string; actor: string; by: { username: string; role: string } | null; detail: string };

/** The speaker with an assistant who joined through the e-mailed invitation, both signed in. */
async function speakerWithAssistant() {
  const owner = await speakerWithEvent(app, db);
  await confirmIdentity(owner.client);
  const assistantUser = await createUser(db, { username: `sam_${Date.now()}` });
  await ok(
    await owner.client.post("/api/team/invitations", { email: assistantUser.email, role: "assistant" }),
    201,
  );
  const [mail] = await mailTo(db, assistantUser.email);
  const token = /\/join\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
  const assistant = createClient(app);
  await signIn(assistant, db, assistantUser);
  await ok(await assistant.post(`/api/join/${token}`));
  return { owner, assistant, assistantUser };
}

const activityOf = async (client: ReturnType<typeof createClient>, eventId: string): Promise<Entry[]> =>
  (await ok(await client.get(`/api/events/${eventId}/activity`))).map(
    ({ type, actor, by, detail }: Entry) => ({
      type,
      actor,
      by: by && { username: by.username, role: by.role },
      detail,
    }),
  );

describe("an event's activity", () => {
  it("names who created and changed the event, what changed, and each step of its booking", async () => {
    const { owner, assistant, assistantUser } = await speakerWithAssistant();
    const sam = { username: assistantUser.username, role: "assistant" };
    const event = await ok(
      await assistant.post("/api/events", {
        title: "Spring Leadership Summit",
        date: "2030-06-01",
        fee: 5000,
        contactName: "Dana Lee",
        contactEmail: "dana@summit.example",
      }),
      201,
    );
    await ok(await assistant.patch(`/api/events/${event.id}`, { fee: 6000, venueName: "Hilton Austin" }));
    // The same values again change nothing, and say nothing.
    await ok(await assistant.patch(`/api/events/${event.id}`, { fee: 6000, venueName: "Hilton Austin" }));
    await ok(await assistant.patch(`/api/events/${event.id}`, { status: "hold", date: "2030-06-02" }));

    const booking = await ok(await assistant.post(`/api/events/${event.id}/booking`, {}), 201);
    const planner = createClient(app);
    const page = await ok(await planner.get(`/api/public/bookings/${tokenOf(booking.url)}`));
    await ok(await planner.get(`/api/public/bookings/${tokenOf(booking.url)}`));
    await ok(
      await planner.post(`/api/public/bookings/${tokenOf(booking.url)}/sign`, {
        consent: true,
        typedName: "Dana Lee",
        signatureImage,
        documentSha256: page.contract.documentSha256,
      }),
    );
    await recordDeposit(assistant, booking.depositInvoiceId);

    const expected = [
      { type: "created", actor: "speaker", by: sam, detail: "Created as Inquiry for June 1, 2030." },
      {
        type: "changed",
        actor: "speaker",
        by: sam,
        detail: "Speaking fee $5,000.00 → $6,000.00 and venue.",
      },
      {
        type: "status_changed",
        actor: "speaker",
        by: sam,
        detail: "Status Inquiry → Hold, date June 1, 2030 → June 2, 2030 and hold expiry.",
      },
      {
        type: "booking_sent",
        actor: "speaker",
        by: sam,
        detail: "Booking link sent to dana@summit.example.",
      },
      { type: "booking_opened", actor: "planner", by: null, detail: "The planner opened the booking page." },
      {
        type: "booking_signed",
        actor: "planner",
        by: null,
        detail: "The planner signed the booking's agreement.",
      },
      { type: "booking_deposit_paid", actor: "speaker", by: sam, detail: "The booking's deposit is paid." },
      {
        type: "booking_confirmed",
        actor: "system",
        by: null,
        detail: "Booked: the agreement is signed and the deposit paid.",
      },
      {
        type: "status_changed",
        actor: "system",
        by: null,
        detail: "Status Hold → Confirmed: Booking agreement signed and deposit paid.",
      },
    ];
    expect(await activityOf(assistant, event.id)).toEqual(expected);
    // The speaker reads the same entries, with the assistant's name on theirs.
    expect(await activityOf(owner.client, event.id)).toEqual(expected);
  });

  it("notes what a planner's questionnaire answers fill in, and the proposal an assistant takes", async () => {
    const { assistant, assistantUser } = await speakerWithAssistant();
    const sam = { username: assistantUser.username, role: "assistant" };
    const event = await ok(
      await assistant.post("/api/events", {
        title: "Spring Leadership Summit",
        date: "2030-06-01",
        attendees: 100,
        time: "10:00",
        contactEmail: "dana@summit.example",
      }),
      201,
    );
    const sent = await ok(await assistant.post(`/api/events/${event.id}/questionnaire/send`, {}), 201);
    const answers = {
      "audience-size": 250,
      "arrival-time": "08:15",
      "talk-time": "10:00",
      "contact-name": "Dana Lee",
      "contact-phone": "512-555-0100",
    };
    await ok(
      await createClient(app).post(`/api/public/questionnaires/${tokenOf(sent.url)}`, {
        answers,
        final: true,
      }),
    );
    await ok(await assistant.post(`/api/events/${event.id}/questionnaire/accept`, { fields: ["attendees"] }));

    const entries = await activityOf(assistant, event.id);
    expect(entries.slice(-3)).toEqual([
      {
        type: "questionnaire_answered",
        actor: "planner",
        by: null,
        detail: "The planner answered the questionnaire; 3 event fields filled in; 1 to review.",
      },
      {
        type: "changed",
        actor: "planner",
        by: null,
        detail: "Arrival time, contact name and contact phone.",
      },
      { type: "changed", actor: "speaker", by: sam, detail: "Attendees." },
    ]);
  });

  it("notes each event a workbook import creates and what a later import changes", async () => {
    const { client } = await speakerWithEvent(app, db);
    const headers = ["Event Name", "Date", "Venue/Hotel Name", "Speaking Fee", "Status"];
    const workbook = (fee: string, status: string) =>
      buildXlsx([
        {
          name: "Events",
          rows: [headers, ["Imported Keynote", { date: "2030-03-14" }, "Grand Hyatt", fee, status]],
        },
      ]);
    expect((await uploadWorkbook(client, await workbook("$1,000.00", "Hold"))).statusCode).toBe(200);
    expect((await uploadWorkbook(client, await workbook("$2,500.00", "Confirmed"))).statusCode).toBe(200);
    const { items } = await ok(await client.get("/api/events?q=Imported"));
    expect(items).toHaveLength(1);
    expect(await activityOf(client, items[0].id)).toEqual([
      {
        type: "created",
        actor: "speaker",
        by: expect.objectContaining({ role: "owner" }),
        detail: "Created from a workbook import as Hold for March 14, 2030.",
      },
      {
        type: "status_changed",
        actor: "speaker",
        by: expect.objectContaining({ role: "owner" }),
        detail: "Status Hold → Confirmed and speaking fee $1,000.00 → $2,500.00, by a workbook import.",
      },
    ]);
  });

  it("records the speaker's own changes with their login, and shows another speaker nothing", async () => {
    const { client, user, event } = await speakerWithEvent(app, db);
    await ok(await client.patch(`/api/events/${event.id}`, { travelFee: 2000, notes: "Bring the clicker" }));
    const me = { username: user.username, role: "owner" };
    expect(await activityOf(client, event.id)).toEqual([
      { type: "created", actor: "speaker", by: me, detail: "Created as Inquiry for May 1, 2030." },
      {
        type: "changed",
        actor: "speaker",
        by: me,
        detail: "Travel fee $1,500.00 → $2,000.00 and notes.",
      },
    ]);
    const stranger = await createSignedInClient(app, db);
    expect((await stranger.client.get(`/api/events/${event.id}/activity`)).statusCode).toBe(404);
  });
});

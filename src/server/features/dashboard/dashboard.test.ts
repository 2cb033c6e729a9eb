import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createSignedInClient, postEvent } from "../../../test/book.ts";
import type { TestClient } from "../../../test/client.ts";
import { createClient } from "../../../test/client.ts";
import { buildXlsx, uploadWorkbook } from "../../../test/workbooks.ts";
import { events } from "../../platform/db/schema.ts";

const { app, db } = await createTestApp({ LOG_LEVEL: "error" });

const TODAY = "2031-06-15";
const DAY_MS = 24 * 60 * 60 * 1000;
const dayOffset = (days: number) =>
  new Date(Date.parse(`${TODAY}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

async function dashboard(client: TestClient) {
  const response = await client.get(`/api/dashboard?today=${TODAY}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function itemsOfKind(client: TestClient, kind: string) {
  const body = await dashboard(client);
  return body.actionItems
    .filter((item: { kind: string }) => item.kind === kind)
    .map((item: { title: string }) => item.title);
}

/** Makes the event look untouched for `days` days. */
async function ageEvent(id: string, days: number) {
  await db
    .update(events)
    .set({ updatedAt: new Date(Date.now() - days * DAY_MS) })
    .where(eq(events.id, id));
}

const addressed = { streetAddress: "1 Main St" };

/**
 * A Completed event dated by the dashboard's TODAY, which the server's clock has not reached: the API
 * refuses Completed before an event's date, so the status is written directly.
 */
async function postCompleted(client: TestClient, fields: Parameters<typeof postEvent>[1]) {
  const event = await postEvent(client, { ...fields, status: "confirmed" });
  await db.update(events).set({ status: "completed" }).where(eq(events.id, event.id));
  return event;
}

describe("dashboard action items", () => {
  it("asks to mark a past Confirmed event completed", async () => {
    const { client } = await createSignedInClient(app, db);
    const past = await postEvent(client, {
      title: "Past confirmed",
      date: dayOffset(-1),
      status: "confirmed",
      contactEmail: "a@b.example",
    });
    await postEvent(client, {
      title: "Today confirmed",
      date: TODAY,
      status: "confirmed",
      contactEmail: "a@b.example",
      ...addressed,
    });
    await postCompleted(client, { title: "Past completed", date: dayOffset(-1) });
    expect(await itemsOfKind(client, "mark-completed")).toEqual(["Past confirmed"]);
    const item = (await dashboard(client)).actionItems.find(
      (entry: { kind: string }) => entry.kind === "mark-completed",
    );
    expect(item).toEqual({
      kind: "mark-completed",
      eventId: past.id,
      title: "Past confirmed",
      date: dayOffset(-1),
      message: "This event has passed. Mark it completed.",
      href: `/events/${past.id}`,
    });
  });

  it("asks for a contact e-mail on a Confirmed event when neither the event nor its client has one", async () => {
    const { client } = await createSignedInClient(app, db);
    const later = { date: dayOffset(60), status: "confirmed" as const };
    await postEvent(client, { ...later, title: "No email anywhere", clientName: "Quiet Co" });
    await postEvent(client, { ...later, title: "No client at all" });
    await postEvent(client, { ...later, title: "Event has email", contactEmail: "plan@x.example" });
    await client.post("/api/clients", { name: "Loud Co", email: "hi@loud.example" });
    await postEvent(client, { ...later, title: "Client has email", clientName: "Loud Co" });
    await postEvent(client, { date: dayOffset(60), status: "hold", title: "Only on hold" });
    expect((await itemsOfKind(client, "add-contact-email")).sort()).toEqual([
      "No client at all",
      "No email anywhere",
    ]);
  });

  it("asks to follow up an Inquiry or Hold unchanged for 14 days", async () => {
    const { client } = await createSignedInClient(app, db);
    const later = { date: dayOffset(100) };
    const staleInquiry = await postEvent(client, { ...later, title: "Stale inquiry" });
    const staleHold = await postEvent(client, { ...later, title: "Stale hold", status: "hold" });
    const freshInquiry = await postEvent(client, { ...later, title: "Fresh inquiry" });
    const staleConfirmed = await postEvent(client, {
      ...later,
      title: "Stale confirmed",
      status: "confirmed",
      contactEmail: "a@b.example",
    });
    await ageEvent(staleInquiry.id, 15);
    await ageEvent(staleHold.id, 15);
    await ageEvent(freshInquiry.id, 13);
    await ageEvent(staleConfirmed.id, 30);
    expect((await itemsOfKind(client, "follow-up")).sort()).toEqual(["Stale hold", "Stale inquiry"]);
    const messages = (await dashboard(client)).actionItems.map((item: { message: string }) => item.message);
    expect(messages).toContain("Hold with no change for 14 days. Follow up.");
    expect(messages).toContain("Inquiry with no change for 14 days. Follow up.");

    await client.patch(`/api/events/${staleHold.id}`, { notes: "Called them" });
    expect(await itemsOfKind(client, "follow-up")).toEqual(["Stale inquiry"]);
  });

  it("asks for the street address of an event within 14 days", async () => {
    const { client } = await createSignedInClient(app, db);
    await postEvent(client, { title: "Soon, no address", date: dayOffset(10), status: "hold" });
    await postEvent(client, { title: "Soon, blank address", date: dayOffset(14), streetAddress: "  " });
    await postEvent(client, { title: "Soon, addressed", date: dayOffset(3), ...addressed });
    await postEvent(client, { title: "Later, no address", date: dayOffset(15) });
    await postEvent(client, { title: "Soon but cancelled", date: dayOffset(5), status: "cancelled" });
    await postEvent(client, { title: "Yesterday, no address", date: dayOffset(-1) });
    expect(await itemsOfKind(client, "add-venue-address")).toEqual([
      "Soon, no address",
      "Soon, blank address",
    ]);
  });
});

describe("dashboard upcoming events and totals", () => {
  it("lists the next 90 days, soonest first, without cancelled events", async () => {
    const { client } = await createSignedInClient(app, db);
    await postEvent(client, { title: "Today", date: TODAY, ...addressed });
    await postEvent(client, { title: "Day 89", date: dayOffset(89) });
    await postEvent(client, { title: "Day 90", date: dayOffset(90) });
    await postEvent(client, { title: "Yesterday", date: dayOffset(-1) });
    await postEvent(client, { title: "Cancelled", date: dayOffset(5), status: "cancelled" });
    await postEvent(client, {
      title: "Next week",
      date: dayOffset(7),
      fee: 100,
      travelFee: 20,
      clientName: "Acme",
      ...addressed,
    });
    const upcoming = (await dashboard(client)).upcoming;
    expect(upcoming.map((event: { title: string }) => event.title)).toEqual(["Today", "Next week", "Day 89"]);
    expect(upcoming[1]).toMatchObject({
      fee: 100,
      travelFee: 20,
      grossFee: 120,
      clientName: "Acme",
      status: "inquiry",
    });
  });

  it("totals the year's booked, completed and pipeline fees against the annual goal", async () => {
    const { client } = await createSignedInClient(app, db);
    await client.put("/api/speaker-profile", { annualGoal: 100000 });
    const thisYear = (date: string, status: string, fee: number, travelFee = 0) =>
      (status === "completed" ? postCompleted : postEvent)(client, {
        date,
        status: status as "inquiry",
        fee,
        travelFee,
        contactEmail: "a@b.example",
        ...addressed,
      });
    await thisYear("2031-01-10", "completed", 10000, 500);
    await thisYear("2031-08-01", "confirmed", 20000);
    await thisYear("2031-09-01", "inquiry", 3000);
    await thisYear("2031-10-01", "hold", 4000, 250.5);
    await thisYear("2031-11-01", "cancelled", 50000);
    await thisYear("2031-12-01", "postponed", 7000);
    await thisYear("2030-12-31", "completed", 90000);
    await thisYear("2032-01-01", "confirmed", 90000);
    const body = await dashboard(client);
    expect(body.today).toBe(TODAY);
    expect(body.totals).toEqual({
      year: 2031,
      bookedThisYear: 30500,
      commissionThisYear: 0,
      netBookedThisYear: 30500,
      completedThisYear: 10500,
      pipeline: 7250.5,
      annualGoal: 100000,
      progress: 0.305,
    });
    expect(body.counts).toEqual({ events: 8, clients: 0 });
  });

  it("counts the pipeline of the next 12 months, next year's holds included (issue 12, item 12)", async () => {
    const { client } = await createSignedInClient(app, db);
    await postEvent(client, { date: "2032-03-01", status: "hold", fee: 17000 });
    await postEvent(client, { date: "2032-06-14", status: "inquiry", fee: 100 });
    await postEvent(client, { date: TODAY, status: "inquiry", fee: 10 });
    await postEvent(client, { date: "2032-06-15", status: "inquiry", fee: 5000 });
    await postEvent(client, { date: "2031-02-01", status: "inquiry", fee: 3000 });
    await postEvent(client, { date: "2031-09-01", status: "confirmed", fee: 3000 });
    expect((await dashboard(client)).totals.pipeline).toBe(17110);
  });

  it("takes the bureau's commission off the year's bookings (issue 12, item 13)", async () => {
    const { client } = await createSignedInClient(app, db);
    const partner = (
      await client.post("/api/bureau-partners", { name: "Premier", commissionRate: 25 })
    ).json();
    await postEvent(client, {
      date: "2031-08-01",
      status: "confirmed",
      fee: 20000,
      travelFee: 1000,
      bureauPartnerId: partner.id,
    });
    await postCompleted(client, { date: "2031-09-01", fee: 5000 });
    await postEvent(client, { date: "2031-10-01", status: "hold", fee: 8000, bureauPartnerId: partner.id });
    const { totals } = await dashboard(client);
    expect(totals).toMatchObject({
      bookedThisYear: 26000,
      commissionThisYear: 5000,
      netBookedThisYear: 21000,
    });
  });

  it("says a workbook was imported only after an import, not when events exist (issue 12, item 4)", async () => {
    const { client } = await createSignedInClient(app, db);
    await postEvent(client, { date: "2031-07-01" });
    expect((await dashboard(client)).hasImported).toBe(false);
    const file = await buildXlsx([
      {
        name: "Events",
        rows: [
          ["Event Name*", "Date*"],
          ["Summit", "2031-09-01"],
        ],
      },
    ]);
    expect((await uploadWorkbook(client, file, { dryRun: true })).statusCode).toBe(200);
    expect((await dashboard(client)).hasImported).toBe(false);
    expect((await uploadWorkbook(client, file)).statusCode).toBe(200);
    expect((await dashboard(client)).hasImported).toBe(true);
  });

  it("shows an empty state for a new speaker", async () => {
    const { client } = await createSignedInClient(app, db);
    expect(await dashboard(client)).toEqual({
      today: TODAY,
      upcoming: [],
      actionItems: [],
      recentlyBooked: [],
      totals: {
        year: 2031,
        bookedThisYear: 0,
        commissionThisYear: 0,
        netBookedThisYear: 0,
        completedThisYear: 0,
        pipeline: 0,
        annualGoal: null,
        progress: null,
      },
      counts: { events: 0, clients: 0 },
      hasImported: false,
    });
  });

  it("lists a speaker's overdue task before they have any event (issue 28)", async () => {
    const { client } = await createSignedInClient(app, db);
    const task = await client.post("/api/tasks", { title: "Call the AV team", dueDate: dayOffset(-2) });
    expect(task.statusCode, task.body).toBe(201);
    const body = await dashboard(client);
    expect(body.counts.events).toBe(0);
    expect(body.actionItems).toEqual([
      expect.objectContaining({ kind: "task", title: "Your task", message: "Call the AV team" }),
    ]);
  });

  it("uses the UTC date when no date is given, and refuses a bad one", async () => {
    const { client } = await createSignedInClient(app, db);
    const body = (await client.get("/api/dashboard")).json();
    expect(body.today).toBe(new Date().toISOString().slice(0, 10));
    const bad = await client.get("/api/dashboard?today=2031-02-30");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe("Enter a real date as YYYY-MM-DD");
    expect((await createClient(app).get("/api/dashboard")).statusCode).toBe(401);
  });
});

describe("GET /api/dashboard?today= at the end of the calendar (issue 10)", () => {
  it("refuses a day whose next 90 days no calendar can hold, with a plain 400", async () => {
    const { client: caller } = await createSignedInClient(app, db);
    const response = await caller.get("/api/dashboard?today=9999-12-31");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: "Enter a date no later than 9998-12-31",
      fields: { today: "Enter a date no later than 9998-12-31" },
    });
    expect((await caller.get("/api/dashboard?today=9998-12-31")).statusCode).toBe(200);
  });
});

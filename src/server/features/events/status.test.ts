import { describe, expect, it } from "vitest";
import { addDays, formatLongDate, todayIn } from "../../../shared/calendar-dates.ts";
import { EVENT_STATUS_TRANSITIONS, EVENT_STATUSES } from "../../../shared/schemas/events.ts";
import { createTestApp } from "../../../test/app.ts";
import { createSignedInClient, postEvent } from "../../../test/book.ts";
import type { TestClient } from "../../../test/client.ts";
import { buildXlsx, uploadWorkbook } from "../../../test/workbooks.ts";

const { app, db } = await createTestApp();
const { client } = await createSignedInClient(app, db);
/** A talk that has taken place, so every status may be tried on it. */
const PAST = "2020-05-01";
let daysBack = 0;

/** Each on a day of its own, so that no change meets the double-booking rule. */
async function changeStatus(from: string, to: string) {
  daysBack += 1;
  const event = await postEvent(client, { status: from as "inquiry", date: addDays(PAST, -daysBack) });
  return client.patch(`/api/events/${event.id}`, { status: to });
}

describe("event status", () => {
  it("follows the booking path inquiry → hold → confirmed → completed", async () => {
    const event = await postEvent(client, { date: PAST });
    expect(event.status).toBe("inquiry");
    for (const status of ["hold", "confirmed", "completed"]) {
      const response = await client.patch(`/api/events/${event.id}`, { status });
      expect(response.statusCode).toBe(200);
      expect(response.json().status).toBe(status);
    }
  });

  it("refuses to complete an event that was never confirmed, with a 409 that names the way forward", async () => {
    const response = await changeStatus("inquiry", "completed");
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error:
        "The status cannot change from Inquiry to Completed. From Inquiry, an event can become: Hold, Confirmed, Postponed, Cancelled.",
    });
  });

  it("postpones or cancels from any open state, and not from Completed", async () => {
    for (const from of ["inquiry", "hold", "confirmed", "postponed"]) {
      expect((await changeStatus(from, "cancelled")).statusCode).toBe(200);
      expect((await changeStatus(from, "postponed")).statusCode).toBe(200);
    }
    expect((await changeStatus("completed", "cancelled")).statusCode).toBe(409);
    expect((await changeStatus("completed", "postponed")).statusCode).toBe(409);
  });

  it("lets a mistaken Completed reopen as Confirmed and a Cancelled event go back to any open status", async () => {
    expect((await changeStatus("completed", "confirmed")).statusCode).toBe(200);
    expect((await changeStatus("cancelled", "inquiry")).statusCode).toBe(200);
    // Undoing a cancellation restores the status it had (issue 12, item 7).
    expect((await changeStatus("cancelled", "confirmed")).statusCode).toBe(200);
    expect((await changeStatus("cancelled", "completed")).statusCode).toBe(409);
  });

  it("answers every pair of statuses as the exported transition table says", async () => {
    for (const from of EVENT_STATUSES) {
      for (const to of EVENT_STATUSES) {
        const response = await changeStatus(from, to);
        const isAllowed = from === to || EVENT_STATUS_TRANSITIONS[from].includes(to);
        expect(response.statusCode, `${from} → ${to}`).toBe(isAllowed ? 200 : 409);
      }
    }
  });

  it("leaves the event untouched when the status change is refused", async () => {
    const event = await postEvent(client, { status: "inquiry", venueName: "Old", date: PAST });
    const response = await client.patch(`/api/events/${event.id}`, { status: "completed", venueName: "New" });
    expect(response.statusCode).toBe(409);
    expect((await client.get(`/api/events/${event.id}`)).json()).toMatchObject({
      status: "inquiry",
      venueName: "Old",
    });
  });

  it("refuses an unknown status", async () => {
    const response = await client.post("/api/events", { title: "T", date: "2030-01-01", status: "booked" });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ status: "Choose a valid status" });
  });
});

describe("completing an event before its date", () => {
  /** A speaker whose calendar is in `timeZone`, and their today. */
  async function speakerIn(timeZone: string): Promise<{ client: TestClient; today: string }> {
    const signedIn = await createSignedInClient(app, db);
    const saved = await signedIn.client.put("/api/notification-settings", {
      digest: "off",
      digestHour: 7,
      timeZone,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return { client: signedIn.client, today: todayIn(timeZone, new Date()) };
  }

  it("refuses Completed for a talk next month, with a sentence, through every path that sets it", async () => {
    const { client: speaker, today } = await speakerIn("UTC");
    const nextMonth = addDays(today, 30);
    const refusal = `This event is on ${formatLongDate(nextMonth)}: it can be marked Completed once that day has come.`;

    const confirmed = await postEvent(speaker, { date: nextMonth, status: "confirmed" });
    const patched = await speaker.patch(`/api/events/${confirmed.id}`, { status: "completed" });
    expect(patched.statusCode).toBe(409);
    expect(patched.json()).toEqual({ error: refusal });
    expect((await speaker.get(`/api/events/${confirmed.id}`)).json().status).toBe("confirmed");

    const created = await speaker.post("/api/events", { title: "T", date: nextMonth, status: "completed" });
    expect(created.statusCode).toBe(409);
    expect(created.json()).toEqual({ error: refusal });

    const done = await postEvent(speaker, { date: addDays(today, -1), status: "completed" });
    const moved = await speaker.patch(`/api/events/${done.id}`, { date: nextMonth });
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toEqual({ error: refusal });

    const imported = await uploadWorkbook(
      speaker,
      await buildXlsx([
        {
          name: "Events",
          rows: [
            ["Event Name*", "Date*", "Status*"],
            ["Future Summit", nextMonth, "Completed"],
          ],
        },
      ]),
    );
    expect(imported.statusCode).toBe(422);
    expect(imported.json().errors).toEqual([
      { sheet: "Events", row: 2, column: "Status*", message: refusal },
    ]);
    const titles = (await speaker.get("/api/events"))
      .json()
      .items.map((item: { title: string }) => item.title);
    expect(titles).not.toContain("Future Summit");
  });

  it("lets a talk be completed on its date in the speaker's time zone", async () => {
    // Kiritimati is 14 hours ahead of UTC: its today is often UTC's tomorrow.
    const { client: speaker, today } = await speakerIn("Pacific/Kiritimati");
    const event = await postEvent(speaker, { date: today, status: "confirmed" });
    const patched = await speaker.patch(`/api/events/${event.id}`, { status: "completed" });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await speaker.patch(`/api/events/${event.id}`, { notes: "Went well" })).statusCode).toBe(200);
    const tomorrow = await postEvent(speaker, { date: addDays(today, 1), status: "confirmed" });
    expect((await speaker.patch(`/api/events/${tomorrow.id}`, { status: "completed" })).statusCode).toBe(409);
  });
});

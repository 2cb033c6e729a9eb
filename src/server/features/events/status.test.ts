import { describe, expect, it } from "vitest";
import { EVENT_STATUS_TRANSITIONS, EVENT_STATUSES } from "../../../shared/schemas/events.ts";
import { createTestApp } from "../../../test/app.ts";
import { createSignedInClient, postEvent } from "../../../test/book.ts";

const { app, db } = await createTestApp();
const { client } = await createSignedInClient(app, db);

async function changeStatus(from: string, to: string) {
  const event = await postEvent(client, { status: from as "inquiry" });
  return client.patch(`/api/events/${event.id}`, { status: to });
}

describe("event status", () => {
  it("follows the booking path inquiry → hold → confirmed → completed", async () => {
    const event = await postEvent(client);
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
    const event = await postEvent(client, { status: "inquiry", venueName: "Old" });
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

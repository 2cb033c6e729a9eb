import { describe, expect, it } from "vitest";
import { addDays, todayIn } from "../../../shared/calendar-dates.ts";
import { createTestApp } from "../../../test/app.ts";
import { createSignedInClient, postEvent } from "../../../test/book.ts";
import type { TestClient } from "../../../test/client.ts";
import { buildXlsx, uploadWorkbook } from "../../../test/workbooks.ts";

const { app, db } = await createTestApp();

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field
type Json = any;

const today = () => todayIn("UTC", new Date());

async function eventTasks(client: TestClient, eventId: string, query = ""): Promise<Json[]> {
  const response = await client.get(`/api/tasks?eventId=${eventId}${query}`);
  expect(response.statusCode).toBe(200);
  return response.json().items;
}

const byTitle = (tasks: Json[]) => Object.fromEntries(tasks.map((task) => [task.title, task]));

describe("the action list", () => {
  it("ships the default list of eight steps and saves an edited one", async () => {
    const { client } = await createSignedInClient(app, db);
    const list = (await client.get("/api/action-list")).json();
    expect(list.items.map((item: Json) => [item.title, item.anchor, item.status, item.offsetDays])).toEqual([
      ["Send the agreement", "status_change", "hold", 1],
      ["Request the deposit", "status_change", "confirmed", 0],
      ["Book travel", "event_date", "confirmed", -28],
      ["Send the pre-event questionnaire", "event_date", "confirmed", -21],
      ["Confirm AV, arrival time and introducer", "event_date", "confirmed", -7],
      ["Send the final invoice", "event_date", "confirmed", 0],
      ["Send a thank-you note", "event_date", "confirmed", 1],
      ["Ask for a testimonial", "event_date", "confirmed", 2],
    ]);
    const [first, ...rest] = list.items;
    const saved = await client.put("/api/action-list", {
      items: [
        ...rest,
        { ...first, title: "Send the contract", offsetDays: 2 },
        { title: "Print handouts", anchor: "event_date", offsetDays: -3, emailTemplate: "" },
      ],
    });
    expect(saved.statusCode).toBe(200);
    const items = saved.json().items;
    expect(items).toHaveLength(9);
    expect(items[7]).toMatchObject({ id: first.id, title: "Send the contract", offsetDays: 2 });
    expect(items[8]).toMatchObject({ title: "Print handouts", status: null, emailTemplate: null });
    // Emptied, it stays empty: the defaults are written once.
    expect((await client.put("/api/action-list", { items: [] })).json().items).toEqual([]);
    expect((await client.get("/api/action-list")).json().items).toEqual([]);
  });

  it("refuses a status-change step without a status and an offset beyond a year", async () => {
    const { client } = await createSignedInClient(app, db);
    const noStatus = await client.put("/api/action-list", {
      items: [{ title: "Call", anchor: "status_change", offsetDays: 0 }],
    });
    expect(noStatus.statusCode).toBe(400);
    expect(noStatus.json().error).toBe("Choose the status that starts this step");
    const far = await client.put("/api/action-list", {
      items: [{ title: "Call", anchor: "event_date", offsetDays: 400 }],
    });
    expect(far.statusCode).toBe(400);
  });
});

describe("tasks from the action list", () => {
  it("creates the hold step on a hold, and the confirmed steps (status and date anchors) on confirmation", async () => {
    const { client } = await createSignedInClient(app, db);
    const event = await postEvent(client, { status: "hold", date: "2030-06-30" });
    const onHold = await eventTasks(client, event.id);
    expect(onHold.map((task) => [task.title, task.dueDate, task.anchor])).toEqual([
      ["Send the agreement", addDays(today(), 1), "status_change"],
    ]);
    await client.patch(`/api/events/${event.id}`, { status: "confirmed" });
    const tasks = byTitle(await eventTasks(client, event.id));
    expect(Object.keys(tasks)).toHaveLength(8);
    expect(tasks["Request the deposit"]).toMatchObject({ dueDate: today(), anchor: "status_change" });
    expect(tasks["Book travel"]).toMatchObject({ dueDate: "2030-06-02", anchor: "event_date" });
    expect(tasks["Send the pre-event questionnaire"].dueDate).toBe("2030-06-09");
    expect(tasks["Confirm AV, arrival time and introducer"].dueDate).toBe("2030-06-23");
    expect(tasks["Send the final invoice"].dueDate).toBe("2030-06-30");
    expect(tasks["Send a thank-you note"].dueDate).toBe("2030-07-01");
    expect(tasks["Ask for a testimonial"].dueDate).toBe("2030-07-02");
    expect(tasks["Send the agreement"].event).toMatchObject({ id: event.id, status: "confirmed" });
  });

  it("creates nothing for an inquiry, and an event-date step without a status for every open event", async () => {
    const { client } = await createSignedInClient(app, db);
    expect(await eventTasks(client, (await postEvent(client)).id)).toEqual([]);
    await client.put("/api/action-list", {
      items: [{ title: "Check the venue", anchor: "event_date", offsetDays: -2 }],
    });
    const event = await postEvent(client, { date: "2030-01-10" });
    expect((await eventTasks(client, event.id)).map((task) => task.dueDate)).toEqual(["2030-01-08"]);
  });

  it("moves open date-anchored tasks with the event's date, but not done ones", async () => {
    const { client } = await createSignedInClient(app, db);
    const event = await postEvent(client, { status: "confirmed", date: "2030-06-30" });
    const before = byTitle(await eventTasks(client, event.id));
    await client.patch(`/api/tasks/${before["Book travel"].id}`, { done: true });
    await client.patch(`/api/events/${event.id}`, { date: "2030-07-14" });
    const after = byTitle(await eventTasks(client, event.id));
    expect(after["Book travel"]).toMatchObject({ dueDate: "2030-06-02", done: true });
    expect(after["Send the pre-event questionnaire"].dueDate).toBe("2030-06-23");
    expect(after["Send the final invoice"].dueDate).toBe("2030-07-14");
    // A status-change step keeps its date: it was timed from the change, not the event.
    expect(after["Request the deposit"].dueDate).toBe(today());
  });

  it("closes open tasks when the event is postponed or cancelled, and reopens them when it is confirmed again", async () => {
    const { client } = await createSignedInClient(app, db);
    const event = await postEvent(client, { status: "confirmed", date: "2030-06-30" });
    const deposit = byTitle(await eventTasks(client, event.id))["Request the deposit"];
    await client.patch(`/api/tasks/${deposit.id}`, { done: true });
    await client.patch(`/api/events/${event.id}`, { status: "postponed" });
    expect(await eventTasks(client, event.id, "&done=false")).toEqual([]);
    const closed = await eventTasks(client, event.id);
    expect(closed.filter((task) => task.closedAt)).toHaveLength(6);
    expect(closed.find((task) => task.id === deposit.id)).toMatchObject({ done: true, closedAt: null });

    await client.patch(`/api/events/${event.id}`, { status: "confirmed", date: "2030-09-01" });
    const reopened = byTitle(await eventTasks(client, event.id, "&done=false"));
    expect(Object.keys(reopened)).toHaveLength(6);
    expect(reopened["Book travel"].dueDate).toBe("2030-08-04");
    expect(reopened["Request the deposit"]).toBeUndefined();

    await client.patch(`/api/events/${event.id}`, { status: "cancelled" });
    expect(await eventTasks(client, event.id, "&done=false")).toEqual([]);
  });
});

describe("tasks written by hand", () => {
  it("adds tasks with and without an event; done, undo, snooze, filters and delete", async () => {
    const { client } = await createSignedInClient(app, db);
    const event = await postEvent(client);
    const t = today();
    const overdue = (
      await client.post("/api/tasks", { title: "Call the bureau", dueDate: addDays(t, -3) })
    ).json();
    expect(overdue).toMatchObject({ eventId: null, event: null, anchor: null, isOverdue: true, done: false });
    const todays = await client.post("/api/tasks", { title: "Print slides", dueDate: t, eventId: event.id });
    expect(todays.statusCode).toBe(201);
    expect(todays.json().event).toMatchObject({ id: event.id, title: "Keynote" });
    const later = (
      await client.post("/api/tasks", { title: "Update the bio", dueDate: addDays(t, 5) })
    ).json();
    await client.post("/api/tasks", { title: "Far away", dueDate: addDays(t, 30) });

    const titles = async (query: string) =>
      (await client.get(`/api/tasks?${query}`)).json().items.map((task: Json) => task.title);
    expect(await titles("due=overdue")).toEqual(["Call the bureau"]);
    expect(await titles("due=today")).toEqual(["Print slides"]);
    expect(await titles("due=week")).toEqual(["Print slides", "Update the bio"]);

    const done = (await client.patch(`/api/tasks/${overdue.id}`, { done: true })).json();
    expect(done).toMatchObject({ done: true, isOverdue: false });
    expect(done.doneAt).toBeTruthy();
    expect(await titles("due=overdue")).toEqual([]);
    expect(await titles("done=true")).toEqual(["Call the bureau"]);
    expect((await client.patch(`/api/tasks/${overdue.id}`, { done: false })).json().done).toBe(false);

    const snoozed = await client.patch(`/api/tasks/${overdue.id}`, { dueDate: addDays(t, 2) });
    expect(snoozed.json()).toMatchObject({ dueDate: addDays(t, 2), isOverdue: false });
    expect(await titles("due=week")).toEqual(["Print slides", "Call the bureau", "Update the bio"]);

    expect((await client.delete(`/api/tasks/${later.id}`)).statusCode).toBe(204);
    expect((await client.patch(`/api/tasks/${later.id}`, { done: true })).statusCode).toBe(404);

    const page = (await client.get("/api/tasks?limit=2")).json();
    expect(page.items).toHaveLength(2);
    const next = (await client.get(`/api/tasks?limit=2&cursor=${page.nextCursor}`)).json();
    expect(next.items.map((task: Json) => task.title)).toEqual(["Far away"]);
  });

  it("answers 400 in plain words for a bad task", async () => {
    const { client } = await createSignedInClient(app, db);
    const bad = await client.post("/api/tasks", { title: " ", dueDate: "2030-02-30" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      title: "Title is required",
      dueDate: "Enter a real date as YYYY-MM-DD",
    });
    expect((await client.get("/api/tasks?due=soon")).statusCode).toBe(400);
  });
});

describe("another speaker", () => {
  it("cannot read, change or delete a speaker's tasks, nor add a task to their event", async () => {
    const owner = await createSignedInClient(app, db);
    const other = await createSignedInClient(app, db);
    const event = await postEvent(owner.client, { status: "hold" });
    const [task] = await eventTasks(owner.client, event.id);
    expect((await other.client.patch(`/api/tasks/${task.id}`, { done: true })).statusCode).toBe(404);
    expect((await other.client.delete(`/api/tasks/${task.id}`)).statusCode).toBe(404);
    expect((await other.client.get(`/api/tasks?eventId=${event.id}`)).json().items).toEqual([]);
    const onTheirEvent = await other.client.post("/api/tasks", {
      title: "x",
      dueDate: "2030-01-01",
      eventId: event.id,
    });
    expect(onTheirEvent.statusCode).toBe(404);
    expect((await other.client.patch(`/api/events/${event.id}`, { status: "cancelled" })).statusCode).toBe(
      404,
    );
    expect((await eventTasks(owner.client, event.id))[0]).toMatchObject({ done: false, closedAt: null });
  });
});

describe("the dashboard", () => {
  it("lists tasks due today and overdue first, each linking to its event", async () => {
    const { client } = await createSignedInClient(app, db);
    const event = await postEvent(client, { status: "confirmed", date: addDays(today(), 40) });
    await client.post("/api/tasks", { title: "Call the bureau", dueDate: addDays(today(), -1) });
    const dashboard = (await client.get(`/api/dashboard?today=${today()}`)).json();
    const tasks = dashboard.actionItems.filter((item: Json) => item.kind === "task");
    expect(dashboard.actionItems.slice(0, tasks.length)).toEqual(tasks);
    expect(tasks.map((item: Json) => [item.message, item.title, item.href])).toEqual([
      ["Call the bureau", "Your task", "/"],
      ["Request the deposit", "Keynote", `/events/${event.id}#tasks`],
    ]);
    await client.patch(`/api/tasks/${tasks[1].taskId}`, { done: true });
    const after = (await client.get(`/api/dashboard?today=${today()}`)).json();
    expect(after.actionItems.filter((item: Json) => item.kind === "task")).toHaveLength(1);
  });
});

describe("an imported book", () => {
  it("gives upcoming events the date steps still ahead, none overdue, and closes a cancelled event's tasks", async () => {
    const { client } = await createSignedInClient(app, db);
    const cancelled = await postEvent(client, {
      title: "Gala",
      date: addDays(today(), 60),
      status: "confirmed",
    });
    expect(await eventTasks(client, cancelled.id, "&done=false")).not.toHaveLength(0);
    const file = await buildXlsx([
      {
        name: "Events",
        rows: [
          ["Event Name", "Date", "Speaking Fee", "Status", "Client"],
          ["Summit", addDays(today(), 10), 5000, "confirmed", "Acme"],
          ["Retreat", addDays(today(), 40), 3000, "hold", "Acme"],
          ["Old keynote", "2019-05-02", 2000, "completed", "Acme"],
          ["Gala", addDays(today(), 60), 0, "cancelled", "Acme"],
        ],
      },
    ]);
    expect((await uploadWorkbook(client, file)).statusCode).toBe(200);
    const listed = (await client.get("/api/events?limit=50")).json().items as Json[];
    const idOf = (title: string) => listed.find((event) => event.title === title)!.id as string;

    // 10 days out: travel (−28) and the questionnaire (−21) are past; the rest are ahead, none overdue.
    const summit = byTitle(await eventTasks(client, idOf("Summit")));
    expect(Object.keys(summit).sort()).toEqual([
      "Ask for a testimonial",
      "Confirm AV, arrival time and introducer",
      "Send a thank-you note",
      "Send the final invoice",
    ]);
    expect(summit["Confirm AV, arrival time and introducer"].dueDate).toBe(addDays(today(), 3));
    // A hold has no date steps in the default list; a past event none at all.
    expect(await eventTasks(client, idOf("Retreat"))).toEqual([]);
    expect(await eventTasks(client, idOf("Old keynote"))).toEqual([]);
    expect(await eventTasks(client, cancelled.id, "&done=false")).toEqual([]);
    expect((await client.get("/api/tasks?due=overdue")).json().items).toEqual([]);
  });
});

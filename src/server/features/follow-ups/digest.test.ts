import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createSignedInClient, postEvent } from "../../../test/book.ts";
import { mailTo } from "../../../test/mailer.ts";
import { notificationSettings } from "../../platform/db/schema.ts";
import { isDigestDue, queueDueDigests } from "./digest.ts";

const { app, db, mailer } = await createTestApp({ APP_URL: "http://podium.example" });
const context = { db, mailer, appUrl: "http://podium.example" };

async function speakerWith(settings: { digest: string; digestHour: number; timeZone: string }) {
  const signedIn = await createSignedInClient(app, db);
  expect((await signedIn.client.put("/api/notification-settings", settings)).statusCode).toBe(200);
  return signedIn;
}

describe("notification settings", () => {
  it("answers the defaults, saves valid settings and refuses an unknown zone or hour", async () => {
    const { client } = await createSignedInClient(app, db);
    expect((await client.get("/api/notification-settings")).json()).toEqual({
      digest: "off",
      digestHour: 7,
      timeZone: "UTC",
    });
    const saved = await client.put("/api/notification-settings", {
      digest: "weekly",
      digestHour: 18,
      timeZone: "Europe/Paris",
    });
    expect(saved.json()).toEqual({ digest: "weekly", digestHour: 18, timeZone: "Europe/Paris" });
    const bad = await client.put("/api/notification-settings", {
      digest: "hourly",
      digestHour: 24,
      timeZone: "Mars/Olympus",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      digest: "Digest must be off, daily or weekly",
      digestHour: "Hour must be a whole number from 0 to 23",
      timeZone: "Unknown time zone",
    });
  });
});

describe("isDigestDue", () => {
  const daily = { digest: "daily" as const, digestHour: 8, timeZone: "America/New_York", lastDigestOn: null };

  it("waits for the speaker's hour in their time zone", () => {
    // 12:30 UTC is 07:30 in New York (EST), 13:30 UTC is 08:30.
    expect(isDigestDue(daily, new Date("2030-01-15T12:30:00Z"))).toBe(false);
    expect(isDigestDue(daily, new Date("2030-01-15T13:30:00Z"))).toBe(true);
    expect(isDigestDue({ ...daily, lastDigestOn: "2030-01-15" }, new Date("2030-01-15T20:00:00Z"))).toBe(
      false,
    );
    // 02:00 UTC on the 16th is still the evening of the 15th in New York.
    expect(isDigestDue({ ...daily, lastDigestOn: "2030-01-15" }, new Date("2030-01-16T02:00:00Z"))).toBe(
      false,
    );
    expect(isDigestDue({ ...daily, lastDigestOn: "2030-01-15" }, new Date("2030-01-16T13:00:00Z"))).toBe(
      true,
    );
    expect(isDigestDue({ ...daily, digest: "off" }, new Date("2030-01-15T13:30:00Z"))).toBe(false);
  });

  it("sends a weekly digest on Mondays only", () => {
    const weekly = { ...daily, digest: "weekly" as const, timeZone: "Pacific/Auckland" };
    // Sunday 2030-01-13 20:00 UTC is Monday 09:00 in Auckland (NZDT, +13).
    expect(isDigestDue(weekly, new Date("2030-01-13T20:00:00Z"))).toBe(true);
    expect(isDigestDue({ ...weekly, timeZone: "UTC" }, new Date("2030-01-13T20:00:00Z"))).toBe(false);
  });
});

describe("queueDueDigests", () => {
  it("queues overdue and upcoming tasks and the week's events once per local day", async () => {
    const { client, user } = await speakerWith({
      digest: "daily",
      digestHour: 8,
      timeZone: "America/Chicago",
    });
    await postEvent(client, { title: "Sales kickoff", date: "2030-03-06", time: "9:00 AM", city: "Dallas" });
    await postEvent(client, { title: "Cancelled gala", date: "2030-03-07", status: "cancelled" });
    await postEvent(client, { title: "Far conference", date: "2030-04-20" });
    await client.post("/api/tasks", { title: "Call the bureau", dueDate: "2030-03-01" });
    await client.post("/api/tasks", { title: "Update the bio", dueDate: "2030-03-09" });
    await client.post("/api/tasks", { title: "Later task", dueDate: "2030-03-20" });
    const done = (await client.post("/api/tasks", { title: "Done already", dueDate: "2030-03-02" })).json();
    await client.patch(`/api/tasks/${done.id}`, { done: true });

    // 13:00 UTC on 2030-03-04 is 07:00 in Chicago (CST): not yet.
    expect(await queueDueDigests(context, new Date("2030-03-04T13:00:00Z"))).toBe(0);
    expect(await mailTo(db, user.email)).toEqual([]);
    expect(await queueDueDigests(context, new Date("2030-03-04T14:05:00Z"))).toBe(1);
    const [mail] = await mailTo(db, user.email);
    expect(mail!.subject).toBe("Your Podium day: Mon, Mar 4");
    expect(mail!.text).toContain("Overdue tasks (1)");
    expect(mail!.text).toContain("• Call the bureau (due Fri, Mar 1)");
    expect(mail!.text).toContain("Tasks for the next 7 days (1)");
    expect(mail!.text).toContain("• Update the bio (due Sat, Mar 9)");
    expect(mail!.text).toContain("Events this week (1)");
    expect(mail!.text).toContain("• Wed, Mar 6, 9:00 AM: Sales kickoff (Inquiry, Dallas)");
    for (const absent of ["Later task", "Done already", "Cancelled gala", "Far conference"]) {
      expect(mail!.text).not.toContain(absent);
    }
    expect(mail!.html).toContain("Open your dashboard");

    // Later the same day, and several sweeps at once: nothing more.
    expect(await queueDueDigests(context, new Date("2030-03-04T22:00:00Z"))).toBe(0);
    const twice = await Promise.all([
      queueDueDigests(context, new Date("2030-03-05T01:00:00Z")),
      queueDueDigests(context, new Date("2030-03-05T01:00:00Z")),
    ]);
    expect(twice).toEqual([0, 0]);
    expect(await mailTo(db, user.email)).toHaveLength(1);
    // The next local day, again.
    expect(await queueDueDigests(context, new Date("2030-03-05T14:00:00Z"))).toBe(1);
    expect(await mailTo(db, user.email)).toHaveLength(2);
  });

  it("sends nothing when there is nothing to say, and nothing when the digest is off", async () => {
    const quiet = await speakerWith({ digest: "daily", digestHour: 0, timeZone: "UTC" });
    const off = await speakerWith({ digest: "off", digestHour: 0, timeZone: "UTC" });
    await off.client.post("/api/tasks", { title: "Call", dueDate: "2031-01-01" });
    await queueDueDigests(context, new Date("2031-01-01T10:00:00Z"));
    expect(await mailTo(db, quiet.user.email)).toEqual([]);
    expect(await mailTo(db, off.user.email)).toEqual([]);
    const [row] = await db
      .select({ lastDigestOn: notificationSettings.lastDigestOn })
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, quiet.user.id));
    expect(row!.lastDigestOn).toBe("2031-01-01");
  });
});

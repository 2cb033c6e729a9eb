import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../test/database.ts";
import { emailOutbox } from "../db/schema.ts";
import { insertOutboxMessage } from "./mailer.ts";
import { purgeDeliveredMail } from "./purge-delivered-mail.ts";

const database = await createTestDatabase();
const { db } = database;
afterAll(() => database.close());

const DAY = 86_400_000;
const now = new Date("2031-06-10T12:00:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);

async function message(subject: string, status: "queued" | "sent" | "failed", sentAt: Date | null) {
  const id = await insertOutboxMessage(db, {
    to: "planner@client.example",
    subject,
    text: "Invoice INV-1: https://podium.example/i/secret-token",
    html: '<a href="https://podium.example/i/secret-token">View</a>',
    attachments: [{ filename: "INV-1.pdf", contentType: "application/pdf", contentBase64: "JVBERi0=" }],
  });
  await db.update(emailOutbox).set({ status, sentAt }).where(eq(emailOutbox.id, id));
  return id;
}

const read = async (id: string) => (await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]!;

describe("purging delivered e-mail", () => {
  it("removes the bodies and attachments of mail delivered over 7 days ago and keeps what was sent to whom", async () => {
    const old = await message("Old", "sent", daysAgo(8));
    const recent = await message("Recent", "sent", daysAgo(6));
    const failed = await message("Failed", "failed", null);
    const queued = await message("Queued", "queued", null);

    await purgeDeliveredMail(db, now);
    await purgeDeliveredMail(db, now);

    expect(await read(old)).toMatchObject({
      to: "planner@client.example",
      subject: "Old",
      status: "sent",
      sentAt: daysAgo(8),
      text: "",
      html: "",
      attachments: null,
      bodyPurgedAt: now,
    });
    for (const kept of [recent, failed, queued]) {
      const row = await read(kept);
      expect(row.text).toContain("secret-token");
      expect(row.html).toContain("secret-token");
      expect(row.attachments).toHaveLength(1);
      expect(row.bodyPurgedAt).toBeNull();
    }

    await purgeDeliveredMail(db, new Date(now.getTime() + 2 * DAY));
    expect(await read(recent)).toMatchObject({ text: "", html: "", attachments: null, subject: "Recent" });
  });
});

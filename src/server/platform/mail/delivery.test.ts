import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "../../../test/database.ts";
import { createSmtpServer, findFreePort, parseMail } from "../../../test/smtp.ts";
import { loadConfig } from "../../config.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { emailOutbox } from "../db/schema.ts";
import { mailMessages } from "../metrics/process-metrics.ts";
import { type MailDelivery, startMailDelivery } from "./delivery.ts";
import { insertOutboxMessage } from "./mailer.ts";
import { renderEmail } from "./render.ts";

const APP_URL = "http://podium.test";

const createLogger = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() });

function verificationEmail(to: string, token: string) {
  return renderEmail({
    to,
    subject: "Verify your e-mail address",
    greeting: "Hi alice,",
    paragraphs: ["Please confirm that this is your e-mail address."],
    action: { label: "Verify e-mail", url: `${APP_URL}/verify-email?token=${token}` },
    footnote: "The link expires in 24 hours.",
  });
}

async function readOutboxRow(database: DatabaseHandle, id: string) {
  const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row!;
}

const waitLong = { timeout: 20_000, interval: 100 };

/** The process's count of e-mails with this outcome, as /metrics shows it. */
async function mailCount(outcome: "queued" | "sent" | "failed") {
  return (await mailMessages.get()).values.find((value) => value.labels.outcome === outcome)?.value ?? 0;
}

describe("delivery through an SMTP server", () => {
  const smtp = createSmtpServer();
  const logger = createLogger();
  let database: DatabaseHandle;
  let delivery: MailDelivery;
  let smtpPort: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    smtpPort = await smtp.start();
    const config = loadConfig({
      NODE_ENV: "test",
      APP_URL,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: "Podium <no-reply@podium.test>",
      MAIL_RETRY_DELAY_SECONDS: "1",
      MAIL_RETRY_LIMIT: "6",
    });
    delivery = await startMailDelivery({ config, database, logger, pollingIntervalSeconds: 0.5 });
  });

  afterAll(async () => {
    await delivery.stop();
    await database.close();
    await smtp.stop();
  });

  it("sends the text and HTML bodies with the link, marks the row sent and counts it", async () => {
    const [queuedBefore, sentBefore] = [await mailCount("queued"), await mailCount("sent")];
    const id = await delivery.mailer.queue(
      database.db,
      verificationEmail("alice@example.com", "token-abc123"),
    );
    await delivery.mailer.dispatch([id]);

    await vi.waitFor(() => expect(smtp.received).toHaveLength(1), waitLong);
    const [mail] = smtp.received;
    expect(mail!.to).toEqual(["alice@example.com"]);
    expect(mail!.from).toBe("no-reply@podium.test");
    const { headers, text, html } = parseMail(mail!.raw);
    expect(headers.subject).toBe("Verify your e-mail address");
    expect(headers.from).toBe("Podium <no-reply@podium.test>");
    expect(headers.to).toBe("alice@example.com");
    expect(text).toContain("Hi alice,");
    expect(text).toContain(`Verify e-mail: ${APP_URL}/verify-email?token=token-abc123`);
    expect(html).toContain(`href="${APP_URL}/verify-email?token=token-abc123"`);
    expect(html).toContain("Please confirm that this is your e-mail address.");

    await vi.waitFor(async () => expect((await readOutboxRow(database, id)).status).toBe("sent"), waitLong);
    const row = await readOutboxRow(database, id);
    expect(row).toMatchObject({ attempts: 1, lastError: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    expect([await mailCount("queued"), await mailCount("sent")]).toEqual([queuedBefore + 1, sentBefore + 1]);
  });

  it("sends a row once however often it is dispatched", async () => {
    const id = await delivery.mailer.queue(database.db, verificationEmail("bob@example.com", "token-bob"));
    await Promise.all([delivery.mailer.dispatch([id]), delivery.mailer.dispatch([id, id])]);
    await vi.waitFor(async () => expect((await readOutboxRow(database, id)).status).toBe("sent"), waitLong);

    await delivery.mailer.dispatch([id]);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(smtp.received.filter((mail) => mail.to.includes("bob@example.com"))).toHaveLength(1);
    expect((await readOutboxRow(database, id)).attempts).toBe(1);
  });

  it("keeps retrying while the server is down and delivers once when it is back", async () => {
    await smtp.stop();
    const id = await delivery.mailer.queue(
      database.db,
      verificationEmail("carol@example.com", "token-carol"),
    );
    await delivery.mailer.dispatch([id]);

    await vi.waitFor(
      async () => expect((await readOutboxRow(database, id)).attempts).toBeGreaterThanOrEqual(2),
      waitLong,
    );
    const failing = await readOutboxRow(database, id);
    expect(failing.status).toBe("queued");
    expect(failing.lastError).toContain("ECONNREFUSED");
    expect(failing.sentAt).toBeNull();
    expect(logger.warn).toHaveBeenCalledWith(
      expect.objectContaining({ outboxId: id }),
      "e-mail delivery failed; it will be retried",
    );

    await smtp.start(smtpPort);
    await vi.waitFor(async () => expect((await readOutboxRow(database, id)).status).toBe("sent"), waitLong);
    const sent = await readOutboxRow(database, id);
    expect(sent.attempts).toBe(failing.attempts + 1);
    // Another polling round must not send it again.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const delivered = smtp.received.filter((mail) => mail.to.includes("carol@example.com"));
    expect(delivered).toHaveLength(1);
    expect(parseMail(delivered[0]!.raw).text).toContain("token=token-carol");
    expect(logger.error).not.toHaveBeenCalled();
  });
});

describe("the outbox sweep, the development mailbox and giving up", () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it("delivers at start-up a queued row that was never dispatched, to the development mailbox", async () => {
    // As if the process had died between the commit and the dispatch.
    const id = await insertOutboxMessage(database.db, verificationEmail("dave@example.com", "token-dave"));
    const logger = createLogger();
    const config = loadConfig({ NODE_ENV: "development", APP_URL });
    const delivery = await startMailDelivery({ config, database, logger, pollingIntervalSeconds: 0.5 });
    try {
      await vi.waitFor(async () => expect((await readOutboxRow(database, id)).status).toBe("sent"), waitLong);
      expect(logger.info).toHaveBeenCalledWith(
        {
          to: "dave@example.com",
          subject: "Verify your e-mail address",
          links: [`${APP_URL}/verify-email?token=token-dave`],
        },
        `E-mail in the development mailbox: ${APP_URL}/dev/mailbox`,
      );
    } finally {
      await delivery.stop();
    }
  });

  it("marks a row failed after the last attempt, and counts it failed", async () => {
    const logger = createLogger();
    const failedBefore = await mailCount("failed");
    const deadPort = await findFreePort();
    const config = loadConfig({
      NODE_ENV: "test",
      SMTP_URL: `smtp://127.0.0.1:${deadPort}`,
      MAIL_RETRY_DELAY_SECONDS: "1",
      MAIL_RETRY_LIMIT: "1",
    });
    const delivery = await startMailDelivery({ config, database, logger, pollingIntervalSeconds: 0.5 });
    try {
      const id = await delivery.mailer.queue(
        database.db,
        verificationEmail("erin@example.com", "token-erin"),
      );
      await delivery.mailer.dispatch([id]);
      await vi.waitFor(
        async () => expect((await readOutboxRow(database, id)).status).toBe("failed"),
        waitLong,
      );
      const row = await readOutboxRow(database, id);
      expect(row.attempts).toBe(2);
      expect(row.lastError).toContain("ECONNREFUSED");
      expect(await mailCount("failed")).toBe(failedBefore + 1);
      expect(logger.error).toHaveBeenCalledTimes(1);
      expect(logger.error).toHaveBeenCalledWith(
        expect.objectContaining({ outboxId: id, attempt: 2 }),
        "e-mail delivery failed for good",
      );
    } finally {
      await delivery.stop();
    }
  });

  it("sends a failed row again once it is queued by hand", async () => {
    const [failed] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.status, "failed"));
    await database.db.update(emailOutbox).set({ status: "queued" }).where(eq(emailOutbox.id, failed!.id));
    const config = loadConfig({ NODE_ENV: "test" });
    const delivery = await startMailDelivery({
      config,
      database,
      logger: createLogger(),
      pollingIntervalSeconds: 0.5,
    });
    try {
      await vi.waitFor(
        async () => expect((await readOutboxRow(database, failed!.id)).status).toBe("sent"),
        waitLong,
      );
      expect((await readOutboxRow(database, failed!.id)).attempts).toBe(3);
    } finally {
      await delivery.stop();
    }
  });

  it("accepts dispatch calls after stop without throwing; the next start picks the row up", async () => {
    const logger = createLogger();
    const config = loadConfig({ NODE_ENV: "test" });
    const first = await startMailDelivery({ config, database, logger });
    await first.stop();
    const id = await first.mailer.queue(database.db, verificationEmail("frank@example.com", "token-frank"));
    await expect(first.mailer.dispatch([id])).resolves.toBeUndefined();
    expect((await readOutboxRow(database, id)).status).toBe("queued");

    const second = await startMailDelivery({ config, database, logger, pollingIntervalSeconds: 0.5 });
    try {
      await vi.waitFor(async () => expect((await readOutboxRow(database, id)).status).toBe("sent"), waitLong);
    } finally {
      await second.stop();
    }
  });
});

import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { postEvent } from "../../../test/book.ts";
import { createClient } from "../../../test/client.ts";
import { createUser, signIn } from "../../../test/factories.ts";
import { mailTo } from "../../../test/mailer.ts";
import { contractContext } from "../../features/contracts/routes.ts";
import { sweepContracts } from "../../features/contracts/sweep.ts";
import { runInvoiceReminders } from "../../features/invoices/run-reminders.ts";
import { contracts, invoiceReminders, users } from "../db/schema.ts";

const DAILY_LIMIT = 6;
const NEW_PER_HOUR = 3;
const { app, db, mailer } = await createTestApp({
  APP_URL: "http://podium.example",
  MAIL_DAILY_LIMIT: String(DAILY_LIMIT),
  MAIL_NEW_RECIPIENTS_PER_HOUR: String(NEW_PER_HOUR),
});
const DAY = 86_400_000;
const line = { description: "Keynote", quantity: 1, unitPrice: 5000 };

async function speaker(overrides: Partial<typeof users.$inferInsert> = {}) {
  const user = await createUser(db, overrides);
  const client = createClient(app);
  await signIn(client, db, user);
  return { user, client };
}

type Client = Awaited<ReturnType<typeof speaker>>["client"];

/** A fresh address nobody has written to. */
const someone = () => `planner-${randomBytes(4).toString("hex")}@client.example`;

async function draftInvoice(client: Client, dates: { issueDate?: string; dueDate?: string } = {}) {
  const response = await client.post("/api/invoices", { items: [line], ...dates });
  if (response.statusCode !== 201) throw new Error(`${response.statusCode} ${response.body}`);
  return response.json() as { id: string };
}

async function sendInvoice(client: Client, to: string, cc?: string) {
  const invoice = await draftInvoice(client);
  return client.post(`/api/invoices/${invoice.id}/send`, { to, ...(cc ? { cc } : {}) });
}

describe("e-mail to other people needs a verified address", () => {
  it("refuses invoices and contracts with 403 and a sentence, and sends nothing", async () => {
    const { user, client } = await speaker({ emailVerifiedAt: null });
    const to = someone();
    const invoice = await draftInvoice(client);
    const refused = await client.post(`/api/invoices/${invoice.id}/send`, { to });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatch(/^Verify your e-mail address/);
    expect((await client.get(`/api/invoices/${invoice.id}`)).json().status).toBe("draft");

    const event = await postEvent(client, { contactName: "Dana Lee", contactEmail: to });
    const draft = (await client.post(`/api/events/${event.id}/contracts`, {})).json();
    const contract = await client.post(`/api/contracts/${draft.id}/send`, {
      signerName: "Dana Lee",
      signerEmail: to,
    });
    expect(contract.statusCode).toBe(403);
    expect(contract.json().error).toMatch(/^Verify your e-mail address/);
    expect((await client.get(`/api/contracts/${draft.id}`)).json().status).toBe("draft");
    expect(await mailTo(db, to)).toHaveLength(0);

    // Once verified, the same calls go through.
    await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
    expect((await client.post(`/api/invoices/${invoice.id}/send`, { to })).statusCode).toBe(200);
    expect(await mailTo(db, to)).toHaveLength(1);
  });
});

describe("the mail limits", () => {
  it(`lets an account write to ${NEW_PER_HOUR} new addresses an hour, then answers 429; known addresses still go`, async () => {
    const { client } = await speaker();
    const first = someone();
    expect((await sendInvoice(client, first)).statusCode).toBe(200);
    expect((await sendInvoice(client, someone(), someone())).statusCode).toBe(200);
    const over = someone();
    const refused = await sendInvoice(client, over);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(/new addresses an hour/);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(3000);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(3600);
    expect(await mailTo(db, over)).toHaveLength(0);
    // An address written to before is not new.
    expect((await sendInvoice(client, first)).statusCode).toBe(200);
    expect(await mailTo(db, first)).toHaveLength(2);
  });

  it(`sends at most ${DAILY_LIMIT} e-mails a day for one account, reminders included`, async () => {
    const { client } = await speaker();
    const to = someone();
    const invoice = await draftInvoice(client);
    expect((await client.post(`/api/invoices/${invoice.id}/send`, { to })).statusCode).toBe(200);
    for (let sent = 1; sent < DAILY_LIMIT; sent++) {
      expect((await client.post(`/api/invoices/${invoice.id}/remind`, {})).statusCode).toBe(200);
    }
    const refused = await client.post(`/api/invoices/${invoice.id}/remind`, {});
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(new RegExp(`at most ${DAILY_LIMIT} e-mails a day`));
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(DAY / 1000 - 600);
    expect(await mailTo(db, to)).toHaveLength(DAILY_LIMIT);
    // Nothing of the refused reminder was kept (it is no activity of the invoice either).
    const activity = (await client.get(`/api/invoices/${invoice.id}`)).json().activity;
    expect(activity.filter((entry: { type: string }) => entry.type === "reminder_sent")).toHaveLength(
      DAILY_LIMIT - 1,
    );
  });

  it("holds when many sends arrive at once", async () => {
    const { client } = await speaker();
    const answers = await Promise.all(Array.from({ length: 6 }, () => sendInvoice(client, someone())));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
  });

  it("does not limit an admin", async () => {
    const { client } = await speaker({ role: "admin" });
    for (let index = 0; index < NEW_PER_HOUR + 2; index++) {
      expect((await sendInvoice(client, someone())).statusCode).toBe(200);
    }
  });

  it("never blocks voiding a contract: the signer is still told", async () => {
    const { client } = await speaker();
    const signer = someone();
    const event = await postEvent(client, { contactName: "Dana Lee", contactEmail: signer });
    const draft = (await client.post(`/api/events/${event.id}/contracts`, {})).json();
    const sent = await client.post(`/api/contracts/${draft.id}/send`, {
      signerName: "Dana Lee",
      signerEmail: signer,
    });
    expect(sent.statusCode).toBe(200);
    for (let index = 1; index < NEW_PER_HOUR; index++) await sendInvoice(client, someone());
    expect((await sendInvoice(client, someone())).statusCode).toBe(429);
    const voided = await client.post(`/api/contracts/${draft.id}/void`, { reason: "Dates changed" });
    expect(voided.statusCode).toBe(200);
    expect((await mailTo(db, signer)).map((mail) => mail.subject)).toContain(`Cancelled: ${draft.title}`);
  });
});

describe("the sweep's automatic e-mail", () => {
  const invoiceContext = () => ({
    db,
    mailer,
    storage: app.storage,
    appUrl: "http://podium.example",
    linkKey: app.tokenKeys["invoice-link"],
  });
  const isoDay = (at: Date) => at.toISOString().slice(0, 10);

  it("defers an invoice reminder over the limit without failing, and sends it once the day has passed", async () => {
    const { client } = await speaker();
    const to = someone();
    const now = new Date();
    const invoice = await draftInvoice(client, {
      issueDate: isoDay(new Date(now.getTime() - 30 * DAY)),
      dueDate: isoDay(new Date(now.getTime() - 10 * DAY)),
    });
    expect((await client.post(`/api/invoices/${invoice.id}/send`, { to })).statusCode).toBe(200);
    for (let sent = 1; sent < DAILY_LIMIT; sent++)
      await client.post(`/api/invoices/${invoice.id}/remind`, {});
    const automatic = async () =>
      (await db.select().from(invoiceReminders).where(eq(invoiceReminders.invoiceId, invoice.id))).filter(
        (reminder) => !reminder.rule.startsWith("manual-"),
      );

    await expect(runInvoiceReminders(invoiceContext(), new Date())).resolves.toBeTypeOf("number");
    expect(await mailTo(db, to)).toHaveLength(DAILY_LIMIT);
    expect(await automatic()).toHaveLength(0);

    await runInvoiceReminders(invoiceContext(), new Date(Date.now() + DAY + 60_000));
    expect(await mailTo(db, to)).toHaveLength(DAILY_LIMIT + 1);
    expect(await automatic()).toHaveLength(1);
  });

  it("skips a contract reminder of an account whose address is not verified, and goes on", async () => {
    const { user, client } = await speaker();
    const signer = someone();
    const event = await postEvent(client, { contactName: "Dana Lee", contactEmail: signer });
    const draft = (await client.post(`/api/events/${event.id}/contracts`, {})).json();
    const sent = (
      await client.post(`/api/contracts/${draft.id}/send`, { signerName: "Dana Lee", signerEmail: signer })
    ).json();
    await db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, user.id));
    const threeDaysOn = new Date(new Date(sent.sentAt).getTime() + 3 * DAY);

    await expect(sweepContracts(contractContext(app), threeDaysOn)).resolves.toBeDefined();
    const [row] = await db.select().from(contracts).where(eq(contracts.id, draft.id));
    expect(row!.remindersSent).toBe(0);
    expect(await mailTo(db, signer)).toHaveLength(1);

    await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
    await sweepContracts(contractContext(app), threeDaysOn);
    expect(await mailTo(db, signer)).toHaveLength(2);
  });
});

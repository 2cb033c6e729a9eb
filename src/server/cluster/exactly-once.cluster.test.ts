/**
 * Three server processes on one PostgreSQL behind HAProxy do each piece of work once (issue 29): each
 * e-mail is sent once, each sweep task (the daily digests) runs once though all three sweep every second,
 * each Stripe event is acted on once though all three receive it at the same moment, and rate limits and
 * upload quotas hold for the sum of the processes. Run by `npm run test:cluster`.
 */
import { eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { CLUSTER_WEBHOOK_SECRET, type Cluster, startCluster } from "../../test/cluster.ts";
import { createUser, DEFAULT_PASSWORD } from "../../test/factories.ts";
import { createFetchClient, createSignedInFetchClient } from "../../test/fetch-client.ts";
import { samplePdf } from "../../test/files.ts";
import { multipartParts } from "../../test/multipart.ts";
import { signWebhookPayload } from "../../test/stripe-server.ts";
import { events, invoicePayments, invoices, notificationSettings } from "../platform/db/schema.ts";

const QUOTA_MB = 1;
const LATE_DUPLICATE_WAIT_MS = 5_000;
const cluster: Cluster = await startCluster({
  processes: 3,
  // Every process sweeps every second: the sweeps overlap all the time.
  env: { SCHEDULER_INTERVAL_SECONDS: "1", FILE_QUOTA_MB: String(QUOTA_MB) },
});
afterAll(() => cluster.stop());
const db = cluster.database.db;
const processUrls = cluster.processes.map((server) => server.url);
/** The process the `index`-th call goes to directly, in turn. */
const processFor = (index: number) => processUrls[index % processUrls.length]!;

const mailsTo = (address: string) => cluster.smtp.received.filter((mail) => mail.to.includes(address));

/**
 * Waits until `isDone` holds (checked every 100 ms), then 5 s more for late duplicates: every process sweeps
 * each second and polls its mail queue every 5 s, so a second copy would have been sent by then.
 */
async function settle(isDone: () => boolean, timeoutMs = 30_000) {
  const started = Date.now();
  while (!isDone()) {
    if (Date.now() - started > timeoutMs) throw new Error(`Not done after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await new Promise((resolve) => setTimeout(resolve, LATE_DUPLICATE_WAIT_MS));
}

/** A speaker signed in through `base` with an invoice of $1,234.56 sent to `recipient`. */
async function speakerWithSentInvoice(base: string, recipient: string) {
  const { user, client } = await createSignedInFetchClient(db, base);
  const profile = await client.put("/api/speaker-profile", {
    name: "Jordan Rivera",
    businessName: "Rivera Talks",
  });
  expect(profile.status).toBe(200);
  const items = [{ description: "Keynote", quantity: 1, unitPrice: 1234.56 }];
  const invoice = (await client.post("/api/invoices", { items })).json();
  const sent = await client.post(`/api/invoices/${invoice.id}/send`, { to: recipient });
  expect(sent.status).toBe(200);
  return { user, client, invoice, sent };
}

describe("each e-mail is sent once", () => {
  it("delivers one password-reset mail per request, whichever of the three processes took it", async () => {
    const speakers = await Promise.all(Array.from({ length: 12 }, () => createUser(db)));
    const answers = await Promise.all(
      speakers.map((speaker, index) =>
        createFetchClient(processFor(index)).post("/api/auth/forgot-password", { email: speaker.email }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(speakers.map(() => 200));
    await settle(() => speakers.every((speaker) => mailsTo(speaker.email).length > 0));
    expect(speakers.map((speaker) => mailsTo(speaker.email).length)).toEqual(speakers.map(() => 1));
  });
});

describe("each sweep task runs once", () => {
  it("sends each speaker's daily digest once while three processes sweep every second", async () => {
    const speakers = await Promise.all(Array.from({ length: 30 }, () => createUser(db)));
    const today = new Date().toISOString().slice(0, 10);
    await db
      .insert(events)
      .values(speakers.map((speaker) => ({ userId: speaker.id, title: "Keynote", date: today })));
    // All due at the same moment (hour 0 has come in UTC): the next sweep of every process finds them all.
    await db
      .insert(notificationSettings)
      .values(speakers.map((speaker) => ({ userId: speaker.id, digest: "daily" as const, digestHour: 0 })));
    await settle(() => speakers.every((speaker) => mailsTo(speaker.email).length > 0));
    expect(speakers.map((speaker) => mailsTo(speaker.email).length)).toEqual(speakers.map(() => 1));
  });

  it("sends each invoice's due-date reminder once while three processes sweep every second", async () => {
    const recipients = Array.from({ length: 9 }, (_, index) => `ap-${index}-${Date.now()}@client.example`);
    const sent = await Promise.all(
      recipients.map((recipient, index) => speakerWithSentInvoice(processFor(index), recipient)),
    );
    // All fall due today at once: each process's next sweep plans the same nine "due" reminders.
    const today = new Date().toISOString().slice(0, 10);
    await db
      .update(invoices)
      .set({ dueDate: today })
      .where(
        inArray(
          invoices.id,
          sent.map(({ invoice }) => invoice.id),
        ),
      );
    const remindersTo = (recipient: string) =>
      mailsTo(recipient).filter((mail) => /^Subject: Reminder:/m.test(mail.raw));
    await settle(() => recipients.every((recipient) => remindersTo(recipient).length > 0));
    expect(recipients.map((recipient) => remindersTo(recipient).length)).toEqual(recipients.map(() => 1));
  });
});

describe("each Stripe event is acted on once", () => {
  it("records one card payment and sends one e-mail when the same event reaches all three processes at once", async () => {
    const { user, client, invoice, sent } = await speakerWithSentInvoice(cluster.url, "ap@client.example");
    // Payout settings need a fresh check (DESIGN §11).
    expect((await client.post("/api/reauth", { password: DEFAULT_PASSWORD })).status).toBe(200);
    const connected = await client.post("/api/payments-account", {});
    expect(connected.status).toBe(200);
    cluster.stripe.finishOnboarding(new URL(connected.json().url).pathname.split("/")[3]!);
    expect((await client.get("/api/payments-account?refresh=true")).json()).toEqual({ status: "active" });

    const token = String(sent.json().publicUrl).split("/").pop();
    const checkout = await createFetchClient(cluster.url).post(`/api/public/invoices/${token}/checkout`, {});
    expect(checkout.status).toBe(200);
    const event = cluster.stripe.payCheckoutSession(new URL(checkout.json().url).pathname.split("/").pop()!);
    const payload = JSON.stringify(event);
    const headers = {
      "content-type": "application/json",
      "stripe-signature": signWebhookPayload(payload, CLUSTER_WEBHOOK_SECRET),
    };
    const answers = await Promise.all(
      processUrls.map((url) =>
        fetch(`${url}/api/webhooks/stripe`, { method: "POST", headers, body: payload }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const bodies = await Promise.all(
      answers.map((answer) => answer.json() as Promise<{ duplicate: boolean }>),
    );
    expect(bodies.filter((body) => !body.duplicate)).toHaveLength(1);

    const payments = await db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoice.id));
    expect(payments.map((payment) => payment.amount)).toEqual([123456]);
    const [paid] = await db
      .select()
      .from(invoices)
      .where(inArray(invoices.id, [invoice.id]));
    expect(paid!.amountPaid).toBe(123456);
    await settle(() => mailsTo(user.email).length > 0);
    expect(mailsTo(user.email)).toHaveLength(1);
  });
});

describe("limits are shared by the processes", () => {
  /**
   * Six reset requests for one address, one after the other, through `base`: the statuses answered. (All calls
   * come from 127.0.0.1, whose 30 an hour this file shares: 12 in the mail test, 12 here.)
   */
  async function sixResets(base: string) {
    const { email } = await createUser(db);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      statuses.push((await createFetchClient(base).post("/api/auth/forgot-password", { email })).status);
    }
    return statuses;
  }

  it("limits an address's reset requests at the same count round-robin through the load balancer as on one process", async () => {
    const onOneProcess = await sixResets(processUrls[0]!);
    expect(onOneProcess).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await sixResets(cluster.url)).toEqual(onOneProcess);
  });

  it("lets concurrent uploads through different processes fill the quota, never exceed it", async () => {
    const { client } = await createSignedInFetchClient(db, cluster.url);
    const quotaBytes = QUOTA_MB * 1024 * 1024;
    // Four of these fill 1.2 MB: at most three fit under the 1 MiB quota.
    const content = Buffer.concat([samplePdf, Buffer.alloc(300_000 - samplePdf.length, 0x20)]);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        client.postRaw(
          "/api/files",
          multipartParts([{ name: "file", filename: `kit-${index}.pdf`, content }]),
          processFor(index),
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 201, 201, 413, 413, 413]);
    const listed = (await client.get("/api/files")).json();
    expect(listed.usage.bytes).toBe(3 * content.length);
    expect(listed.usage.bytes).toBeLessThanOrEqual(quotaBytes);
  });
});

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createSignedInClient, postEvent } from "../../../test/book.ts";
import { createClient } from "../../../test/client.ts";
import { DEFAULT_PASSWORD } from "../../../test/factories.ts";
import { makePng, uploadOk } from "../../../test/files.ts";
import { mailTo } from "../../../test/mailer.ts";
import { NAME_IN_EVERY_SCRIPT, pdfFlatText, pdfInfo, pdfText, pdfUnseenWords } from "../../../test/pdf.ts";
import { changeUnheard } from "../../../test/unheard.ts";
import { invoiceActivity, invoices } from "../../platform/db/schema.ts";
import { runInvoiceReminders } from "./run-reminders.ts";

const { app, db, mailer } = await createTestApp({ APP_URL: "http://podium.example" });
const line = { description: "Keynote", quantity: 1, unitPrice: 5000 };

async function speaker() {
  const signedIn = await createSignedInClient(app, db);
  await signedIn.client.put("/api/speaker-profile", {
    name: "Jordan Rivera",
    businessName: "Rivera Talks LLC",
  });
  return signedIn;
}

// biome-ignore lint/suspicious/noExplicitAny: the answers are read field by field in each test
type Json = any;

async function created(response: { statusCode: number; body: string; json: () => Json }) {
  if (response.statusCode !== 201) throw new Error(`${response.statusCode} ${response.body}`);
  return response.json();
}

describe("invoice settings and numbering", () => {
  it("answers the defaults and keeps the next number above every number used", async () => {
    const { client } = await speaker();
    const settings = (await client.get("/api/invoice-settings")).json();
    expect(settings).toMatchObject({
      numberPrefix: "INV-",
      nextNumber: 1,
      defaultDueDays: 14,
      reminders: { beforeDueDays: [3], onDueDate: true, afterDueDays: [3, 7, 14] },
    });
    const first = await created(
      await client.post("/api/invoices", { items: [line], issueDate: "2026-02-01" }),
    );
    expect(first.number).toBe("INV-2026-0001");
    const lowered = await client.put("/api/invoice-settings", { ...settings, nextNumber: 1 });
    expect(lowered.statusCode).toBe(409);
    expect(lowered.json().error).toBe("The next number must be above 1, the last one used.");
    const saved = await client.put("/api/invoice-settings", {
      ...settings,
      numberPrefix: "RT-",
      nextNumber: 40,
    });
    expect(saved.statusCode).toBe(200);
    const next = await created(
      await client.post("/api/invoices", { items: [line], issueDate: "2026-02-02" }),
    );
    expect(next.number).toBe("RT-2026-0040");
  });

  it("gives 20 invoices created at once 20 consecutive distinct numbers", async () => {
    const { client } = await speaker();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        client.post("/api/invoices", { items: [line], issueDate: "2026-03-01" }),
      ),
    );
    const numbers = answers.map((answer) => answer.json().number as string).sort();
    expect(answers.every((answer) => answer.statusCode === 201)).toBe(true);
    expect(numbers).toEqual(
      Array.from({ length: 20 }, (_, i) => `INV-2026-${String(i + 1).padStart(4, "0")}`),
    );
  });
});

describe("invoices from an event", () => {
  it("makes a deposit and a balance whose totals add up to the gross fee", async () => {
    const { client } = await speaker();
    const event = await postEvent(client, {
      title: "Sales Kickoff",
      date: "2099-06-30",
      fee: 10_000.01,
      travelFee: 1500.01,
      clientName: "ACME",
    });
    const { invoices } = await created(
      await client.post(`/api/events/${event.id}/invoices`, { schedule: "deposit_balance" }),
    );
    expect(invoices.map((invoice: { kind: string }) => invoice.kind)).toEqual(["deposit", "balance"]);
    const [deposit, balance] = invoices;
    // Half of $11,500.02 is $5,750.01 exactly.
    expect(deposit.total).toBe(5750.01);
    expect(balance.total).toBe(5750.01);
    expect(balance.dueDate).toBe("2099-05-31");
    expect(deposit.dueDate).toBe(deposit.issueDate);
    expect(deposit.client.name).toBe("ACME");
    expect(deposit.items[0].description).toContain("Sales Kickoff");
    const full = await created(await client.post(`/api/events/${event.id}/invoices`, { schedule: "full" }));
    expect(full.invoices[0].total).toBe(11_500.02);
  });

  it("asks for the deposit percent of the gross fee, rounded half up, and the lines still add up", async () => {
    const { client } = await speaker();
    const event = await postEvent(client, { date: "2099-06-30", fee: 777.77, travelFee: 12.35 });
    const { invoices } = await created(
      await client.post(`/api/events/${event.id}/invoices`, {
        schedule: "deposit_balance",
        depositPercent: 25,
      }),
    );
    const [deposit, balance] = invoices;
    // 25 % of $790.12 is exactly $197.53; rounding each line down on its own gave $197.52.
    expect(deposit.total).toBe(197.53);
    expect(balance.total).toBe(592.59);
    const amounts = (invoice: Json) => invoice.items.map((item: { amount: number }) => item.amount);
    expect(amounts(deposit)).toEqual([194.44, 3.09]);
    expect(amounts(balance)).toEqual([583.33, 9.26]);
  });

  it("lists one event's invoices in the order they fall due, a deposit before its balance", async () => {
    const { client } = await speaker();
    const later = await postEvent(client, { title: "Later", date: "2099-06-30", fee: 9000 });
    const earlier = await created(
      await client.post("/api/invoices", {
        eventId: later.id,
        items: [line],
        issueDate: "2026-01-02",
        dueDate: "2026-01-16",
      }),
    );
    const pair = await created(
      await client.post(`/api/events/${later.id}/invoices`, { schedule: "deposit_balance" }),
    );
    const today = new Date().toISOString().slice(0, 10);
    // An event today: its deposit and balance are both due today, so the kind decides.
    const soon = await postEvent(client, { title: "Today", date: today, fee: 9000 });
    const samePair = await created(
      await client.post(`/api/events/${soon.id}/invoices`, { schedule: "deposit_balance" }),
    );
    const listed = async (query: string) =>
      (await client.get(`/api/invoices?${query}`)).json().items.map((item: { id: string }) => item.id);
    const ids = (invoices: { id: string }[]) => invoices.map((invoice) => invoice.id);
    expect(await listed(`eventId=${later.id}`)).toEqual([earlier.id, ...ids(pair.invoices)]);
    expect(await listed(`eventId=${soon.id}`)).toEqual(ids(samePair.invoices));
    const first = (await client.get(`/api/invoices?eventId=${later.id}&limit=1`)).json();
    const rest = (
      await client.get(`/api/invoices?eventId=${later.id}&limit=2&cursor=${first.nextCursor}`)
    ).json();
    expect(ids([...first.items, ...rest.items])).toEqual([earlier.id, ...ids(pair.invoices)]);
  });

  it("refuses an event without a fee", async () => {
    const { client } = await speaker();
    const event = await postEvent(client, { fee: 0 });
    const answer = await client.post(`/api/events/${event.id}/invoices`, { schedule: "full" });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error).toBe("Add the event's speaking fee before invoicing it.");
  });
});

describe("status rules", () => {
  it("edits drafts, deletes only drafts, records and removes payments, voids", async () => {
    const { client, user } = await speaker();
    const event = await postEvent(client, { fee: 1000, contactEmail: "planner@example.com" });
    const invoice = await created(
      await client.post("/api/invoices", {
        eventId: event.id,
        items: [line],
        taxRate: 8.25,
        notes: "Thank you",
      }),
    );
    expect(invoice).toMatchObject({
      status: "draft",
      subtotal: 5000,
      tax: 412.5,
      total: 5412.5,
      balanceDue: 5412.5,
    });

    const edited = await client.patch(`/api/invoices/${invoice.id}`, {
      items: [{ ...line, unitPrice: 4000 }],
    });
    expect(edited.json()).toMatchObject({ total: 4330 });
    const early = await client.post(`/api/invoices/${invoice.id}/payments`, {
      amount: 10,
      date: "2026-01-05",
      method: "check",
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe("Send this invoice before recording a payment.");

    const sent = await client.post(`/api/invoices/${invoice.id}/send`, {});
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ status: "sent", recipientEmail: "planner@example.com" });
    expect(sent.json().publicUrl).toMatch(/^http:\/\/podium\.example\/i\/[\w-]{43}$/);
    expect((await client.delete(`/api/invoices/${invoice.id}`)).json().error).toBe(
      "Only a draft can be deleted. Void a sent invoice instead.",
    );
    // A sent invoice without payments can be corrected.
    expect((await client.patch(`/api/invoices/${invoice.id}`, { notes: "Corrected" })).statusCode).toBe(200);

    const tooMuch = await client.post(`/api/invoices/${invoice.id}/payments`, {
      amount: 4330.01,
      date: "2026-01-05",
      method: "check",
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error).toBe("The payment is more than the balance due of $4330.00.");

    const partial = await created(
      await client.post(`/api/invoices/${invoice.id}/payments`, {
        amount: 1000,
        date: "2026-01-05",
        method: "check",
        reference: "#1042",
      }),
    );
    expect(partial).toMatchObject({ status: "partial", amountPaid: 1000, balanceDue: 3330 });
    const locked = await client.patch(`/api/invoices/${invoice.id}`, { notes: "Again" });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error).toBe("This invoice has payments. Remove them before changing it.");

    const paid = await created(
      await client.post(`/api/invoices/${invoice.id}/payments`, {
        amount: 3330,
        date: "2026-01-06",
        method: "cash",
      }),
    );
    expect(paid).toMatchObject({ status: "paid", balanceDue: 0 });
    expect(paid.paidAt).not.toBeNull();
    const removed = await client.delete(`/api/invoices/${invoice.id}/payments/${paid.payments[1].id}`);
    expect(removed.statusCode).toBe(204);
    expect((await client.get(`/api/invoices/${invoice.id}`)).json()).toMatchObject({
      status: "partial",
      balanceDue: 3330,
      paidAt: null,
    });

    const voided = await client.post(`/api/invoices/${invoice.id}/void`, { reason: "Event moved" });
    expect(voided.json()).toMatchObject({
      status: "void",
      voidReason: "Event moved",
      number: invoice.number,
    });
    for (const [method, url, body] of [
      ["POST", `/api/invoices/${invoice.id}/payments`, { amount: 1, date: "2026-01-07", method: "cash" }],
      ["POST", `/api/invoices/${invoice.id}/send`, {}],
      ["POST", `/api/invoices/${invoice.id}/remind`, {}],
      ["PATCH", `/api/invoices/${invoice.id}`, { notes: "x" }],
      ["POST", `/api/invoices/${invoice.id}/void`, { reason: "again" }],
    ] as const) {
      const answer = method === "POST" ? await client.post(url, body) : await client.patch(url, body);
      expect(answer.statusCode, url).toBe(409);
      expect(answer.json().error).toMatch(/void/);
    }
    const types = (await db.select().from(invoiceActivity).where(eq(invoiceActivity.userId, user.id))).map(
      (entry) => entry.type,
    );
    expect(types).toEqual(
      expect.arrayContaining([
        "created",
        "updated",
        "sent",
        "payment_recorded",
        "paid",
        "payment_removed",
        "voided",
      ]),
    );

    const draft = await created(await client.post("/api/invoices", { items: [line] }));
    expect((await client.delete(`/api/invoices/${draft.id}`)).statusCode).toBe(204);
    expect((await client.get(`/api/invoices/${draft.id}`)).statusCode).toBe(404);
  });

  it("lists with filters and the totals outstanding, overdue and paid this year", async () => {
    const { client } = await speaker();
    const tz = (await client.get("/api/invoice-settings")).json();
    expect(tz.timeZone).toBe("UTC");
    const overdue = await created(
      await client.post("/api/invoices", { items: [line], issueDate: "2020-01-01", dueDate: "2020-01-15" }),
    );
    const current = await created(
      await client.post("/api/invoices", { items: [{ ...line, unitPrice: 200 }] }),
    );
    await created(await client.post("/api/invoices", { items: [{ ...line, unitPrice: 7 }] }));
    await client.post(`/api/invoices/${overdue.id}/send`, { to: "a@example.com" });
    await client.post(`/api/invoices/${current.id}/send`, { to: "b@example.com" });
    const today = new Date().toISOString().slice(0, 10);
    await client.post(`/api/invoices/${current.id}/payments`, { amount: 50, date: today, method: "card" });

    const list = (await client.get("/api/invoices")).json();
    expect(list.items).toHaveLength(3);
    expect(list.totals).toEqual({ outstanding: 5150, overdue: 5000, paidThisYear: 50 });
    const onlyOverdue = (await client.get("/api/invoices?overdue=true")).json();
    expect(onlyOverdue.items.map((item: { id: string }) => item.id)).toEqual([overdue.id]);
    expect(onlyOverdue.items[0].isOverdue).toBe(true);
    expect((await client.get("/api/invoices?status=draft")).json().items).toHaveLength(1);
    const paged = (await client.get("/api/invoices?limit=2")).json();
    const rest = (await client.get(`/api/invoices?limit=2&cursor=${paged.nextCursor}`)).json();
    expect([...paged.items, ...rest.items].map((item: { id: string }) => item.id)).toHaveLength(3);
  });
});

describe("the invoice list after every kind of change", () => {
  it("shows new, edited, sent, paid, voided and deleted invoices and renamed events and clients at once", async () => {
    const { client } = await speaker();
    const list = async () => (await client.get("/api/invoices")).json();
    const first = async () => (await list()).items[0];
    expect((await list()).items).toEqual([]);
    const event = await postEvent(client, { title: "Kickoff", fee: 1000, clientName: "Acme" });
    const { invoices: made } = await created(
      await client.post(`/api/events/${event.id}/invoices`, { schedule: "full" }),
    );
    const invoice = made[0];
    expect(await first()).toMatchObject({ status: "draft", total: 1000, eventTitle: "Kickoff" });
    expect((await first()).client.name).toBe("Acme");

    await client.patch(`/api/invoices/${invoice.id}`, { items: [{ ...line, unitPrice: 1200 }] });
    expect((await first()).total).toBe(1200);
    await client.patch(`/api/events/${event.id}`, { title: "Kickoff 2026" });
    expect((await first()).eventTitle).toBe("Kickoff 2026");
    await client.patch(`/api/clients/${event.clientId}`, { name: "Acme Corp" });
    expect((await first()).client.name).toBe("Acme Corp");

    await client.post(`/api/invoices/${invoice.id}/send`, { to: "ap@example.com" });
    expect((await list()).totals.outstanding).toBe(1200);
    const today = new Date().toISOString().slice(0, 10);
    const paid = await created(
      await client.post(`/api/invoices/${invoice.id}/payments`, {
        amount: 200,
        date: today,
        method: "check",
      }),
    );
    expect(await list()).toMatchObject({
      items: [{ status: "partial", amountPaid: 200, balanceDue: 1000 }],
      totals: { outstanding: 1000, paidThisYear: 200 },
    });
    await client.delete(`/api/invoices/${invoice.id}/payments/${paid.payments[0].id}`);
    expect(await list()).toMatchObject({
      items: [{ status: "sent", amountPaid: 0 }],
      totals: { outstanding: 1200, paidThisYear: 0 },
    });
    await client.post(`/api/invoices/${invoice.id}/void`, { reason: "Cancelled" });
    expect(await list()).toMatchObject({ items: [{ status: "void" }], totals: { outstanding: 0 } });

    const draft = await created(
      await client.post("/api/invoices", { items: [line], issueDate: "2099-01-01" }),
    );
    expect((await list()).items).toHaveLength(2);
    await client.delete(`/api/invoices/${draft.id}`);
    expect((await list()).items.map((item: { id: string }) => item.id)).toEqual([invoice.id]);
  });
});

describe("sending and the public invoice", () => {
  it("e-mails the PDF with the link, and says when there is no address", async () => {
    const { client } = await speaker();
    const invoice = await created(await client.post("/api/invoices", { items: [line] }));
    const refused = await client.post(`/api/invoices/${invoice.id}/send`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe("Add an e-mail address for the client first.");

    const sent = (
      await client.post(`/api/invoices/${invoice.id}/send`, { to: "billing@client.example" })
    ).json();
    const [mail] = await mailTo(db, "billing@client.example");
    expect(mail!.text).toContain(sent.publicUrl);
    expect(mailer.dispatched).toContain(mail!.id);
    const attachment = mail!.attachments![0]!;
    expect(attachment).toMatchObject({ filename: `${invoice.number}.pdf`, contentType: "application/pdf" });
    const pdf = Buffer.from(attachment.contentBase64, "base64");
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdfText(pdf);
    expect(text).toContain(`Invoice ${invoice.number}`);
    expect(text).toContain("$5,000.00");
    expect(text).toContain("Rivera Talks LLC");
    expect(pdfInfo(pdf).pageSize).toContain("letter");
  });

  it("prints names in every script as selectable text: sender, client, lines and notes", async () => {
    const { client } = await speaker();
    await client.put("/api/speaker-profile", { name: "김민준", businessName: "東京会議 서울 LLC" });
    const customer = await client.post("/api/clients", {
      name: NAME_IN_EVERY_SCRIPT,
      company: "株式会社さくら",
    });
    const invoice = await created(
      await client.post("/api/invoices", {
        clientId: customer.json().id,
        items: [{ ...line, description: "基調講演 기조연설" }],
        notes: `Thank you, ${NAME_IN_EVERY_SCRIPT}`,
      }),
    );
    const pdf = (await client.get(`/api/invoices/${invoice.id}/pdf`)).rawPayload;
    const text = pdfFlatText(pdf);
    for (const expected of [
      "東京会議 서울 LLC",
      "김민준",
      NAME_IN_EVERY_SCRIPT,
      "株式会社さくら",
      "基調講演 기조연설",
      `Thank you, ${NAME_IN_EVERY_SCRIPT}`,
    ]) {
      expect(text).toContain(expected);
    }
    expect(pdfUnseenWords(pdf)).toEqual([]);
    // The fonts are embedded as subsets: only the glyphs the invoice uses.
    expect(pdf.length).toBeLessThan(150_000);
  });

  it("shows the invoice at its link, counting views except the owner's", async () => {
    const { client } = await speaker();
    await client.post("/api/reauth", { password: DEFAULT_PASSWORD });
    await client.put("/api/invoice-settings/payment-instructions", {
      paymentInstructions: "Bank: First Bank, routing 000",
    });
    const event = await postEvent(client, {
      title: "Gala Дмитрий",
      fee: 800,
      venueName: "Hall",
      city: "Austin",
    });
    const invoice = await created(await client.post("/api/invoices", { eventId: event.id, items: [line] }));
    const sent = (await client.post(`/api/invoices/${invoice.id}/send`, { to: "x@example.com" })).json();
    const token = sent.publicUrl.split("/").pop();

    const owner = await client.get(`/api/public/invoices/${token}`);
    expect(owner.statusCode).toBe(200);
    expect((await client.get(`/api/invoices/${invoice.id}`)).json().viewCount).toBe(0);

    const visitor = createClient(app);
    const view = await visitor.get(`/api/public/invoices/${token}`);
    expect(view.json()).toMatchObject({
      number: invoice.number,
      balanceDue: 5000,
      paymentInstructions: "Bank: First Bank, routing 000",
      event: { title: "Gala Дмитрий", venueName: "Hall", city: "Austin" },
    });
    const pdf = await visitor.get(`/api/public/invoices/${token}/pdf`);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdfText(pdf.rawPayload)).toContain("Gala Дмитрий");
    const seen = (await client.get(`/api/invoices/${invoice.id}`)).json();
    expect(seen.viewCount).toBe(2);
    expect(seen.firstViewedAt).not.toBeNull();
    // Two views by one visitor within a second: counted twice, logged once (decision 033).
    const viewed = () =>
      client
        .get(`/api/invoices/${invoice.id}`)
        .then((answer) =>
          answer.json().activity.filter((entry: { type: string }) => entry.type === "viewed"),
        );
    expect(await viewed()).toHaveLength(1);
    await createClient(app).get(`/api/public/invoices/${token}`, {
      headers: { "user-agent": "Other phone" },
    });
    expect(await viewed()).toHaveLength(2);

    const unknown = await visitor.get(`/api/public/invoices/${"x".repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: "This invoice link is not valid" });
  });

  /** A speaker's sent invoice, and its public answer as a visitor loads it. */
  async function sentInvoiceAndItsPage() {
    const { client } = await speaker();
    const invoice = await created(await client.post("/api/invoices", { items: [line], notes: "Thanks" }));
    const sent = (await client.post(`/api/invoices/${invoice.id}/send`, { to: "x@example.com" })).json();
    const token = sent.publicUrl.split("/").pop();
    const visitor = createClient(app);
    const page = async () => (await visitor.get(`/api/public/invoices/${token}`)).json();
    return { client, invoice, page };
  }

  it("shows a speaker's edit, payment and void at once to a visitor who has just loaded the page", async () => {
    const { client, invoice, page } = await sentInvoiceAndItsPage();
    expect(await page()).toMatchObject({ status: "sent", total: 5000, notes: "Thanks" });

    await client.patch(`/api/invoices/${invoice.id}`, {
      items: [{ ...line, unitPrice: 6000 }],
      notes: "Merci",
    });
    expect(await page()).toMatchObject({ total: 6000, balanceDue: 6000, notes: "Merci" });
    await client.put("/api/speaker-profile", { name: "Jordan Rivera", businessName: "Rivera Keynotes LLC" });
    expect((await page()).from.businessName).toBe("Rivera Keynotes LLC");
    const payment = { amount: 1000, date: "2026-01-05", method: "check" };
    await client.post(`/api/invoices/${invoice.id}/payments`, payment);
    expect(await page()).toMatchObject({ status: "partial", amountPaid: 1000, balanceDue: 5000 });
    await client.post(`/api/invoices/${invoice.id}/void`, { reason: "Event cancelled" });
    expect(await page()).toEqual({ status: "void", number: invoice.number });
    expect((await client.get(`/api/invoices/${invoice.id}`)).json().viewCount).toBe(5);
  });

  it("keeps the public answer a few seconds, whatever other speakers change", async () => {
    const { client, invoice, page } = await sentInvoiceAndItsPage();
    expect((await page()).notes).toBe("Thanks");
    // The visit is written to the invoice (the speaker's data, so their answers are made afresh); the speaker's
    // own look at the page keeps the answer again and counts nothing.
    const token = (await client.get(`/api/invoices/${invoice.id}`)).json().publicUrl.split("/").pop();
    expect((await client.get(`/api/public/invoices/${token}`)).json().notes).toBe("Thanks");
    // Changed where no process hears of it: only the kept answer can still say "Thanks".
    await changeUnheard(db, (tx) =>
      tx.update(invoices).set({ notes: "Changed" }).where(eq(invoices.id, invoice.id)),
    );
    const other = await speaker();
    await created(await other.client.post("/api/invoices", { items: [line] }));
    await other.client.put("/api/speaker-profile", { name: "Someone Else" });
    expect((await page()).notes).toBe("Thanks");
    expect((await client.get(`/api/invoices/${invoice.id}`)).json().viewCount).toBe(2);
  });

  it("shows the uploaded logo on the public page and in the PDF", async () => {
    const { client } = await speaker();
    const logo = await uploadOk(client, makePng(40, 20), { filename: "logo.png", kind: "logo" });
    const settings = (await client.get("/api/invoice-settings")).json();
    const saved = await client.put("/api/invoice-settings", { ...settings, logoFileId: logo.id });
    expect(saved.json().logoFileId).toBe(logo.id);
    const invoice = await created(await client.post("/api/invoices", { items: [line] }));
    const sent = (await client.post(`/api/invoices/${invoice.id}/send`, { to: "x@example.com" })).json();
    const token = sent.publicUrl.split("/").pop();

    const visitor = createClient(app);
    expect((await visitor.get(`/api/public/invoices/${token}`)).json().hasLogo).toBe(true);
    const image = await visitor.get(`/api/public/invoices/${token}/logo`);
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");
    expect(image.headers["x-content-type-options"]).toBe("nosniff");
    const pdf = await visitor.get(`/api/public/invoices/${token}/pdf`);
    expect(pdf.rawPayload.includes(Buffer.from("/Subtype /Image"))).toBe(true);
    // Viewing the logo counts no view; the page and the PDF did.
    expect((await client.get(`/api/invoices/${invoice.id}`)).json().viewCount).toBe(2);

    const current = (await client.get("/api/invoice-settings")).json();
    const removed = await client.put("/api/invoice-settings", { ...current, logoFileId: null });
    expect(removed.statusCode).toBe(200);
    expect((await visitor.get(`/api/public/invoices/${token}/logo`)).statusCode).toBe(404);
    expect((await visitor.get(`/api/public/invoices/${"x".repeat(43)}/logo`)).statusCode).toBe(404);
  });

  it("marks a paid invoice's PDF", async () => {
    const { client } = await speaker();
    const invoice = await created(await client.post("/api/invoices", { items: [line] }));
    await client.post(`/api/invoices/${invoice.id}/send`, { to: "x@example.com" });
    await client.post(`/api/invoices/${invoice.id}/payments`, {
      amount: 5000,
      date: "2026-01-01",
      method: "check",
    });
    const pdf = await client.get(`/api/invoices/${invoice.id}/pdf`);
    expect(pdfText(pdf.rawPayload)).toContain("PAID");
  });
});

describe("reminders", () => {
  const context = () => ({
    db,
    mailer,
    storage: app.storage,
    appUrl: "http://podium.example",
    linkKey: app.tokenKeys["invoice-link"],
  });

  it("sends each rule once, none after paid or void, and one for a backdated invoice", async () => {
    const { client } = await speaker();
    const make = async (to: string, issueDate: string, dueDate: string) => {
      const invoice = await created(
        await client.post("/api/invoices", { items: [line], issueDate, dueDate }),
      );
      await client.post(`/api/invoices/${invoice.id}/send`, { to });
      return invoice;
    };
    const regular = await make("regular@reminders.example", "2031-03-01", "2031-03-10");
    await make("backdated@reminders.example", "2031-01-01", "2031-01-15");
    const paid = await make("paid@reminders.example", "2031-03-01", "2031-03-10");
    const voided = await make("void@reminders.example", "2031-03-01", "2031-03-10");
    await client.post(`/api/invoices/${paid.id}/payments`, {
      amount: 5000,
      date: "2031-03-02",
      method: "cash",
    });
    await client.post(`/api/invoices/${voided.id}/void`, { reason: "Duplicate" });
    const reminders = async (address: string) =>
      (await mailTo(db, address)).filter((mail) => mail.subject.startsWith("Reminder"));

    await runInvoiceReminders(context(), new Date("2031-03-07T12:00:00Z"));
    await runInvoiceReminders(context(), new Date("2031-03-07T18:00:00Z"));
    expect(await reminders("regular@reminders.example")).toHaveLength(1);
    const backdatedMail = await reminders("backdated@reminders.example");
    expect(backdatedMail).toHaveLength(1);
    expect(backdatedMail[0]!.attachments![0]!.contentType).toBe("application/pdf");
    await runInvoiceReminders(context(), new Date("2031-03-10T12:00:00Z"));
    await runInvoiceReminders(context(), new Date("2031-03-13T12:00:00Z"));
    expect(await reminders("regular@reminders.example")).toHaveLength(3);
    expect(await reminders("backdated@reminders.example")).toHaveLength(1);
    expect(await reminders("paid@reminders.example")).toHaveLength(0);
    expect(await reminders("void@reminders.example")).toHaveLength(0);
    const activity = (await client.get(`/api/invoices/${regular.id}`)).json().activity;
    expect(activity.filter((entry: { type: string }) => entry.type === "reminder_sent")).toHaveLength(3);
  });

  it("sends one by hand and refuses drafts", async () => {
    const { client } = await speaker();
    const invoice = await created(await client.post("/api/invoices", { items: [line] }));
    const draft = await client.post(`/api/invoices/${invoice.id}/remind`, {});
    expect(draft.json().error).toBe("Send this invoice before reminding anyone of it.");
    await client.post(`/api/invoices/${invoice.id}/send`, { to: "hand@reminders.example" });
    expect((await client.post(`/api/invoices/${invoice.id}/remind`, {})).statusCode).toBe(200);
    expect(await mailTo(db, "hand@reminders.example")).toHaveLength(2);
  });
});

describe("another speaker", () => {
  it("gets 404 on every invoice route", async () => {
    const { client } = await speaker();
    const event = await postEvent(client, { fee: 100 });
    const invoice = await created(await client.post("/api/invoices", { items: [line] }));
    await client.post(`/api/invoices/${invoice.id}/send`, { to: "x@example.com" });
    const paid = await created(
      await client.post(`/api/invoices/${invoice.id}/payments`, {
        amount: 1,
        date: "2026-01-01",
        method: "cash",
      }),
    );
    const other = (await speaker()).client;
    const id = invoice.id;
    const calls = [
      other.get(`/api/invoices/${id}`),
      other.patch(`/api/invoices/${id}`, { notes: "x" }),
      other.delete(`/api/invoices/${id}`),
      other.post(`/api/invoices/${id}/send`, { to: "y@example.com" }),
      other.post(`/api/invoices/${id}/remind`, {}),
      other.post(`/api/invoices/${id}/payments`, { amount: 1, date: "2026-01-01", method: "cash" }),
      other.delete(`/api/invoices/${id}/payments/${paid.payments[0].id}`),
      other.post(`/api/invoices/${id}/void`, { reason: "x" }),
      other.post(`/api/invoices/${id}/reissue-link`),
      other.get(`/api/invoices/${id}/pdf`),
      other.post(`/api/events/${event.id}/invoices`, { schedule: "full" }),
    ];
    for (const answer of await Promise.all(calls)) expect(answer.statusCode).toBe(404);
    expect((await other.get("/api/invoices")).json().items).toEqual([]);
    const foreignEvent = await other.post("/api/invoices", { eventId: event.id, items: [line] });
    expect(foreignEvent.statusCode).toBe(400);
  });
});

describe("the dashboard", () => {
  it("lists overdue invoices among the action items", async () => {
    const { client } = await speaker();
    const invoice = await created(
      await client.post("/api/invoices", { items: [line], issueDate: "2020-01-01", dueDate: "2020-01-15" }),
    );
    expect((await client.get("/api/dashboard")).json().actionItems).toEqual([]);
    await client.post(`/api/invoices/${invoice.id}/send`, { to: "late@example.com" });
    const items = (await client.get("/api/dashboard")).json().actionItems;
    expect(items).toEqual([
      expect.objectContaining({
        kind: "invoice-overdue",
        invoiceId: invoice.id,
        href: `/invoices/${invoice.id}`,
      }),
    ]);
  });
});

import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createSignedInClient } from "../../../test/book.ts";
import { createClient } from "../../../test/client.ts";
import { mailTo } from "../../../test/mailer.ts";
import { eventEnvelope } from "../../../test/stripe-server.ts";
import { invoicePayments, paymentAccounts } from "../../platform/db/schema.ts";
import { createBillingTestApp, postWebhook } from "../billing/testing.ts";
import { paymentsAccountStatus } from "./payments-account.ts";

const { app, db, stripe } = await createBillingTestApp({ APP_URL: "http://podium.example" });
const line = { description: "Keynote", quantity: 1, unitPrice: 1234.56 };

// biome-ignore lint/suspicious/noExplicitAny: the answers are read field by field in each test
type Json = any;

/** A speaker with a sent invoice of $1,234.56 and its public token. */
async function speakerWithSentInvoice() {
  const signedIn = await createSignedInClient(app, db, { freshCheck: true });
  const { client } = signedIn;
  await client.put("/api/speaker-profile", { name: "Jordan Rivera", businessName: "Rivera Talks LLC" });
  const invoice = (await client.post("/api/invoices", { items: [line] })).json();
  const sent = (await client.post(`/api/invoices/${invoice.id}/send`, { to: "ap@client.example" })).json();
  return { ...signedIn, invoice: sent as Json, token: String(sent.publicUrl).split("/").pop()! };
}

/** Connects the speaker's Express account and finishes onboarding on the fake Stripe. */
async function connect(client: ReturnType<typeof createClient>) {
  const started = await client.post("/api/payments-account", {});
  expect(started.statusCode).toBe(200);
  const accountId = new URL(started.json().url).pathname.split("/")[3]!;
  stripe.finishOnboarding(accountId);
  expect((await client.get("/api/payments-account?refresh=true")).json()).toEqual({ status: "active" });
  return accountId;
}

/** The visitor goes to Checkout; the fake Stripe takes the card and answers the completed-session event. */
async function payByCard(token: string) {
  const answer = await createClient(app).post(`/api/public/invoices/${token}/checkout`, {});
  expect(answer.statusCode).toBe(200);
  const sessionId = new URL(answer.json().url).pathname.split("/").pop()!;
  return stripe.payCheckoutSession(sessionId);
}

const paymentsOf = (invoiceId: string) =>
  db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoiceId));

describe("the card-payment status", () => {
  it("maps billing and Stripe's flags to off, not_connected, pending and active", () => {
    expect(paymentsAccountStatus(false, { chargesEnabled: true })).toBe("off");
    expect(paymentsAccountStatus(true, undefined)).toBe("not_connected");
    expect(paymentsAccountStatus(true, { chargesEnabled: false })).toBe("pending");
    expect(paymentsAccountStatus(true, { chargesEnabled: true })).toBe("active");
  });

  it("creates one Express account, links to onboarding, and follows account.updated", async () => {
    const { client, user } = await createSignedInClient(app, db, { freshCheck: true });
    expect((await client.get("/api/payments-account")).json()).toEqual({ status: "not_connected" });

    const [first, second] = await Promise.all([
      client.post("/api/payments-account", {}),
      client.post("/api/payments-account", {}),
    ]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    const created = stripe.requestsTo("POST", "/v1/accounts").filter((r) => r.body.email === user.email);
    expect(created[0]!.body).toMatchObject({ type: "express", metadata: { user_id: user.id } });
    expect(created[0]!.idempotencyKey).toBe(`podium-connect-${user.id}`);
    const [stored] = await db.select().from(paymentAccounts).where(eq(paymentAccounts.userId, user.id));
    const link = stripe.requestsTo("POST", "/v1/account_links").at(-1)!;
    expect(link.body).toMatchObject({
      account: stored!.stripeAccountId,
      type: "account_onboarding",
      return_url: "http://podium.example/account-settings?tab=invoicing&payments=return",
      refresh_url: "http://podium.example/account-settings?tab=invoicing&payments=refresh",
    });
    expect((await client.get("/api/payments-account")).json()).toEqual({ status: "pending" });

    const updated = stripe.finishOnboarding(stored!.stripeAccountId);
    expect((await postWebhook(app, updated)).statusCode).toBe(200);
    expect((await client.get("/api/payments-account")).json()).toEqual({ status: "active" });
    const again = await client.post("/api/payments-account", {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe("Card payments are already set up.");
  });
});

describe("paying an invoice by card", () => {
  it("refuses Checkout when card payment is not set up or nothing is due", async () => {
    const { client, invoice, token } = await speakerWithSentInvoice();
    const visitor = createClient(app);
    expect((await visitor.get(`/api/public/invoices/${token}`)).json().canPayByCard).toBe(false);
    const notConnected = await visitor.post(`/api/public/invoices/${token}/checkout`, {});
    expect(notConnected.statusCode).toBe(409);
    expect(notConnected.json().error).toBe(
      "Card payment is not set up for this invoice. Use the payment instructions instead.",
    );

    await connect(client);
    await client.post(`/api/invoices/${invoice.id}/payments`, {
      amount: 1234.56,
      date: "2026-01-05",
      method: "check",
    });
    const paid = await visitor.post(`/api/public/invoices/${token}/checkout`, {});
    expect(paid.statusCode).toBe(409);
    expect(paid.json().error).toBe("Nothing is due on this invoice.");
    expect((await visitor.get(`/api/public/invoices/${token}`)).json().canPayByCard).toBe(false);

    const unknown = await visitor.post(`/api/public/invoices/${"x".repeat(43)}/checkout`, {});
    expect(unknown.statusCode).toBe(404);
  });

  it("opens Checkout for the balance on the speaker's account and records the payment once", async () => {
    const { client, user, invoice, token } = await speakerWithSentInvoice();
    const accountId = await connect(client);
    await client.post(`/api/invoices/${invoice.id}/payments`, {
      amount: 234.56,
      date: "2026-01-05",
      method: "check",
    });
    expect((await createClient(app).get(`/api/public/invoices/${token}`)).json().canPayByCard).toBe(true);

    const completed = await payByCard(token);
    const checkout = stripe.requestsTo("POST", "/v1/checkout/sessions").at(-1)!;
    expect(checkout.stripeAccount).toBe(accountId);
    expect(checkout.body).toMatchObject({
      mode: "payment",
      metadata: { podium_invoice_id: invoice.id, podium_user_id: user.id },
      line_items: { 0: { quantity: "1", price_data: { currency: "usd", unit_amount: "100000" } } },
      success_url: `http://podium.example/i/${token}?payment=done`,
    });

    // The same event twice, then another event for the same payment intent.
    for (const event of [completed, completed, { ...completed, id: `${completed.id}_again` }]) {
      expect((await postWebhook(app, event)).statusCode).toBe(200);
    }
    const payments = await paymentsOf(invoice.id);
    const paymentIntent = (completed.data.object as { payment_intent: string }).payment_intent;
    expect(payments).toHaveLength(2);
    expect(payments.find((payment) => payment.method === "card")).toMatchObject({
      amount: 100_000,
      reference: paymentIntent,
      stripePaymentIntentId: paymentIntent,
    });
    const after = (await client.get(`/api/invoices/${invoice.id}`)).json();
    expect(after).toMatchObject({ status: "paid", balanceDue: 0, amountPaid: 1234.56 });
    const recorded = after.activity.filter((entry: Json) => entry.type === "payment_recorded");
    expect(recorded.at(-1)).toMatchObject({ actor: "system", detail: `$1000.00 by card (${paymentIntent})` });
    const mails = (await mailTo(db, user.email)).filter((mail) => mail.subject.includes("paid by card"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("It is now paid in full.");
  });

  it("shows card payments turned on, and a card payment, at once on the public page and the list", async () => {
    const { client, token } = await speakerWithSentInvoice();
    const started = await client.post("/api/payments-account", {});
    const accountId = new URL(started.json().url).pathname.split("/")[3]!;
    const visitor = createClient(app);
    const page = async () => (await visitor.get(`/api/public/invoices/${token}`)).json();
    expect(await page()).toMatchObject({ status: "sent", canPayByCard: false });

    expect((await postWebhook(app, stripe.finishOnboarding(accountId))).statusCode).toBe(200);
    expect(await page()).toMatchObject({ status: "sent", canPayByCard: true, balanceDue: 1234.56 });
    const listed = async () => (await client.get("/api/invoices")).json().items[0];
    expect(await listed()).toMatchObject({ status: "sent", balanceDue: 1234.56 });
    expect((await postWebhook(app, await payByCard(token))).statusCode).toBe(200);
    expect(await page()).toMatchObject({ status: "paid", canPayByCard: false, balanceDue: 0 });
    // The speaker's list too, though the speaker made no call.
    expect(await listed()).toMatchObject({ status: "paid", balanceDue: 0 });
  });

  it("moves a partly paid invoice to partial and ignores a session from another account", async () => {
    const { client, user, invoice, token } = await speakerWithSentInvoice();
    await connect(client);
    const completed = await payByCard(token);
    const session = completed.data.object as Record<string, unknown>;

    // Another speaker's account cannot pay (or forge) this speaker's invoice.
    const other = await createSignedInClient(app, db, { freshCheck: true });
    const otherAccount = await connect(other.client);
    const foreign = eventEnvelope(
      "checkout.session.completed",
      { ...session, payment_intent: "pi_test_foreign" },
      otherAccount,
    );
    expect((await postWebhook(app, foreign)).statusCode).toBe(200);
    expect(await paymentsOf(invoice.id)).toHaveLength(0);

    const half = eventEnvelope(
      "checkout.session.completed",
      { ...session, amount_total: 23_456 },
      completed.account,
    );
    expect((await postWebhook(app, half)).statusCode).toBe(200);
    const partial = (await client.get(`/api/invoices/${invoice.id}`)).json();
    expect(partial).toMatchObject({ status: "partial", amountPaid: 234.56, balanceDue: 1000 });
    const mail = (await mailTo(db, user.email)).find((m) => m.subject.includes("paid by card"));
    expect(mail!.text).toContain("The balance left is $1,000.00.");
  });

  it("tells the speaker about a card payment a void invoice cannot take", async () => {
    const { client, user, invoice, token } = await speakerWithSentInvoice();
    await connect(client);
    const completed = await payByCard(token);
    await client.post(`/api/invoices/${invoice.id}/void`, { reason: "Event cancelled" });
    expect((await postWebhook(app, completed)).statusCode).toBe(200);
    expect(await paymentsOf(invoice.id)).toHaveLength(0);
    const [mail] = await mailTo(db, user.email);
    expect(mail!.subject).toBe("A card payment needs your attention");
    expect(mail!.text).toContain("This invoice is void: it takes no payments.");
  });
});

describe("another speaker", () => {
  it("sees only their own payments account and gets 404 for the speaker's invoice by id", async () => {
    const { client, invoice } = await speakerWithSentInvoice();
    await connect(client);
    const other = (await createSignedInClient(app, db, { freshCheck: true })).client;
    expect((await other.get("/api/payments-account")).json()).toEqual({ status: "not_connected" });
    expect((await other.get(`/api/invoices/${invoice.id}`)).statusCode).toBe(404);
    const [mine] = await db
      .select()
      .from(invoicePayments)
      .where(and(eq(invoicePayments.invoiceId, invoice.id), eq(invoicePayments.method, "card")));
    expect(mine).toBeUndefined();
  });
});

describe("billing off", async () => {
  const off = await createTestApp();
  it("answers off and refuses to connect", async () => {
    const { client } = await createSignedInClient(off.app, off.db, { freshCheck: true });
    expect((await client.get("/api/payments-account")).json()).toEqual({ status: "off" });
    const refused = await client.post("/api/payments-account", {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe("Card payments are off on this server: Stripe is not configured.");
  });
});

import { afterAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_SECRET } from "../../../test/app.ts";
import { createSignedInClient } from "../../../test/book.ts";
import { createClient, type TestClient } from "../../../test/client.ts";
import { ok, sentContract, speakerWithEvent, tokenOf } from "../../../test/contracts.ts";
import { DEFAULT_PASSWORD } from "../../../test/factories.ts";
import { temporaryDataDir } from "../../../test/files.ts";
import { createRecordingMailer, mailTo } from "../../../test/mailer.ts";
import { buildApp } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { hmac } from "../../platform/auth/tokens.ts";
import { rehashStoredLinks } from "../../stored-links.ts";

const env = { DATA_DIR: temporaryDataDir(), APP_URL: "http://podium.example" };
const { app, db, database } = await createTestApp(env);
const line = { description: "Keynote", quantity: 1, unitPrice: 5000 };

/** A speaker's invoice sent to the client, and the link the client was e-mailed. */
async function sentInvoice(client?: TestClient) {
  const speaker = client ?? (await createSignedInClient(app, db)).client;
  const invoice = await ok(await speaker.post("/api/invoices", { items: [line] }), 201);
  const sent = await ok(await speaker.post(`/api/invoices/${invoice.id}/send`, { to: "ap@client.example" }));
  return { client: speaker, invoice: sent, token: tokenOf(sent.publicUrl) };
}

describe("re-issuing an invoice's link", () => {
  it("stops the old link at once; the new one opens the invoice and goes out with reminders", async () => {
    const { client, invoice, token } = await sentInvoice();
    const visitor = createClient(app);
    expect((await visitor.get(`/api/public/invoices/${token}`)).statusCode).toBe(200);

    const reissued = await ok(await client.post(`/api/invoices/${invoice.id}/reissue-link`));
    expect(Object.keys(reissued)).toEqual(["publicUrl"]);
    expect(reissued.publicUrl).toMatch(/^http:\/\/podium\.example\/i\/[\w-]{43}$/);
    expect(reissued.publicUrl).not.toBe(invoice.publicUrl);
    for (const path of ["", "/pdf", "/logo"]) {
      expect((await visitor.get(`/api/public/invoices/${token}${path}`)).statusCode).toBe(404);
    }
    expect((await visitor.post(`/api/public/invoices/${token}/checkout`)).statusCode).toBe(404);
    const fresh = await ok(await visitor.get(`/api/public/invoices/${tokenOf(reissued.publicUrl)}`));
    expect(fresh.number).toBe(invoice.number);
    expect((await ok(await client.get(`/api/invoices/${invoice.id}`))).publicUrl).toBe(reissued.publicUrl);

    await ok(await client.post(`/api/invoices/${invoice.id}/remind`));
    const [reminder] = await mailTo(db, "ap@client.example");
    expect(reminder!.text).toContain(reissued.publicUrl);
    expect(reminder!.text).not.toContain(invoice.publicUrl);
  });

  it("refuses a draft, which has no link, and another speaker's invoice", async () => {
    const { client } = await createSignedInClient(app, db);
    const draft = await ok(await client.post("/api/invoices", { items: [line] }), 201);
    const refused = await client.post(`/api/invoices/${draft.id}/reissue-link`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/send/i);
    const { invoice } = await sentInvoice();
    expect((await client.post(`/api/invoices/${invoice.id}/reissue-link`)).statusCode).toBe(404);
  });
});

describe("a void invoice's page", () => {
  it("says only that it is void: no amounts, lines, payment details or PDF", async () => {
    const { client, invoice, token } = await sentInvoice();
    await client.post("/api/reauth", { password: DEFAULT_PASSWORD });
    await client.put("/api/invoice-settings/payment-instructions", {
      paymentInstructions: "Bank: First Bank, routing 000",
    });
    await ok(await client.post(`/api/invoices/${invoice.id}/void`, { reason: "Event cancelled" }));
    const visitor = createClient(app);
    const page = await ok(await visitor.get(`/api/public/invoices/${token}`));
    expect(page).toEqual({ status: "void", number: invoice.number });
    const pdf = await visitor.get(`/api/public/invoices/${token}/pdf`);
    expect(pdf.statusCode).toBe(410);
    expect(pdf.json().error).toMatch(/void/);
  });
});

describe("keys by purpose", () => {
  it("derives invoice links from their own key, not from the secret itself", async () => {
    const { invoice } = await sentInvoice();
    const fromTheSecret = hmac(TEST_SECRET, `invoice-link:${invoice.id}`);
    expect((await createClient(app).get(`/api/public/invoices/${fromTheSecret}`)).statusCode).toBe(404);
  });

  it("rotating the invoice links' key ends those links only: contracts, calendars and sessions go on", async () => {
    const { client, invoice, token } = await sentInvoice();
    const { client: speaker, event } = await speakerWithEvent(app, db);
    const contract = await sentContract(speaker, event.id);
    const feed = await ok(await speaker.get("/api/calendar-feed"));

    const rotated = await buildApp({
      config: loadConfig({
        NODE_ENV: "test",
        LOG_LEVEL: "silent",
        ...env,
        TOKEN_KEY_VERSIONS: "invoice-link=2",
      }),
      database,
      mailer: createRecordingMailer(),
      secret: TEST_SECRET,
    });
    afterAll(() => rotated.close());
    await rehashStoredLinks(db, rotated.tokenKeys);

    const visitor = createClient(rotated);
    expect((await visitor.get(`/api/public/invoices/${token}`)).statusCode).toBe(404);
    const sameSpeaker = createClient(rotated);
    for (const [name, value] of client.jar) sameSpeaker.jar.set(name, value);
    const current = await ok(await sameSpeaker.get(`/api/invoices/${invoice.id}`));
    expect(current.publicUrl).not.toBe(invoice.publicUrl);
    expect((await visitor.get(`/api/public/invoices/${tokenOf(current.publicUrl)}`)).statusCode).toBe(200);
    // The CSRF token the browser holds still works: its key did not change.
    expect((await sameSpeaker.post(`/api/invoices/${invoice.id}/remind`)).statusCode).toBe(200);

    expect((await visitor.get(`/api/public/contracts/${tokenOf(contract.publicUrl)}`)).statusCode).toBe(200);
    expect((await visitor.get(new URL(feed.url).pathname)).statusCode).toBe(200);
  });
});

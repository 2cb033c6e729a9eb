import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_SECRET } from "../../../test/app.ts";
import { createSignedInClient, postEvent } from "../../../test/book.ts";
import { createClient, type TestClient } from "../../../test/client.ts";
import { confirmIdentity, createUser, signIn } from "../../../test/factories.ts";
import { makePng, samplePdf, temporaryDataDir, uploadOk } from "../../../test/files.ts";
import { mailTo } from "../../../test/mailer.ts";
import { buildApp } from "../../app.ts";
import { contracts } from "../../platform/db/schema.ts";
import { contractContext } from "../contracts/routes.ts";
import { sweepContracts } from "../contracts/sweep.ts";
import { queueDueDigests } from "../follow-ups/digest.ts";
import { runInvoiceReminders } from "../invoices/run-reminders.ts";

const dataDir = temporaryDataDir();
const APP_URL = "http://podium.example";
const { app, db, config, database, mailer } = await createTestApp({ DATA_DIR: dataDir, APP_URL });

// The public pages' HTML, answered from a built web app (each page's document is a stub).
const distDir = path.join(dataDir, "dist");
fs.mkdirSync(path.join(distDir, "pages"), { recursive: true });
const stub =
  '<!doctype html><html><head><meta name="description" content="Podium" /><title>Podium</title></head><body></body></html>';
fs.writeFileSync(path.join(distDir, "index.html"), stub);
for (const page of ["share", "sign", "inquire"])
  fs.writeFileSync(path.join(distDir, "pages", `${page}.html`), stub);
const web = await buildApp({
  config,
  database,
  mailer,
  secret: TEST_SECRET,
  web: { mode: "built", distDir },
});
afterAll(() => web.close());

const DAY = 86_400_000;
const tokenOf = (url: string) => url.split("/").pop()!;
const today = new Date().toISOString().slice(0, 10);

/** A speaker with everything the public can reach: a media kit, a share link, a sent invoice and contract, a feed. */
async function speakerWithPublicPages(name: string) {
  const { user, client } = await createSignedInClient(app, db);
  await client.put("/api/speaker-profile", { name: `${name} Rivera`, email: `${name}@rivera.example` });
  const headshot = await uploadOk(client, makePng(), { filename: "headshot.png", kind: "headshot" });
  const rider = await uploadOk(client, samplePdf, { filename: "rider.pdf" });
  const slug = `${name}-rivera`;
  const kit = await client.put("/api/media-kit", {
    slug,
    headline: "Leading through change",
    topics: [{ title: "Change", formats: [] }],
    headshotFileIds: [headshot.id],
    resourceFileIds: [rider.id],
  });
  expect(kit.statusCode).toBe(200);
  const link = (await client.post("/api/share-links", { kind: "media_kit", label: "Kickoff" })).json();
  const shareToken = tokenOf(link.url);

  const invoice = (
    await client.post("/api/invoices", {
      items: [{ description: "Keynote", quantity: 1, unitPrice: 5000 }],
      dueDate: today,
    })
  ).json();
  const sentInvoice = (
    await client.post(`/api/invoices/${invoice.id}/send`, { to: `ap@${name}.example` })
  ).json();

  const event = await postEvent(client, { title: `${name} keynote`, date: today, status: "confirmed" });
  const draft = (await client.post(`/api/events/${event.id}/contracts`, {})).json();
  const sentContract = (
    await client.post(`/api/contracts/${draft.id}/send`, {
      signerName: "Dana Lee",
      signerEmail: `dana@${name}.example`,
    })
  ).json();
  await client.put("/api/notification-settings", { digest: "daily", digestHour: 0, timeZone: "UTC" });
  const feedPath = new URL((await client.get("/api/calendar-feed")).json().url).pathname;

  return {
    user,
    client,
    email: user.email,
    contractId: sentContract.id as string,
    invoiceAddress: `ap@${name}.example`,
    signerAddress: `dana@${name}.example`,
    /** Every public address, with what an unknown token or slug in its place answers. */
    reads: [
      { url: `/api/public/share/${shareToken}`, unknown: `/api/public/share/${"x".repeat(43)}` },
      {
        url: `/api/public/share/${shareToken}/files/${rider.id}`,
        unknown: `/api/public/share/${"x".repeat(43)}/files/${rider.id}`,
      },
      {
        url: `/api/public/share/${shareToken}/files.zip`,
        unknown: `/api/public/share/${"x".repeat(43)}/files.zip`,
      },
      {
        url: `/api/public/share/${shareToken}/one-sheet.pdf`,
        unknown: `/api/public/share/${"x".repeat(43)}/one-sheet.pdf`,
      },
      { url: `/share/${slug}/${shareToken}`, unknown: `/share/${slug}/${"x".repeat(43)}`, html: true },
      {
        url: `/api/public/invoices/${tokenOf(sentInvoice.publicUrl)}`,
        unknown: `/api/public/invoices/${"x".repeat(43)}`,
      },
      {
        url: `/api/public/invoices/${tokenOf(sentInvoice.publicUrl)}/pdf`,
        unknown: `/api/public/invoices/${"x".repeat(43)}/pdf`,
      },
      { url: `/i/${tokenOf(sentInvoice.publicUrl)}`, unknown: `/i/${"x".repeat(43)}`, html: true },
      {
        url: `/api/public/contracts/${tokenOf(sentContract.publicUrl)}`,
        unknown: `/api/public/contracts/${"x".repeat(43)}`,
      },
      { url: `/sign/${tokenOf(sentContract.publicUrl)}`, unknown: `/sign/${"x".repeat(43)}`, html: true },
      { url: feedPath, unknown: `/calendar/${"x".repeat(43)}.ics` },
      { url: `/api/public/inquiries/${slug}`, unknown: "/api/public/inquiries/nobody-here" },
      { url: `/inquire/${slug}`, unknown: "/inquire/nobody-here", html: true },
    ],
    writes: [
      { url: `/api/public/invoices/${tokenOf(sentInvoice.publicUrl)}/checkout`, body: {} },
      {
        url: `/api/public/contracts/${tokenOf(sentContract.publicUrl)}/sign`,
        body: { typedName: "Dana Lee", consent: true },
      },
      {
        url: `/api/public/inquiries/${slug}`,
        body: {
          organization: "Acme",
          contactName: "Pat",
          email: "pat@acme.example",
          message: "A keynote?",
          formToken: "1.x",
        },
      },
    ],
  };
}

const visit = (url: string, html = false) =>
  (html ? web : app).inject({ method: "GET", url, headers: html ? { accept: "text/html" } : {} });

async function disable(admin: TestClient, userId: string) {
  expect((await admin.patch(`/api/admin/users/${userId}`, { disabled: true })).statusCode).toBe(200);
}

const admin = createClient(app);
await signIn(admin, db, await createUser(db, { role: "admin" }));
await confirmIdentity(admin);
const active = await speakerWithPublicPages("active");
const disabled = await speakerWithPublicPages("disabled");

describe("a disabled account", () => {
  it("has no public page left: every address answers like an unknown token", async () => {
    for (const { url, html } of disabled.reads)
      expect([url, (await visit(url, html)).statusCode]).toEqual([url, 200]);
    await disable(admin, disabled.user.id);
    for (const { url, unknown, html } of disabled.reads) {
      const [answer, unknownAnswer] = [await visit(url, html), await visit(unknown, html)];
      expect([url, answer.statusCode]).toEqual([url, 404]);
      expect([url, answer.body]).toEqual([url, unknownAnswer.body]);
    }
    for (const { url, body } of disabled.writes) {
      const answer = await createClient(app).post(url, body);
      expect([url, answer.statusCode]).toEqual([url, 404]);
    }
    for (const { url, html } of active.reads)
      expect([url, (await visit(url, html)).statusCode]).toEqual([url, 200]);
  });

  it("is skipped by every sweep: invoice and contract reminders, contract expiry, digests", async () => {
    const reminders = {
      db,
      mailer,
      storage: app.storage,
      appUrl: APP_URL,
      linkKey: app.tokenKeys["invoice-link"],
    };
    const later = new Date(Date.now() + 4 * DAY);
    await runInvoiceReminders(reminders, later);
    await sweepContracts(contractContext(app), later);
    await queueDueDigests({ db, mailer, appUrl: APP_URL }, later);
    const sentTo = async (address: string) => (await mailTo(db, address)).length;
    // One mail each when sent; the active speaker's invoice, contract and digest get one more each.
    expect(await sentTo(active.invoiceAddress)).toBe(2);
    expect(await sentTo(active.signerAddress)).toBe(2);
    expect(await sentTo(active.email)).toBe(1);
    expect(await sentTo(disabled.invoiceAddress)).toBe(1);
    expect(await sentTo(disabled.signerAddress)).toBe(1);
    expect(await sentTo(disabled.email)).toBe(0);

    await db.update(contracts).set({ expiresAt: new Date(Date.now() + 5 * DAY) });
    await sweepContracts(contractContext(app), new Date(Date.now() + 6 * DAY));
    const statusOf = async (id: string) =>
      (await db.select({ status: contracts.status }).from(contracts).where(eq(contracts.id, id)))[0]?.status;
    expect(await statusOf(active.contractId)).toBe("expired");
    // Opened before the account was disabled (first test), and left as it was.
    expect(await statusOf(disabled.contractId)).toBe("viewed");
  });
});

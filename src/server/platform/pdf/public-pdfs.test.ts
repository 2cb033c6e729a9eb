import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createSignedInClient, postEvent } from "../../../test/book.ts";
import { createClient, type TestClient } from "../../../test/client.ts";
import { makeBlankPng, makePng, samplePdf, temporaryDataDir, uploadOk } from "../../../test/files.ts";
import { pdfText } from "../../../test/pdf.ts";
import { files } from "../db/schema.ts";
import { putBytes } from "../storage/object-bytes.ts";

const { app, db } = await createTestApp({ DATA_DIR: temporaryDataDir(), APP_URL: "http://podium.example" });
const tokenOf = (url: string) => url.split("/").pop()!;
const line = { description: "Keynote", quantity: 1, unitPrice: 5000 };

async function ok(response: { statusCode: number; body: string; json(): unknown }, status = 200) {
  if (response.statusCode !== status) throw new Error(`${response.statusCode} ${response.body}`);
  // biome-ignore lint/suspicious/noExplicitAny: answers are read field by field
  return response.json() as any;
}

/** A speaker whose media kit has `headshot` as its photo and `rider.pdf` as a resource, shared by a link. */
async function sharedKit(slug: string, headshot = makePng(32, 32)) {
  const { client } = await createSignedInClient(app, db);
  await client.put("/api/speaker-profile", { name: "Jordan Rivera", title: "Leadership Speaker" });
  const photo = await uploadOk(client, headshot, { filename: "jordan.png", kind: "headshot" });
  const rider = await uploadOk(client, samplePdf, { filename: "rider.pdf" });
  await ok(
    await client.put("/api/media-kit", {
      slug,
      headline: "Leading through change",
      topics: [{ title: "Resilient Teams", formats: ["keynote"] }],
      headshotFileIds: [photo.id],
      resourceFileIds: [rider.id],
    }),
  );
  const link = await ok(await client.post("/api/share-links", { kind: "media_kit", label: "Kit" }), 201);
  return { client, token: tokenOf(link.url), rider };
}

async function sentInvoice(client: TestClient) {
  const invoice = await ok(await client.post("/api/invoices", { items: [line] }), 201);
  const sent = await ok(await client.post(`/api/invoices/${invoice.id}/send`, { to: "x@example.com" }));
  return { invoice, token: tokenOf(sent.publicUrl) };
}

describe("public PDFs", () => {
  it("are never kept by a browser or a shared cache, nor are the files and logo of public links", async () => {
    const { client, token, rider } = await sharedKit("no-store-kit");
    const logo = await uploadOk(client, makePng(40, 20), { filename: "logo.png", kind: "logo" });
    const settings = (await client.get("/api/invoice-settings")).json();
    await ok(await client.put("/api/invoice-settings", { ...settings, logoFileId: logo.id }));
    const invoice = await sentInvoice(client);
    const event = await postEvent(client, { contactName: "Dana Lee", contactEmail: "dana@acme.example" });
    const draft = await ok(await client.post(`/api/events/${event.id}/contracts`, {}), 201);
    const contract = await ok(
      await client.post(`/api/contracts/${draft.id}/send`, {
        signerName: "Dana Lee",
        signerEmail: "dana@acme.example",
      }),
    );

    const visitor = createClient(app);
    for (const url of [
      `/api/public/share/${token}/one-sheet.pdf`,
      `/api/public/share/${token}/files/${rider.id}`,
      `/api/public/invoices/${invoice.token}/pdf`,
      `/api/public/invoices/${invoice.token}/logo`,
      `/api/public/contracts/${tokenOf(contract.publicUrl)}/pdf`,
    ]) {
      const answer = await visitor.get(url);
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers["cache-control"], url).toBe("no-store");
    }
  });

  it("render the one-sheet once per version of the kit: a repeat gets the stored bytes, a change a new PDF", async () => {
    const { client, token } = await sharedKit("once-kit");
    const visitor = createClient(app);
    const first = await visitor.get(`/api/public/share/${token}/one-sheet.pdf`);
    expect(first.statusCode).toBe(200);
    // A new rendering would carry a creation time at least a second later.
    await sleep(1100);
    const again = await visitor.get(`/api/public/share/${token}/one-sheet.pdf`);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    const own = await client.get("/api/media-kit/one-sheet.pdf");
    expect(own.rawPayload.equals(first.rawPayload)).toBe(true);

    await ok(await client.put("/api/media-kit", { headline: "Leading with courage" }));
    const changed = await visitor.get(`/api/public/share/${token}/one-sheet.pdf`);
    expect(pdfText(changed.rawPayload)).toContain("Leading with courage");
    await ok(await client.put("/api/speaker-profile", { name: "Jordan R. Rivera" }));
    expect(pdfText((await visitor.get(`/api/public/share/${token}/one-sheet.pdf`)).rawPayload)).toContain(
      "Jordan R. Rivera",
    );
  });

  it("render an invoice once per version: a repeat gets the stored bytes, a payment a new PDF", async () => {
    const { client } = await createSignedInClient(app, db);
    await client.put("/api/speaker-profile", { name: "Jordan Rivera" });
    const { invoice, token } = await sentInvoice(client);
    const visitor = createClient(app);
    const first = await visitor.get(`/api/public/invoices/${token}/pdf`);
    expect(first.statusCode).toBe(200);
    await sleep(1100);
    expect((await visitor.get(`/api/public/invoices/${token}/pdf`)).rawPayload.equals(first.rawPayload)).toBe(
      true,
    );
    await ok(
      await client.post(`/api/invoices/${invoice.id}/payments`, {
        amount: 5000,
        date: "2026-01-05",
        method: "check",
      }),
      201,
    );
    expect(pdfText((await visitor.get(`/api/public/invoices/${token}/pdf`)).rawPayload)).toContain("PAID");
    // Viewing the PDF still counts as the client reading the invoice.
    expect((await client.get(`/api/invoices/${invoice.id}`)).json().viewCount).toBe(3);
  });

  it("render off the event loop: the health check answers at once while a heavy one-sheet renders", async () => {
    // The largest image an upload may be: decoding it takes pdf-lib seconds.
    const { token } = await sharedKit("heavy-kit", makeBlankPng(4000, 4000));
    const visitor = createClient(app);
    // A first one-sheet loads the PDF code, so the next starts rendering at once.
    const light = await sharedKit("light-kit");
    expect((await visitor.get(`/api/public/share/${light.token}/one-sheet.pdf`)).statusCode).toBe(200);
    let isRendered = false;
    const sheet = visitor.get(`/api/public/share/${token}/one-sheet.pdf`).then((answer) => {
      isRendered = true;
      return answer;
    });
    await sleep(300);
    const waits: number[] = [];
    for (let check = 0; check < 3; check++) {
      const started = performance.now();
      const health = await app.inject({ method: "GET", url: "/api/health" });
      waits.push(performance.now() - started);
      expect(health.statusCode).toBe(200);
      await sleep(100);
    }
    expect(isRendered).toBe(false);
    // 100 ms on a quiet machine (bench/media-kit.ts measures it); the margin is for a busy one.
    expect(Math.max(...waits)).toBeLessThan(500);
    const answer = await sheet;
    expect(answer.statusCode).toBe(200);
    expect(answer.rawPayload.includes(Buffer.from("/Subtype /Image"))).toBe(true);
  });

  it("leave out an image over the limits that was stored before uploads were checked", async () => {
    const { client, token } = await sharedKit("legacy-kit");
    const [headshot] = (await client.get("/api/files?kind=headshot")).json().items;
    const [row] = await db.select().from(files).where(eq(files.id, headshot.id));
    // The stored headshot replaced behind the upload's back by 8 KB that decode to 8000 × 8000 pixels.
    const bomb = makeBlankPng(8000, 8000);
    await putBytes(app.storage, row!.storageKey, bomb, "image/png");
    await db
      .update(files)
      .set({ size: bomb.length, sha256: createHash("sha256").update(bomb).digest("hex") })
      .where(eq(files.id, headshot.id));
    const sheet = await createClient(app).get(`/api/public/share/${token}/one-sheet.pdf`);
    expect(sheet.statusCode).toBe(200);
    expect(pdfText(sheet.rawPayload)).toContain("Leading through change");
    expect(sheet.rawPayload.includes(Buffer.from("/Subtype /Image"))).toBe(false);
  });
});

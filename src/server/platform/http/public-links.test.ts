import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { createLoggedTestApp } from "../../../test/app.ts";
import { postEvent } from "../../../test/book.ts";
import { createClient } from "../../../test/client.ts";
import { latestLinkToken, registerThroughApi } from "../../features/accounts/testing.ts";

/**
 * Issue 27, items 10 and 15: a journey through every kind of public link leaves none of its tokens in the
 * log (which names routes, never paths), every answer carries X-Request-Id, and the HTML page of a link
 * counts against the same per-address limit as its JSON.
 */
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(String(chunk));
    done();
  },
});

const distDir = mkdtempSync(path.join(tmpdir(), "podium-dist-"));
mkdirSync(path.join(distDir, "pages"));
mkdirSync(path.join(distDir, "assets"));
writeFileSync(
  path.join(distDir, "index.html"),
  "<!doctype html><html><head><title>Podium</title></head></html>",
);

// 600 × 0.01: six visits of an invoice link per address and window.
const { app, database } = await createLoggedTestApp(
  logStream,
  { RATE_LIMIT_FACTOR: "0.01" },
  { mode: "built", distDir },
);
await app.ready();
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(distDir, { recursive: true, force: true });
});

const db = database.db;
const lastSegment = (url: string) => url.split("/").pop()!;

describe("a journey through every public link", () => {
  it("logs routes and no token, and every answer carries X-Request-Id", async () => {
    const speaker = createClient(app);
    const visitor = createClient(app);
    const responses = [];
    const tokens: string[] = [];

    const { input } = await registerThroughApi(speaker);
    const verifyToken = await latestLinkToken(db, input.email, "verify");
    tokens.push(verifyToken);
    responses.push(await visitor.get(`/verify-email?token=${verifyToken}`));
    responses.push(await speaker.post("/api/auth/verify-email", { token: verifyToken }));

    await speaker.put("/api/speaker-profile", { name: "Jordan Rivera" });
    await speaker.put("/api/media-kit", { slug: "jordan-rivera" });
    const share = await speaker.post("/api/share-links", { kind: "media_kit", label: "ACME" });
    const shareToken = lastSegment(share.json().url);
    tokens.push(shareToken);
    responses.push(await visitor.get(`/share/jordan-rivera/${shareToken}`));
    responses.push(await visitor.get(`/api/public/share/${shareToken}?slug=jordan-rivera`));

    const item = { description: "Keynote", quantity: 1, unitPrice: 5000 };
    const invoice = (await speaker.post("/api/invoices", { items: [item] })).json();
    const sent = await speaker.post(`/api/invoices/${invoice.id}/send`, { to: "ap@acme.example" });
    const invoiceToken = lastSegment(sent.json().publicUrl);
    tokens.push(invoiceToken);
    responses.push(await visitor.get(`/i/${invoiceToken}`));
    responses.push(await visitor.get(`/api/public/invoices/${invoiceToken}`));
    responses.push(await visitor.get(`/api/public/invoices/${invoiceToken}/no-such-thing`));

    const event = await postEvent(speaker, { title: "Kickoff", date: "2030-05-01", contactName: "Dana" });
    const draft = (await speaker.post(`/api/events/${event.id}/contracts`, {})).json();
    const contract = await speaker.post(`/api/contracts/${draft.id}/send`, {
      signerName: "Dana Lee",
      signerEmail: "dana@acme.example",
    });
    const signingToken = lastSegment(contract.json().publicUrl);
    tokens.push(signingToken);
    responses.push(await visitor.get(`/sign/${signingToken}`));
    responses.push(await visitor.get(`/api/public/contracts/${signingToken}`));
    responses.push(
      await visitor.post(`/api/public/contracts/${signingToken}/decline`, { reason: "Dates moved" }),
    );

    const feed = (await speaker.get("/api/calendar-feed")).json();
    const feedToken = lastSegment(feed.url).replace(/\.ics$/, "");
    tokens.push(feedToken);
    responses.push(await visitor.get(`/calendar/${feedToken}.ics`));

    await visitor.post("/api/auth/request-reset", { email: input.email });
    const resetToken = await latestLinkToken(db, input.email, "reset");
    tokens.push(resetToken);
    responses.push(await visitor.get(`/reset-password/${resetToken}`));
    responses.push(await visitor.get(`/api/auth/reset-password/${resetToken}`));

    tokens.push(...speaker.jar.values(), ...visitor.jar.values());
    expect(responses.map((response) => response.statusCode)).not.toContain(500);
    for (const response of responses) expect(response.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);

    const log = logLines.join("");
    expect(log).toContain('"route":"/i/:token"');
    expect(log).toContain('"route":"/api/public/contracts/:token/decline"');
    for (const token of tokens) expect(log).not.toContain(token);
  });
});

describe("the HTML page of a public link", () => {
  const from = (remoteAddress: string) => (url: string) => app.inject({ method: "GET", url, remoteAddress });

  it("counts against the per-address limit of its JSON", async () => {
    const get = from("203.0.113.7");
    const token = "x".repeat(43);
    const answers = [];
    for (let visit = 0; visit < 3; visit++) {
      answers.push(
        (await get(`/i/${token}`)).statusCode,
        (await get(`/api/public/invoices/${token}`)).statusCode,
      );
    }
    expect(answers).toEqual([404, 404, 404, 404, 404, 404]);
    expect((await get(`/i/${token}`)).statusCode).toBe(429);
    expect((await get(`/i/${token}/`)).statusCode).toBe(429);
    expect((await get(`/api/public/invoices/${token}`)).statusCode).toBe(429);
  });

  it.each([
    ["a signing page", "/sign/", 3],
    ["a shared media kit", "/share/someone/", 6],
    ["a resources page", "/shared/", 6],
    ["an inquiry form", "/inquire/", 3],
  ])("of %s is limited per address too", async (_, prefix, limit) => {
    const get = from(`198.51.100.${limit}${prefix.length}`);
    for (let visit = 0; visit < limit; visit++) {
      expect((await get(`${prefix}${"y".repeat(43)}`)).statusCode).not.toBe(429);
    }
    expect((await get(`${prefix}${"y".repeat(43)}`)).statusCode).toBe(429);
  });
});

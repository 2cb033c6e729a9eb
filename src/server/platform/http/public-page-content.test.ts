import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PAGE_ANSWER_ELEMENT_ID } from "../../../shared/public-page.ts";
import { createSignedInClient, postEvent } from "../../../test/book.ts";
import { createClient, type TestClient } from "../../../test/client.ts";
import { createTestDatabase } from "../../../test/database.ts";
import { makePng, temporaryDataDir, uploadOk } from "../../../test/files.ts";
import { createRecordingMailer, mailTo } from "../../../test/mailer.ts";
import { renderPublicPage } from "../../../web/public-pages/render.tsx";
import { buildApp } from "../../app.ts";
import { loadConfig } from "../../config.ts";

/**
 * The public pages reached by a token or slug as a planner's browser first receives them (decision 042): the
 * page's content is in the HTML, before any script runs, rendered by the same React components that hydrate
 * it, with exactly the public JSON call's answer beside it.
 */

/** The build's documents as scripts/build.mjs writes them, each with its prerendered loading state. */
function writeBuiltPages(distDir: string) {
  mkdirSync(path.join(distDir, "pages"), { recursive: true });
  writeFileSync(path.join(distDir, "index.html"), "<!doctype html><html><head></head><body></body></html>");
  for (const page of ["invoice", "share", "sign", "inquire", "hold", "questionnaire"]) {
    writeFileSync(
      path.join(distDir, "pages", `${page}.html`),
      `<!doctype html><html><head><meta name="description" content="Podium" /><title>Podium</title></head><body>\n<div id="root" data-page="${page}"><p role="status">Loading…</p></div>\n</body></html>`,
    );
  }
}

const distDir = mkdtempSync(path.join(tmpdir(), "podium-dist-"));
writeBuiltPages(distDir);
const database = await createTestDatabase();
const app = await buildApp({
  config: loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: temporaryDataDir(),
    APP_URL: "http://podium.example",
  }),
  database,
  mailer: createRecordingMailer(),
  secret: "test-secret-".padEnd(40, "x"),
  web: { mode: "built", distDir, renderPage: renderPublicPage },
});
await app.ready();
afterAll(async () => {
  await app.close();
  await database.close();
});
const db = database.db;
const visitor = createClient(app);
const HTML = { headers: { accept: "text/html" } };

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field
type Json = any;

async function ok(
  response: { statusCode: number; body: string; json(): unknown },
  status = 200,
): Promise<Json> {
  if (response.statusCode !== status) throw new Error(`${response.statusCode} ${response.body}`);
  return response.json();
}

/** The answer the page carries for hydration, as its script element holds it. */
function embeddedAnswer(html: string): Json {
  const pattern = new RegExp(
    `<script type="application/json" id="${PAGE_ANSWER_ELEMENT_ID}">([^<]*)</script>`,
  );
  const json = pattern.exec(html)?.[1];
  if (json === undefined) throw new Error("The page carries no answer");
  return JSON.parse(json);
}

/** The root element's content, what a visitor sees before any script runs (without React's text separators). */
const rootOf = (html: string) =>
  html.slice(html.indexOf('<div id="root"'), html.indexOf("<script")).replaceAll("<!-- -->", "");

async function speaker(profile: Record<string, unknown> = {}) {
  const signedIn = await createSignedInClient(app, db);
  await ok(
    await signedIn.client.put("/api/speaker-profile", {
      name: "Jordan Rivera",
      businessName: "Rivera Talks LLC",
      email: "jordan@rivera.example",
      ...profile,
    }),
  );
  return signedIn;
}

async function sentInvoice(client: TestClient) {
  const billed = await ok(await client.post("/api/clients", { name: "Dana Lee", company: "ACME Corp" }), 201);
  const invoice = await ok(
    await client.post("/api/invoices", {
      clientId: billed.id,
      items: [{ description: "Opening keynote", quantity: 1, unitPrice: 5000 }],
    }),
    201,
  );
  const sent = await ok(await client.post(`/api/invoices/${invoice.id}/send`, { to: "dana@acme.example" }));
  return { invoice, token: sent.publicUrl.split("/").pop() as string };
}

describe("an invoice link's page", () => {
  it("holds the invoice's number, amount, client and sender in its HTML, and the answer its call gives", async () => {
    const { client } = await speaker();
    const { invoice, token } = await sentInvoice(client);

    const page = await visitor.get(`/i/${token}`, HTML);
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("no-store");
    const content = rootOf(page.body);
    expect(content).toContain(`Invoice ${invoice.number}`);
    expect(content).toContain("$5,000.00");
    expect(content).toContain("to Dana Lee, ACME Corp");
    expect(content).toContain("Rivera Talks LLC");
    expect(content).toContain("Opening keynote");
    expect(content).not.toContain("Loading");
    // Nothing beyond what the public call answers: the page carries that very answer.
    const answer = embeddedAnswer(page.body);
    expect(answer.status).toBe(200);
    // Reading the HTML (as a link preview does) is not a visit; the page's own call is.
    expect((await ok(await client.get(`/api/invoices/${invoice.id}`))).viewCount).toBe(0);
    expect(answer.body).toEqual(await ok(await visitor.get(`/api/public/invoices/${token}`)));
    expect((await ok(await client.get(`/api/invoices/${invoice.id}`))).viewCount).toBe(1);
  });

  it("shows a speaker's text as text, and its answer cannot end the element that holds it", async () => {
    // One line: a business name takes no line break (decision 061).
    const hostile = '</script><script>alert("owned")</script><!-- <b>Co</b> & LLC';
    const { client } = await speaker({ businessName: hostile });
    const { token } = await sentInvoice(client);

    const page = await visitor.get(`/i/${token}`, HTML);
    expect(page.statusCode).toBe(200);
    // The one script element is the answer's: the name neither closes it nor opens another.
    expect(page.body.match(/<script/g)).toHaveLength(1);
    expect(page.body).not.toContain("<b>Co</b>");
    expect(rootOf(page.body)).toContain("&lt;/script&gt;&lt;script&gt;alert(&quot;owned&quot;)");
    expect(embeddedAnswer(page.body).body.from.businessName).toBe(hostile);
  });

  it("says an unknown link is not valid, with status 404", async () => {
    const page = await visitor.get(`/i/${"x".repeat(43)}`, HTML);
    expect(page.statusCode).toBe(404);
    expect(rootOf(page.body)).toContain("This invoice link is not valid");
    expect(embeddedAnswer(page.body)).toEqual({
      status: 404,
      body: { error: "This invoice link is not valid" },
    });
  });
});

describe("a shared media kit's page", () => {
  it("holds the speaker, their headline, bio and headshot in its HTML", async () => {
    const { client } = await speaker({ title: "Leadership Speaker" });
    const headshot = await uploadOk(client, makePng(32, 32), { filename: "jordan.png", kind: "headshot" });
    const slug = `jordan-${Date.now()}`;
    await ok(
      await client.put("/api/media-kit", {
        slug,
        headline: "Leading through change",
        shortBio: "Twenty years on stage.",
        topics: [{ title: "Resilient Teams", formats: ["keynote"] }],
        headshotFileIds: [headshot.id],
      }),
    );
    const link = await ok(
      await client.post("/api/share-links", { kind: "media_kit", label: "Kickoff" }),
      201,
    );
    const token = new URL(link.url).pathname.split("/").pop()!;

    const page = await visitor.get(`/share/${slug}/${token}`, HTML);
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("no-store");
    const content = rootOf(page.body);
    expect(content).toMatch(/<h1[^>]*>Jordan Rivera<\/h1>/);
    expect(content).toContain("Leading through change");
    expect(content).toContain("Twenty years on stage.");
    expect(content).toContain("Resilient Teams");
    expect(content).toContain(`src="/api/public/share/${token}/files/${headshot.id}"`);
    expect(embeddedAnswer(page.body).body).toEqual(
      await ok(await visitor.get(`/api/public/share/${token}?slug=${slug}`)),
    );
  });

  it("says an unknown link is no longer available, with status 404", async () => {
    const page = await visitor.get(`/shared/${"y".repeat(43)}`, HTML);
    expect(page.statusCode).toBe(404);
    expect(rootOf(page.body)).toMatch(/<h1[^>]*>This link is no longer available<\/h1>/);
  });
});

describe("a contract's signing page", () => {
  it("holds the agreement and the consent in its HTML, and records no view until the page's call", async () => {
    const { client } = await speaker();
    const event = await postEvent(client, {
      title: "ACME Sales Kickoff",
      date: "2030-05-01",
      fee: 12000,
      contactName: "Dana Lee",
      contactEmail: "dana@acme.example",
    });
    const draft = await ok(await client.post(`/api/events/${event.id}/contracts`, {}), 201);
    const sent = await ok(
      await client.post(`/api/contracts/${draft.id}/send`, {
        signerName: "Dana Lee",
        signerEmail: "dana@acme.example",
      }),
    );
    const token = new URL(sent.publicUrl).pathname.split("/").pop()!;

    const page = await visitor.get(`/sign/${token}`, HTML);
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("no-store");
    const content = rootOf(page.body);
    expect(content).toContain("Jordan Rivera (Rivera Talks LLC) sent you an agreement");
    expect(content).toContain(draft.title);
    expect(content).toContain("ACME Sales Kickoff");
    expect(content).toContain("Consent to do business electronically");
    expect((await ok(await client.get(`/api/contracts/${draft.id}`))).status).toBe("sent");
    await ok(await visitor.get(`/api/public/contracts/${token}`));
    expect((await ok(await client.get(`/api/contracts/${draft.id}`))).status).toBe("viewed");
  });
});

describe("a speaker's inquiry page", () => {
  it("holds the speaker and the form in its HTML, framable as before", async () => {
    const { client } = await speaker();
    const slug = `dana-${Date.now()}`;
    await ok(await client.put("/api/media-kit", { slug, headline: "Helping teams lead through change" }));

    const page = await visitor.get(`/inquire/${slug}`, HTML);
    expect(page.statusCode).toBe(200);
    expect(page.headers["x-frame-options"]).toBeUndefined();
    const content = rootOf(page.body);
    expect(content).toContain("Jordan Rivera");
    expect(content).toContain("Helping teams lead through change");
    expect(content).toContain("Tell Jordan Rivera about your event");
    expect(content).toContain('name="organization"');
    expect(embeddedAnswer(page.body).body.formToken).toEqual(expect.any(String));
  });

  it("says an unknown speaker's page is not available, with status 404", async () => {
    const page = await visitor.get("/inquire/nobody-here", HTML);
    expect(page.statusCode).toBe(404);
    expect(embeddedAnswer(page.body).status).toBe(404);
    expect(rootOf(page.body)).not.toContain("Loading");
  });
});

describe("the speaker's name as a planner sees it", () => {
  let nextDay = 0;
  /** Asks a first hold to decide and sends a questionnaire: two e-mails and two pages to the planner. */
  async function plannerSees(client: TestClient) {
    nextDay += 7;
    const date = new Date(Date.UTC(2032, 0, 1) + nextDay * 86_400_000).toISOString().slice(0, 10);
    const planner = `planner-${Math.random().toString(36).slice(2)}@example.test`;
    const fields = { status: "hold", date, contactEmail: planner } as const;
    const first = await postEvent(client, { ...fields, title: "ACME Kickoff" });
    await postEvent(client, { status: "hold", date, title: "Another date" });
    await ok(await client.post(`/api/events/${first.id}/challenge`, {}), 201);
    const [challenge] = await mailTo(db, planner);
    const holdToken = /\/hold\/([\w-]+)/.exec(challenge!.text)![1]!;
    const sent = await ok(await client.post(`/api/events/${first.id}/questionnaire/send`, {}), 201);
    const [questions] = await mailTo(db, planner);
    const holdPage = (await visitor.get(`/hold/${holdToken}`, HTML)).body;
    const questionnairePath = new URL(sent.url).pathname;
    const questionnairePage = (await visitor.get(questionnairePath, HTML)).body;
    const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)![1]!;
    return {
      subjects: [challenge!.subject, questions!.subject],
      titles: [titleOf(holdPage), titleOf(questionnairePage)],
      everything: [challenge!.text, challenge!.html, questions!.text, holdPage, questionnairePage].join("\n"),
      answers: [embeddedAnswer(holdPage), embeddedAnswer(questionnairePage)],
    };
  }

  it('is the profile\'s name, else the business name, else "your speaker", never the username', async () => {
    const { client, user } = await createSignedInClient(app, db);

    const nameless = await plannerSees(client);
    expect(nameless.subjects).toEqual([
      expect.stringMatching(/^Your speaker: are you still holding /),
      "Your speaker: a few questions about ACME Kickoff",
    ]);
    expect(nameless.titles).toEqual([
      expect.stringMatching(/^Your speaker: is \d{4}-\d{2}-\d{2} still yours\?$/),
      "Your speaker: about ACME Kickoff",
    ]);
    expect(nameless.everything).not.toContain(user.username);

    await ok(await client.put("/api/speaker-profile", { businessName: "Rivera Talks LLC" }));
    const business = await plannerSees(client);
    expect(business.subjects).toEqual([
      expect.stringMatching(/^Rivera Talks LLC: are you still holding /),
      "Rivera Talks LLC: a few questions about ACME Kickoff",
    ]);
    expect(business.titles[1]).toBe("Rivera Talks LLC: about ACME Kickoff");
    expect(business.answers.map((answer) => answer.body.speaker)).toEqual([
      { name: null, businessName: "Rivera Talks LLC" },
      { name: null, businessName: "Rivera Talks LLC" },
    ]);
    expect(business.everything).not.toContain(user.username);

    await ok(
      await client.put("/api/speaker-profile", { name: "Jordan Rivera", businessName: "Rivera Talks LLC" }),
    );
    const named = await plannerSees(client);
    expect(named.subjects[1]).toBe("Jordan Rivera: a few questions about ACME Kickoff");
    expect(named.titles[0]).toMatch(/^Jordan Rivera: is /);
  });
});

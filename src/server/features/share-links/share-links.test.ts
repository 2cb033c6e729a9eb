import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createSignedInClient, postEvent } from "../../../test/book.ts";
import { createClient, type TestClient } from "../../../test/client.ts";
import { makePng, samplePdf, temporaryDataDir, uploadOk } from "../../../test/files.ts";
import { pdfText } from "../../../test/pdf.ts";
import { buildApp } from "../../app.ts";

const dataDir = temporaryDataDir();
const { app, db, config, database, mailer } = await createTestApp({
  DATA_DIR: dataDir,
  APP_URL: "http://podium.example",
});
const UNAVAILABLE = { error: "This link is no longer available" };
const tokenOf = (url: string) => url.split("/").pop()!;

/** A speaker with a profile, a media kit (slug, headshot, one resource) and a second file. */
async function createSpeaker(slug: string) {
  const { user, client } = await createSignedInClient(app, db);
  await client.put("/api/speaker-profile", {
    name: "Jordan Rivera",
    title: "Leadership Speaker",
    city: "Austin",
  });
  const headshot = await uploadOk(client, makePng(32, 32), { filename: "jordan.png", kind: "headshot" });
  const rider = await uploadOk(client, samplePdf, { filename: "rider.pdf" });
  const script = await uploadOk(client, Buffer.from("Please welcome Jordan Rivera.\n"), {
    filename: "intro.txt",
  });
  const kit = await client.put("/api/media-kit", {
    slug,
    headline: "Leading through change",
    shortBio: "Twenty years on stage.",
    topics: [{ title: "Resilient Teams", formats: ["keynote"] }],
    videos: [{ title: "Showreel", url: "https://vimeo.com/123456789" }],
    headshotFileIds: [headshot.id],
    resourceFileIds: [rider.id],
  });
  expect(kit.statusCode).toBe(200);
  return { user, client, headshot, rider, script };
}

async function createLink(client: TestClient, body: Record<string, unknown>) {
  const response = await client.post("/api/share-links", body);
  if (response.statusCode !== 201) throw new Error(`${response.statusCode} ${response.body}`);
  return response.json();
}

describe("share links", () => {
  it("creates a media-kit link whose address is shown once, and the public page's JSON", async () => {
    const { client, headshot, rider } = await createSpeaker("jordan-kit");
    const link = await createLink(client, { kind: "media_kit", label: "ACME sales kickoff" });
    expect(link.url).toMatch(/^http:\/\/podium\.example\/share\/jordan-kit\/[\w-]{43}$/);
    expect(link).toMatchObject({
      kind: "media_kit",
      label: "ACME sales kickoff",
      viewCount: 0,
      downloadCount: 0,
    });
    const listed = (await client.get("/api/share-links")).json();
    expect(listed.items).toEqual([{ ...link, url: null }]);

    const visitor = createClient(app);
    const page = await visitor.get(`/api/public/share/${tokenOf(link.url)}?slug=jordan-kit`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      slug: "jordan-kit",
      kind: "media_kit",
      speaker: { name: "Jordan Rivera", title: "Leadership Speaker", city: "Austin", email: null },
      mediaKit: {
        headline: "Leading through change",
        topics: [{ title: "Resilient Teams" }],
        headshots: [{ id: headshot.id, filename: "jordan.png", contentType: "image/png" }],
      },
      files: [
        { id: rider.id, filename: "rider.pdf", contentType: "application/pdf", size: samplePdf.length },
      ],
    });
    expect(JSON.stringify(page.json())).not.toMatch(/storageKey|userId|annualGoal/);
  });

  it("counts views and downloads of visitors, not the owner's own", async () => {
    const { client, rider, headshot } = await createSpeaker("count-kit");
    const token = tokenOf((await createLink(client, { kind: "media_kit", label: "Counts" })).url);
    const visitor = createClient(app);
    await visitor.get(`/api/public/share/${token}`);
    await visitor.get(`/api/public/share/${token}`);
    await client.get(`/api/public/share/${token}`);
    const download = await visitor.get(`/api/public/share/${token}/files/${rider.id}`);
    expect(download.rawPayload.equals(samplePdf)).toBe(true);
    await visitor.get(`/api/public/share/${token}/files/${headshot.id}`);
    await client.get(`/api/public/share/${token}/files/${rider.id}`);
    const [listed] = (await client.get("/api/share-links")).json().items;
    expect(listed).toMatchObject({ viewCount: 2, downloadCount: 1 });
    expect(Date.parse(listed.lastViewedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("shows a speaker's change at once to a visitor who has just loaded the page", async () => {
    const { client } = await createSpeaker("fresh-kit");
    const token = tokenOf((await createLink(client, { kind: "media_kit", label: "Fresh" })).url);
    const visitor = createClient(app);
    expect((await visitor.get(`/api/public/share/${token}`)).json().mediaKit.headline).toBe(
      "Leading through change",
    );
    await client.put("/api/media-kit", { headline: "Leading with courage" });
    await client.put("/api/speaker-profile", { name: "Jordan R. Rivera" });
    const again = (await visitor.get(`/api/public/share/${token}`)).json();
    expect(again.mediaKit.headline).toBe("Leading with courage");
    expect(again.speaker.name).toBe("Jordan R. Rivera");
    const [listed] = (await client.get("/api/share-links")).json().items;
    expect(listed.viewCount).toBe(2);
  });

  it("shares a chosen set of files as a resources link, with a streamed zip and the one-sheet for kits", async () => {
    const { client, rider, script } = await createSpeaker("zip-kit");
    const event = await postEvent(client, { title: "ACME kickoff" });
    const link = await createLink(client, {
      kind: "resources",
      label: "ACME files",
      fileIds: [script.id, rider.id],
      eventId: event.id,
    });
    expect(link.url).toMatch(/^http:\/\/podium\.example\/shared\/[\w-]{43}$/);
    expect(link).toMatchObject({ fileIds: [script.id, rider.id], eventId: event.id });
    const token = tokenOf(link.url);
    const visitor = createClient(app);
    const page = (await visitor.get(`/api/public/share/${token}`)).json();
    expect(page).toMatchObject({ kind: "resources", mediaKit: null, slug: null });
    expect(page.files.map((file: { filename: string }) => file.filename)).toEqual(["intro.txt", "rider.pdf"]);

    const zip = await visitor.get(`/api/public/share/${token}/files.zip`);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers["content-type"]).toBe("application/zip");
    const zipPath = path.join(dataDir, "download.zip");
    fs.writeFileSync(zipPath, zip.rawPayload);
    const listing = execFileSync("unzip", ["-l", zipPath]).toString();
    expect(listing).toMatch(/intro\.txt/);
    expect(listing).toMatch(/rider\.pdf/);
    expect(execFileSync("unzip", ["-p", zipPath, "intro.txt"]).toString()).toBe(
      "Please welcome Jordan Rivera.\n",
    );
    expect((await visitor.get(`/api/public/share/${token}/one-sheet.pdf`)).json()).toEqual(UNAVAILABLE);

    const kitToken = tokenOf((await createLink(client, { kind: "media_kit", label: "Kit" })).url);
    const sheet = await visitor.get(`/api/public/share/${kitToken}/one-sheet.pdf`);
    expect(pdfText(sheet.rawPayload)).toContain("Resilient Teams");
    const [, kitLink] = (await client.get("/api/share-links")).json().items;
    expect(kitLink).toBeDefined();
    expect((await client.get("/api/share-links")).json().items[0]).toMatchObject({ downloadCount: 1 });
  });

  it("answers the same 404 for unknown, revoked, expired and wrong-slug links; an old slug still works", async () => {
    const { client } = await createSpeaker("old-slug");
    const visitor = createClient(app);
    const link = await createLink(client, { kind: "media_kit", label: "Revoke me" });
    const token = tokenOf(link.url);
    const other = await createSpeaker("someone-else");
    // The token decides: after a slug change the old one still opens the kit and names the current one.
    await client.put("/api/media-kit", { slug: "new-slug" });
    expect((await visitor.get(`/api/public/share/${token}?slug=old-slug`)).json().slug).toBe("new-slug");
    expect((await visitor.get(`/api/public/share/${token}?slug=someone-else`)).json()).toEqual(UNAVAILABLE);
    expect((await visitor.get(`/api/public/share/${"x".repeat(43)}`)).json()).toEqual(UNAVAILABLE);

    const expired = await createLink(client, {
      kind: "media_kit",
      label: "Expired",
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    const expiredAnswer = await visitor.get(`/api/public/share/${tokenOf(expired.url)}`);
    expect(expiredAnswer.statusCode).toBe(404);
    expect(expiredAnswer.json()).toEqual(UNAVAILABLE);

    // Another speaker cannot revoke or edit the link: 404 like an unknown id.
    const foreign = await other.client.post(`/api/share-links/${link.id}/revoke`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: "Share link not found" });
    expect((await other.client.patch(`/api/share-links/${link.id}`, { label: "Mine" })).statusCode).toBe(404);
    expect((await visitor.get(`/api/public/share/${token}`)).statusCode).toBe(200);

    const revoked = await client.post(`/api/share-links/${link.id}/revoke`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revokedAt).not.toBeNull();
    for (const url of [`/api/public/share/${token}`, `/api/public/share/${token}/files.zip`]) {
      const answer = await visitor.get(url);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual(UNAVAILABLE);
    }
  });

  it("shares only the speaker's own files and events, and only a link's files", async () => {
    const owner = await createSpeaker("own-files");
    const other = await createSpeaker("other-files");
    const foreignFile = await owner.client.post("/api/share-links", {
      kind: "resources",
      label: "x",
      fileIds: [other.rider.id],
    });
    expect(foreignFile.statusCode).toBe(400);
    expect(foreignFile.json().fields).toEqual({ fileIds: "A chosen file no longer exists" });
    const otherEvent = await postEvent(other.client);
    const foreignEvent = await owner.client.post("/api/share-links", {
      kind: "resources",
      label: "x",
      fileIds: [owner.rider.id],
      eventId: otherEvent.id,
    });
    expect(foreignEvent.json().fields).toEqual({ eventId: "Event not found" });

    const link = await createLink(owner.client, {
      kind: "resources",
      label: "Only the rider",
      fileIds: [owner.rider.id],
    });
    const token = tokenOf(link.url);
    const visitor = createClient(app);
    for (const fileId of [owner.script.id, other.rider.id, "not-a-uuid"]) {
      expect((await visitor.get(`/api/public/share/${token}/files/${fileId}`)).json()).toEqual(UNAVAILABLE);
    }
    // Deleting the file takes it out of the link.
    await owner.client.delete(`/api/files/${owner.rider.id}`);
    expect((await visitor.get(`/api/public/share/${token}`)).json().files).toEqual([]);
    const edited = await owner.client.patch(`/api/share-links/${link.id}`, {
      label: "Script",
      fileIds: [owner.script.id],
    });
    expect(edited.json()).toMatchObject({ label: "Script", fileIds: [owner.script.id], url: null });
  });

  it("needs a slug before a media kit can be shared, and a session for the list", async () => {
    const { client } = await createSignedInClient(app, db);
    const noSlug = await client.post("/api/share-links", { kind: "media_kit", label: "Kit" });
    expect(noSlug.statusCode).toBe(409);
    expect((await createClient(app).get("/api/share-links")).statusCode).toBe(401);
  });
});

const distDir = path.join(dataDir, "dist");
fs.mkdirSync(distDir, { recursive: true });
fs.writeFileSync(
  path.join(distDir, "index.html"),
  '<!doctype html><html><head><meta name="description" content="Podium" /><title>Podium</title></head><body></body></html>',
);
// The share page's own light document (scripts/build.mjs prerenders it): both addresses answer it, never
// the signed-in app's index.html.
fs.mkdirSync(path.join(distDir, "pages"), { recursive: true });
fs.writeFileSync(
  path.join(distDir, "pages", "share.html"),
  '<!doctype html><html><head><meta name="description" content="Shared" /><title>Shared</title></head><body><div id="root" data-page="share"></div></body></html>',
);
const web = await buildApp({
  config,
  database,
  mailer,
  secret: "test-secret-".padEnd(40, "x"),
  web: { mode: "built", distDir },
});
const html = { accept: "text/html" };
afterAll(() => web.close());

describe("the public pages' HTML", () => {
  it("carries the speaker's title and Open Graph tags, redirects an old slug, and 404s a dead link", async () => {
    const { client, headshot } = await createSpeaker("og-kit");
    const token = tokenOf((await createLink(client, { kind: "media_kit", label: "OG" })).url);
    const page = await web.inject({ url: `/share/og-kit/${token}`, headers: html });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-page="share"');
    expect(page.body).toContain("<title>Jordan Rivera — Leadership Speaker</title>");
    expect(page.body).toContain('<meta property="og:title" content="Jordan Rivera — Leadership Speaker">');
    expect(page.body).toContain('<meta property="og:description" content="Leading through change">');
    expect(page.body).toContain(
      `<meta property="og:image" content="http://podium.example/api/public/share/${token}/files/${headshot.id}">`,
    );

    await client.put("/api/media-kit", { slug: "og-kit-renamed" });
    const moved = await web.inject({ url: `/share/og-kit/${token}`, headers: html });
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`/share/og-kit-renamed/${token}`);
    for (const url of [`/share/never-mine/${token}`, `/shared/${token}`, `/shared/${"y".repeat(43)}`]) {
      const dead = await web.inject({ url, headers: html });
      expect(dead.statusCode).toBe(404);
      expect(dead.body).toContain("<title>This link is no longer available</title>");
      expect(dead.body).toContain('data-page="share"');
    }
  });
});

import { describe, expect, it } from "vitest";
import type { MediaKitInput } from "../../../shared/schemas/media-kit.ts";
import { createTestApp } from "../../../test/app.ts";
import { createSignedInClient } from "../../../test/book.ts";
import { createClient } from "../../../test/client.ts";
import { makePng, samplePdf, temporaryDataDir, uploadOk } from "../../../test/files.ts";
import { NAME_IN_EVERY_SCRIPT, pdfFlatText, pdfInfo, pdfText, pdfUnseenWords } from "../../../test/pdf.ts";

const { app, db } = await createTestApp({ DATA_DIR: temporaryDataDir() });

const sampleKit: MediaKitInput = {
  slug: "jordan-rivera",
  headline: "Helping teams lead through change",
  shortBio: "Jordan Rivera has spoken to 200 organizations on resilient leadership.",
  longBio: "A longer story.",
  topics: [
    {
      title: "Leading Through Change",
      description: "How teams keep moving when the plan falls apart.",
      formats: ["keynote", "workshop"],
      audiences: "Sales teams, executives",
    },
    { title: "Zoë's Resilience Lab", description: null, formats: ["virtual"], audiences: null },
  ],
  feeRange: { from: 7500, to: 15000 },
  travelsFrom: "Austin, TX",
  videos: [{ title: "TEDx talk", url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" }],
  testimonials: [
    { quote: "The best keynote we ever booked.", author: "Sam Lee", role: "VP Sales", organization: "ACME" },
  ],
  links: { website: "https://jordan.example", linkedin: null, youtube: null, instagram: null, x: null },
};

describe("media kit", () => {
  it("starts empty, saves the whole kit with ordered headshots and resources, and reads it back", async () => {
    const { client } = await createSignedInClient(app, db);
    const empty = (await client.get("/api/media-kit")).json();
    expect(empty).toMatchObject({
      slug: null,
      headline: null,
      topics: [],
      feeRange: null,
      headshotFileIds: [],
    });
    const first = await uploadOk(client, makePng(), { filename: "a.png", kind: "headshot" });
    const second = await uploadOk(client, makePng(), { filename: "b.png", kind: "headshot" });
    const sheet = await uploadOk(client, samplePdf, { filename: "rider.pdf" });
    const kit = { ...sampleKit, headshotFileIds: [second.id, first.id], resourceFileIds: [sheet.id] };
    const saved = await client.put("/api/media-kit", kit);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      ...sampleKit,
      longBio: "A longer story.",
      headshotFileIds: [second.id, first.id],
      resourceFileIds: [sheet.id],
    });
    expect((await client.get("/api/media-kit")).json().headshotFileIds).toEqual([second.id, first.id]);

    // Deleting a file takes it out of the kit.
    await client.delete(`/api/files/${second.id}`);
    expect((await client.get("/api/media-kit")).json().headshotFileIds).toEqual([first.id]);
  });

  it("validates slugs, video links and fee ranges, and refuses a slug another speaker has or had", async () => {
    const { client } = await createSignedInClient(app, db);
    const bad = await client.put("/api/media-kit", {
      slug: "No Spaces!",
      videos: [{ url: "https://example.com/video" }],
      feeRange: { from: 10, to: 5 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      slug: "Use 3–60 lowercase letters, digits and hyphens",
      "videos.0.url": "Enter a YouTube or Vimeo link",
      "feeRange.to": "The upper fee must not be below the lower one",
    });
    const owner = await createSignedInClient(app, db);
    expect((await owner.client.put("/api/media-kit", { slug: "taken-slug" })).statusCode).toBe(200);
    const taken = await client.put("/api/media-kit", { slug: "taken-slug" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      error: "This address is taken. Choose another.",
      fields: { slug: "This address is taken. Choose another." },
    });
    // A slug the owner gave up stays theirs, so their old links cannot be taken over.
    await owner.client.put("/api/media-kit", { slug: "new-slug" });
    expect((await client.put("/api/media-kit", { slug: "taken-slug" })).statusCode).toBe(409);
  });

  it("accepts only the speaker's own files, and only images as headshots (another's file is unknown)", async () => {
    const { client } = await createSignedInClient(app, db);
    const other = await createSignedInClient(app, db);
    const theirs = await uploadOk(other.client, makePng(), { kind: "headshot" });
    const pdf = await uploadOk(client, samplePdf, { filename: "x.pdf" });
    const foreign = await client.put("/api/media-kit", {
      headshotFileIds: [theirs.id],
      resourceFileIds: [theirs.id],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields).toEqual({
      headshotFileIds: "A chosen headshot no longer exists",
      resourceFileIds: "A chosen file no longer exists",
    });
    const notImage = await client.put("/api/media-kit", { headshotFileIds: [pdf.id] });
    expect(notImage.json().fields).toEqual({ headshotFileIds: "A headshot must be an image" });
  });

  it("renders the one-sheet: real text with the name, headline, topics, testimonial and contact, on one page", async () => {
    const { client } = await createSignedInClient(app, db);
    await client.put("/api/speaker-profile", {
      name: "Jordan Rivera-Øster",
      title: "Leadership Keynote Speaker",
      email: "jordan@speaks.example",
      phone: "+1 555 0100",
    });
    const headshot = await uploadOk(client, makePng(64, 64), { kind: "headshot" });
    const saved = await client.put("/api/media-kit", {
      ...sampleKit,
      slug: "jordan-one-sheet",
      headshotFileIds: [headshot.id],
    });
    expect(saved.statusCode).toBe(200);
    const response = await client.get("/api/media-kit/one-sheet.pdf");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    const text = pdfText(response.rawPayload);
    for (const expected of [
      "Jordan Rivera-Øster",
      "Leadership Keynote Speaker",
      "Helping teams lead through change",
      "Leading Through Change",
      "How teams keep moving when the plan falls apart.",
      "Zoë's Resilience Lab",
      "The best keynote we ever booked.",
      "jordan@speaks.example",
    ]) {
      expect(text).toContain(expected);
    }
    expect(pdfInfo(response.rawPayload)).toEqual({ pages: 1, pageSize: "612 x 792 pts (letter)" });
  });

  it("prints names in every script on the one-sheet as selectable text", async () => {
    const { client } = await createSignedInClient(app, db);
    await client.put("/api/speaker-profile", {
      name: NAME_IN_EVERY_SCRIPT,
      title: "基調講演者 · 연사",
      // As macOS may paste it: letters and their marks apart, hangul as its jamo.
      businessName: "さくら Talks 서울 Ångström".normalize("NFD"),
    });
    await client.put("/api/media-kit", {
      ...sampleKit,
      slug: "every-script",
      headline: "変化の中のリーダーシップ",
      topics: [{ title: "서울 Leadership", description: "東京会議", formats: ["keynote"], audiences: null }],
      testimonials: [{ quote: "최고의 기조연설", author: "濵田さくら", role: null, organization: null }],
    });
    const pdf = (await client.get("/api/media-kit/one-sheet.pdf")).rawPayload;
    const text = pdfFlatText(pdf);
    for (const expected of [
      NAME_IN_EVERY_SCRIPT,
      "基調講演者 · 연사",
      "変化の中のリーダーシップ",
      "서울 Leadership",
      "東京会議",
      "“최고의 기조연설”",
      "— 濵田さくら",
      "さくら Talks 서울 Ångström",
    ]) {
      expect(text).toContain(expected);
    }
    expect(pdfUnseenWords(pdf)).toEqual([]);
    expect(pdf.length).toBeLessThan(150_000);
  });

  it("wraps a bio written without spaces, as Japanese and Chinese are, within the page", async () => {
    const { client } = await createSignedInClient(app, db);
    await client.put("/api/speaker-profile", { name: "濵田さくら" });
    const bio = "東京を拠点に活動する講演者で、変化の時代におけるリーダーシップについて語ります。".repeat(6);
    await client.put("/api/media-kit", { ...sampleKit, slug: "no-spaces", shortBio: bio });
    const pdf = (await client.get("/api/media-kit/one-sheet.pdf")).rawPayload;
    expect(pdfText(pdf).replace(/\s+/g, "")).toContain(bio);
    expect(pdfUnseenWords(pdf)).toEqual([]);
  });

  it("answers 401 without a session", async () => {
    const anonymous = createClient(app);
    expect((await anonymous.get("/api/media-kit")).statusCode).toBe(401);
    expect((await anonymous.get("/api/media-kit/one-sheet.pdf")).statusCode).toBe(401);
  });
});

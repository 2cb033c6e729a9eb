import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { fileMessages } from "../../../shared/file-size.ts";
import { createTestApp } from "../../../test/app.ts";
import { createSignedInClient } from "../../../test/book.ts";
import { createClient } from "../../../test/client.ts";
import {
  makeDocx,
  makePng,
  samplePdf,
  startS3Server,
  temporaryDataDir,
  uploadFile,
  uploadOk,
} from "../../../test/files.ts";
import { multipartParts } from "../../../test/multipart.ts";
import { files } from "../../platform/db/schema.ts";

const GB = 1024 ** 3;
const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

// The same tests on both drivers: the local folder and a local S3-compatible server (s3rver).
const localDataDir = temporaryDataDir();
const s3DataDir = temporaryDataDir();
const drivers = [
  { name: "local folder", dataDir: localDataDir, ...(await createTestApp({ DATA_DIR: localDataDir })) },
  {
    name: "S3-compatible server",
    dataDir: s3DataDir,
    ...(await createTestApp({ DATA_DIR: s3DataDir, ...(await startS3Server()) })),
  },
];

for (const { name, dataDir, app, db } of drivers) {
  describe(`files on the ${name}`, () => {
    const objectsOf = (userId: string) => app.storage.list(`${userId}/`);
    const rowsOf = (userId: string) => db.select().from(files).where(eq(files.userId, userId));
    const incoming = () => fs.readdirSync(path.join(dataDir, "files", ".incoming"));

    it("stores an upload with the type its bytes show, lists it with the usage and serves it back", async () => {
      const { client } = await createSignedInClient(app, db);
      const png = makePng(16, 16);
      // The name and the browser's claim say HTML; the bytes say PNG, and the bytes win.
      const created = await uploadFile(client, png, {
        filename: "photo.html",
        kind: "headshot",
        contentType: "text/html",
      });
      expect(created.statusCode).toBe(201);
      const file = created.json();
      expect(file).toMatchObject({
        kind: "headshot",
        filename: "photo.html",
        contentType: "image/png",
        size: png.length,
      });

      const list = (await client.get("/api/files")).json();
      expect(list.items).toEqual([file]);
      expect(list.usage).toEqual({ bytes: png.length, limitBytes: GB });

      const content = await client.get(`/api/files/${file.id}/content`);
      expect(content.statusCode).toBe(200);
      expect(content.rawPayload.equals(png)).toBe(true);
      expect(content.headers["content-type"]).toBe("image/png");
      expect(content.headers["content-disposition"]).toMatch(/^inline; filename="photo.html"/);
      expect(content.headers["x-content-type-options"]).toBe("nosniff");
    });

    it("serves PDFs inline and documents and text as attachments, each with its stored type", async () => {
      const { client } = await createSignedInClient(app, db);
      const pdf = await uploadOk(client, samplePdf, { filename: "one-sheet.pdf" });
      const docx = await uploadOk(client, await makeDocx(), { filename: "Intro script.docx" });
      const text = await uploadOk(
        client,
        Buffer.from("Rider: water, a lavalier microphone, a clicker. Café ☕\n"),
        {
          filename: "rider.txt",
        },
      );
      expect([pdf.contentType, docx.contentType, text.contentType]).toEqual([
        "application/pdf",
        DOCX,
        "text/plain",
      ]);
      const pdfContent = await client.get(`/api/files/${pdf.id}/content`);
      expect(pdfContent.headers["content-disposition"]).toMatch(/^inline;/);
      const docxContent = await client.get(`/api/files/${docx.id}/content`);
      expect(docxContent.headers["content-type"]).toBe(DOCX);
      expect(docxContent.headers["content-disposition"]).toBe(
        `attachment; filename="Intro script.docx"; filename*=UTF-8''Intro%20script.docx`,
      );
      const textContent = await client.get(`/api/files/${text.id}/content`);
      expect(textContent.headers["content-type"]).toBe("text/plain; charset=utf-8");
      expect(textContent.headers["content-disposition"]).toMatch(/^attachment;/);
      expect(textContent.body).toContain("Café ☕");
      expect((await client.get("/api/files?kind=document")).json().items).toHaveLength(3);
      expect((await client.get("/api/files?kind=headshot")).json().items).toEqual([]);
    });

    it("refuses with 415, naming the allowed types, bytes that are none of them; markup is not plain text", async () => {
      const { user, client } = await createSignedInClient(app, db);
      const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(200)]);
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      const html = Buffer.from("<!DOCTYPE html><html><body>hi</body></html>");
      for (const [content, filename] of [
        [elf, "photo.jpg"],
        [svg, "logo.svg"],
        [html, "notes.txt"],
      ] as const) {
        const response = await uploadFile(client, content, { filename });
        expect(response.statusCode).toBe(415);
        expect(response.json()).toEqual({ error: fileMessages.notAllowed });
      }
      expect(fileMessages.notAllowed).toContain("JPEG, PNG, WebP and GIF images, PDF, Word (DOCX)");
      const notImage = await uploadFile(client, samplePdf, { filename: "headshot.pdf", kind: "headshot" });
      expect(notImage.statusCode).toBe(415);
      expect(notImage.json().error).toBe("This file is not an image. Choose a JPEG, PNG, WebP or GIF image.");
      expect(await rowsOf(user.id)).toEqual([]);
      expect(await objectsOf(user.id)).toEqual([]);
    });

    it("refuses a file over FILE_MAX_MB with its size, and an account at its quota, storing nothing", async () => {
      const { user, client } = await createSignedInClient(app, db);
      const tooLarge = await uploadFile(client, Buffer.alloc(31 * 1024 * 1024 - 100, "a"), {
        filename: "big.txt",
      });
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.json()).toEqual({ error: "This file is 31 MB; the limit is 25 MB." });

      await db.insert(files).values({
        userId: user.id,
        filename: "archive.pdf",
        contentType: "application/pdf",
        size: GB,
        sha256: "0".repeat(64),
        storageKey: `${user.id}/placeholder`,
      });
      const full = await uploadFile(client, samplePdf, { filename: "one-more.pdf" });
      expect(full.statusCode).toBe(413);
      expect(full.json()).toEqual({ error: "Your files use 1.0 GB of 1.0 GB. Delete some to make room." });
      expect(await rowsOf(user.id)).toHaveLength(1);
      expect(await objectsOf(user.id)).toEqual([]);
      expect(incoming()).toEqual([]);
    });

    it("keeps nothing of an upload cut off half-way", async () => {
      const { user, client } = await createSignedInClient(app, db);
      const { body, headers } = multipartParts([
        {
          name: "file",
          filename: "slides.pdf",
          content: Buffer.concat([samplePdf, Buffer.alloc(200_000, 1)]),
        },
      ]);
      const cut = await client.post("/api/files", body.subarray(0, 120_000), { headers });
      expect(cut.statusCode).toBe(400);
      expect(cut.json()).toEqual({ error: fileMessages.cutOff });
      expect(await rowsOf(user.id)).toEqual([]);
      expect(await objectsOf(user.id)).toEqual([]);
      expect(incoming()).toEqual([]);
    });

    it("asks for a file, a known kind and a multipart body", async () => {
      const { client } = await createSignedInClient(app, db);
      const none = multipartParts([{ name: "kind", value: "document" }]);
      expect((await client.post("/api/files", none.body, { headers: none.headers })).json()).toEqual({
        error: "Choose a file to upload.",
        fields: { file: "Choose a file to upload." },
      });
      const badKind = await uploadFile(client, samplePdf, { kind: "poster" });
      expect(badKind.statusCode).toBe(400);
      expect(badKind.json().fields).toEqual({ kind: "Kind must be headshot, document, receipt or logo" });
      const json = await client.post("/api/files", { file: "x" });
      expect(json.statusCode).toBe(415);
      expect((await client.get("/api/files?kind=poster")).statusCode).toBe(400);
    });

    it("deletes a file's row and object; another speaker's file answers 404 like an unknown one", async () => {
      const owner = await createSignedInClient(app, db);
      const other = await createSignedInClient(app, db);
      const file = await uploadOk(owner.client, samplePdf, { filename: "one-sheet.pdf" });
      const unknown = "00000000-0000-4000-8000-000000000000";
      for (const id of [file.id, unknown, "not-a-uuid"]) {
        const content = await other.client.get(`/api/files/${id}/content`);
        expect(content.statusCode).toBe(404);
        expect(content.json()).toEqual({ error: "File not found" });
        expect((await other.client.delete(`/api/files/${id}`)).json()).toEqual({ error: "File not found" });
      }
      expect((await other.client.get("/api/files")).json().items).toEqual([]);
      expect(await objectsOf(owner.user.id)).toHaveLength(1);

      expect((await owner.client.delete(`/api/files/${file.id}`)).statusCode).toBe(204);
      expect(await rowsOf(owner.user.id)).toEqual([]);
      expect(await objectsOf(owner.user.id)).toEqual([]);
      expect((await owner.client.get(`/api/files/${file.id}/content`)).statusCode).toBe(404);
    });

    it("answers 401 without a session", async () => {
      const anonymous = createClient(app);
      expect((await anonymous.get("/api/files")).statusCode).toBe(401);
      expect((await uploadFile(anonymous, samplePdf)).statusCode).toBe(401);
    });
  });
}

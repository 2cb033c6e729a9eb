import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import JSZip from "jszip";
import S3rver from "s3rver";
import { afterAll } from "vitest";
import type { TestClient } from "./client.ts";
import { multipartParts } from "./multipart.ts";

export { makeBlankPng, makePng } from "./png.ts";

/** A small but well-formed PDF (file-type and PDF readers both accept it). */
export const samplePdf = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n" +
    "trailer<</Root 1 0 R>>\n%%EOF\n",
);

/** A DOCX as Word writes it: a zip whose parts name a word document. */
export async function makeDocx(): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(
    "[Content_Types].xml",
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file("word/document.xml", "<w:document/>");
  return zip.generateAsync({ type: "nodebuffer" });
}

/** Uploads through `POST /api/files` as a browser would. */
export function uploadFile(
  client: TestClient,
  content: Buffer,
  {
    filename = "file.bin",
    kind,
    contentType,
  }: { filename?: string; kind?: string; contentType?: string } = {},
) {
  const { body, headers } = multipartParts([
    ...(kind ? [{ name: "kind", value: kind }] : []),
    { name: "file", filename, content, ...(contentType ? { contentType } : {}) },
  ]);
  return client.post("/api/files", body, { headers });
}

/** Uploads and returns the stored file's JSON, failing loudly otherwise. */
export async function uploadOk(
  client: TestClient,
  content: Buffer,
  options: Parameters<typeof uploadFile>[2] = {},
) {
  const response = await uploadFile(client, content, options);
  if (response.statusCode !== 201)
    throw new Error(`POST /api/files: ${response.statusCode} ${response.body}`);
  return response.json() as { id: string; filename: string; size: number; contentType: string; kind: string };
}

/**
 * Starts a local S3-compatible server (s3rver) with one bucket for this test file, and returns the S3_*
 * variables that point the app at it. It is stopped after the file's tests.
 */
export async function startS3Server(bucket = "podium-test") {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "podium-s3-"));
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  afterAll(async () => {
    await server.close();
    fs.rmSync(directory, { recursive: true, force: true });
  });
  return {
    S3_BUCKET: bucket,
    S3_REGION: "us-east-1",
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: "true",
  };
}

/** A temporary DATA_DIR for this test file, removed after its tests. */
export function temporaryDataDir(): string {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "podium-data-"));
  afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));
  return directory;
}

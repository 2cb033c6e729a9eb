import { describe, expect, it } from "vitest";
import { fileMessages } from "../../../shared/file-size.ts";
import { createTestApp } from "../../../test/app.ts";
import { createSignedInClient } from "../../../test/book.ts";
import { makeBlankPng, makePng, temporaryDataDir, uploadFile } from "../../../test/files.ts";

const { app, db } = await createTestApp({ DATA_DIR: temporaryDataDir() });

describe("image uploads", () => {
  it("refuse an image too large to decode safely, whatever it is for, and say the limit", async () => {
    const { client } = await createSignedInClient(app, db);
    // 8 KB of PNG that decodes to 8000 × 8000 pixels.
    const bomb = makeBlankPng(8000, 8000);
    for (const kind of ["headshot", "logo", "document", "receipt"]) {
      const answer = await uploadFile(client, bomb, { filename: "photo.png", kind });
      expect(answer.statusCode, kind).toBe(413);
      expect(answer.json().error).toBe(
        "This image is 8000 × 8000 pixels; images may be at most 4,096 pixels on a side and 16 megapixels. Scale it down and upload it again.",
      );
    }
    const wide = await uploadFile(client, makeBlankPng(5000, 100), { filename: "banner.png" });
    expect(wide.json().error).toBe(fileMessages.imageTooLarge(5000, 100));
    expect((await client.get("/api/files")).json().items).toEqual([]);
  });

  it("take an image at the limit, and refuse one whose size cannot be read", async () => {
    const { client } = await createSignedInClient(app, db);
    expect((await uploadFile(client, makeBlankPng(4000, 4000), { kind: "headshot" })).statusCode).toBe(201);
    expect((await uploadFile(client, makePng(16, 16), { kind: "logo" })).statusCode).toBe(201);
    // A PNG's signature and nothing after it.
    const truncated = makePng(16, 16).subarray(0, 20);
    const answer = await uploadFile(client, truncated, { filename: "cut.png", kind: "headshot" });
    expect(answer.statusCode).toBe(415);
    expect(answer.json().error).toBe(fileMessages.imageUnreadable);
  });
});

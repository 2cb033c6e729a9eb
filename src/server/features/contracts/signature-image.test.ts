import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createSignedInClient, postEvent } from "../../../test/book.ts";
import { createClient } from "../../../test/client.ts";
import { makeBlankPng, makePng, temporaryDataDir } from "../../../test/files.ts";
import { pdfText } from "../../../test/pdf.ts";

const { app, db } = await createTestApp({ DATA_DIR: temporaryDataDir(), APP_URL: "http://podium.example" });
const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString("base64")}`;
// 8 KB of PNG that decodes to 8000 × 8000 pixels.
const bomb = dataUrl(makeBlankPng(8000, 8000));
const TOO_LARGE =
  "The drawn signature is 8000 × 8000 pixels; it may be at most 4,096 pixels on a side and 16 megapixels. Clear it and sign again.";

async function draftContract() {
  const { client } = await createSignedInClient(app, db);
  await client.put("/api/speaker-profile", { name: "Jordan Rivera" });
  const event = await postEvent(client, { contactName: "Dana Lee", contactEmail: "dana@acme.example" });
  const draft = (await client.post(`/api/events/${event.id}/contracts`, {})).json();
  return { client, draft };
}
const signer = { signerName: "Dana Lee", signerEmail: "dana@acme.example" };

describe("drawn signatures", () => {
  it("are refused over the image limit at signing, with the limit said, and nothing is signed", async () => {
    const { client, draft } = await draftContract();
    const sent = (await client.post(`/api/contracts/${draft.id}/send`, signer)).json();
    const token = sent.publicUrl.split("/").pop();
    const visitor = createClient(app);
    const signing = await visitor.post(`/api/public/contracts/${token}/sign`, {
      consent: true,
      typedName: "Dana Lee",
      signatureImage: bomb,
    });
    expect(signing.statusCode).toBe(400);
    expect(signing.json()).toEqual({ error: TOO_LARGE, fields: { signatureImage: TOO_LARGE } });
    expect((await visitor.get(`/api/public/contracts/${token}`)).json().clientSignedAt).toBeNull();

    const countersigning = await client.post(`/api/contracts/${draft.id}/countersign`, {
      typedName: "Jordan Rivera",
      signatureImage: bomb,
    });
    expect(countersigning.statusCode).toBe(400);
    expect(countersigning.json().fields).toEqual({ signatureImage: TOO_LARGE });

    // Within the limit both sign, and the sealed PDF carries the drawn signatures.
    const drawn = dataUrl(makePng(300, 100));
    const signed = await visitor.post(`/api/public/contracts/${token}/sign`, {
      consent: true,
      typedName: "Dana Lee",
      signatureImage: drawn,
    });
    expect(signed.json()).toEqual({ status: "signed" });
    const completed = await client.post(`/api/contracts/${draft.id}/countersign`, {
      typedName: "Jordan Rivera",
      signatureImage: drawn,
    });
    expect(completed.json().status).toBe("completed");
    const pdf = await visitor.get(`/api/public/contracts/${token}/pdf`);
    expect(pdfText(pdf.rawPayload)).toContain("Certificate of completion");
  });

  it("are refused over the limit when the speaker signs while sending", async () => {
    const { client, draft } = await draftContract();
    const answer = await client.post(`/api/contracts/${draft.id}/send`, {
      ...signer,
      speakerSignature: { typedName: "Jordan Rivera", signatureImage: bomb },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().fields).toEqual({ "speakerSignature.signatureImage": TOO_LARGE });
    expect((await client.get(`/api/contracts/${draft.id}`)).json().status).toBe("draft");
  });
});

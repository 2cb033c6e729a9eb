import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createClient } from "../../../test/client.ts";
import { ok, signatureImage, speakerWithEvent, tokenOf } from "../../../test/contracts.ts";
import { temporaryDataDir } from "../../../test/files.ts";
import { pdfText } from "../../../test/pdf.ts";
import { contracts } from "../../platform/db/schema.ts";
import { renderInWorker } from "../../platform/pdf/render-in-worker.ts";
import { contractTextSha256 } from "./context.ts";
import { CHANGED_WHILE_RENDERING } from "./stored-pdf.ts";

// The seam: renderings pass through a spy, so a test can hold one at its start and release it later.
vi.mock("../../platform/pdf/render-in-worker.ts", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../platform/pdf/render-in-worker.ts")>();
  return { renderInWorker: vi.fn(original.renderInWorker) };
});
const { renderInWorker: realRenderInWorker } = await vi.importActual<
  typeof import("../../platform/pdf/render-in-worker.ts")
>("../../platform/pdf/render-in-worker.ts");

const dataDir = temporaryDataDir();
const { app, db } = await createTestApp({ DATA_DIR: dataDir, APP_URL: "http://podium.example" });

/** The next rendering waits at its start until released; `started` resolves once it has begun. */
function holdNextRendering() {
  let begin!: () => void;
  let release!: () => void;
  const started = new Promise<void>((resolve) => {
    begin = resolve;
  });
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.mocked(renderInWorker).mockImplementationOnce(async (job, input) => {
    begin();
    await gate;
    return realRenderInWorker(job, input);
  });
  return { started, release };
}

/** The contract's PDFs in the local store, by file name. */
const storedPdfsOf = (userId: string, contractId: string) => {
  const folder = path.join(dataDir, "files", userId);
  if (!fs.existsSync(folder)) return [];
  return fs.readdirSync(folder).filter((name) => name.startsWith(`contract-${contractId}-`));
};

const send = (client: Awaited<ReturnType<typeof speakerWithEvent>>["client"], id: string, extra = {}) =>
  client.post(`/api/contracts/${id}/send`, {
    signerName: "Dana Lee",
    signerEmail: "dana@acme.example",
    ...extra,
  });

describe("a contract's PDF renders with no transaction open", () => {
  it("answers the probes and a change to the draft while the PDF renders, then sends the new text", async () => {
    const { user, client, event } = await speakerWithEvent(app, db);
    const draft = await ok(await client.post(`/api/events/${event.id}/contracts`, {}), 201);
    const held = holdNextRendering();
    let sendAnswered = false;
    const sending = send(client, draft.id).then((response) => {
      sendAnswered = true;
      return response;
    });
    await held.started;

    // Before the rendering is released: the probes answer, and the draft is neither locked nor sent yet.
    expect((await app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: "/api/ready" })).statusCode).toBe(200);
    const edited = `${draft.body}\n\nThe fee is waived.`;
    await ok(await client.patch(`/api/contracts/${draft.id}`, { body: edited }));
    expect(sendAnswered).toBe(false);

    held.release();
    const sent = await ok(await sending);
    expect(sent.body).toBe(edited);
    expect(sent.documentSha256).toBe(contractTextSha256({ title: draft.title, body: edited }));
    const pdf = pdfText((await client.get(`/api/contracts/${draft.id}/pdf`)).rawPayload);
    expect(pdf).toContain("The fee is waived.");
    // The rendering of the old text was dropped: one PDF is stored, the one the row names.
    const [row] = await db.select().from(contracts).where(eq(contracts.id, draft.id));
    expect(storedPdfsOf(user.id, draft.id)).toEqual([path.basename(row!.documentKey!)]);
  });

  it("stores no sealed PDF when the contract is voided while it renders", async () => {
    const { user, client, event } = await speakerWithEvent(app, db);
    const draft = await ok(await client.post(`/api/events/${event.id}/contracts`, {}), 201);
    const sent = await ok(
      await send(client, draft.id, { speakerSignature: { typedName: "Jordan Rivera", signatureImage } }),
    );
    const held = holdNextRendering();
    const signing = createClient(app).post(`/api/public/contracts/${tokenOf(sent.publicUrl)}/sign`, {
      consent: true,
      typedName: "Dana Lee",
    });
    await held.started;
    await ok(await client.post(`/api/contracts/${draft.id}/void`, { reason: "Event cancelled" }));
    held.release();

    expect((await signing).statusCode).toBe(410);
    const [row] = await db.select().from(contracts).where(eq(contracts.id, draft.id));
    expect(row).toMatchObject({ status: "voided", clientSignedAt: null, finalKey: null });
    expect(storedPdfsOf(user.id, draft.id)).toEqual([path.basename(row!.documentKey!)]);
  });

  it("answers 409 and sends nothing when the draft changes during every rendering", async () => {
    const { user, client, event } = await speakerWithEvent(app, db);
    const draft = await ok(await client.post(`/api/events/${event.id}/contracts`, {}), 201);
    let edits = 0;
    vi.mocked(renderInWorker).mockImplementation(async (job, input) => {
      edits += 1;
      await ok(await client.patch(`/api/contracts/${draft.id}`, { body: `${draft.body}\n\nEdit ${edits}.` }));
      return realRenderInWorker(job, input);
    });
    try {
      const refused = await send(client, draft.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe(CHANGED_WHILE_RENDERING);
    } finally {
      vi.mocked(renderInWorker).mockImplementation(realRenderInWorker);
    }
    expect(edits).toBe(3);
    const [row] = await db.select().from(contracts).where(eq(contracts.id, draft.id));
    expect(row).toMatchObject({ status: "draft", body: `${draft.body}\n\nEdit 3.`, documentKey: null });
    expect(storedPdfsOf(user.id, draft.id)).toEqual([]);
  });

  it("leaves the draft as it was when the rendering fails", async () => {
    const { user, client, event } = await speakerWithEvent(app, db);
    const draft = await ok(await client.post(`/api/events/${event.id}/contracts`, {}), 201);
    vi.mocked(renderInWorker).mockRejectedValueOnce(new Error("Rendering a PDF failed: out of memory"));

    expect((await send(client, draft.id)).statusCode).toBe(500);
    const [row] = await db.select().from(contracts).where(eq(contracts.id, draft.id));
    expect(row).toMatchObject({ status: "draft", documentKey: null, sentAt: null });
    expect(storedPdfsOf(user.id, draft.id)).toEqual([]);
    await ok(await send(client, draft.id));
  });
});

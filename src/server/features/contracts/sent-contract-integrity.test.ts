import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createClient } from "../../../test/client.ts";
import { ok, sentContract, signatureImage, speakerWithEvent, tokenOf } from "../../../test/contracts.ts";
import { confirmIdentity, DEFAULT_PASSWORD } from "../../../test/factories.ts";
import { temporaryDataDir } from "../../../test/files.ts";
import { mailTo } from "../../../test/mailer.ts";
import { pdfText } from "../../../test/pdf.ts";
import { adminAuditLog, contractAudit, contracts } from "../../platform/db/schema.ts";

const { app, db } = await createTestApp({ DATA_DIR: temporaryDataDir(), APP_URL: "http://podium.example" });
const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");
/** Database errors name the trigger's message in the cause (drizzle wraps the driver's error). */
const failure = async (promise: Promise<unknown>) =>
  promise.then(
    () => "",
    (error: Error & { cause?: Error }) => `${error.message} ${error.cause?.message ?? ""}`,
  );

/** Rewrites a sent contract's text the way a lost race once did, past the database's guard. */
async function rewriteBehindTheGuard(id: string, body: string) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.update(contracts).set({ body }).where(eq(contracts.id, id));
  });
}

describe("a sent contract cannot change", () => {
  it("keeps the text the signer was sent when a PATCH races the send", async () => {
    const { client, event } = await speakerWithEvent(app, db);
    for (let round = 0; round < 4; round++) {
      const draft = await ok(await client.post(`/api/events/${event.id}/contracts`, {}), 201);
      const [patched, sent] = await Promise.all([
        client.patch(`/api/contracts/${draft.id}`, { body: `${draft.body}\n\nThe fee is waived.` }),
        client.post(`/api/contracts/${draft.id}/send`, {
          signerName: "Dana Lee",
          signerEmail: "dana@acme.example",
        }),
      ]);
      expect(sent.statusCode).toBe(200);
      const shown = await ok(
        await createClient(app).get(`/api/public/contracts/${tokenOf(sent.json().publicUrl)}`),
      );
      const pdf = pdfText((await client.get(`/api/contracts/${draft.id}/pdf`)).rawPayload);
      expect(pdf.includes("The fee is waived.")).toBe(shown.body.includes("The fee is waived."));
      expect(patched.statusCode === 200).toBe(shown.body.includes("The fee is waived."));
      if (patched.statusCode !== 200) expect(patched.statusCode).toBe(409);
    }
  });

  it("never deletes a contract that a DELETE racing the send saw as a draft", async () => {
    const { client, event } = await speakerWithEvent(app, db);
    for (let round = 0; round < 4; round++) {
      const draft = await ok(await client.post(`/api/events/${event.id}/contracts`, {}), 201);
      const [deleted, sent] = await Promise.all([
        client.delete(`/api/contracts/${draft.id}`),
        client.post(`/api/contracts/${draft.id}/send`, {
          signerName: "Dana Lee",
          signerEmail: "dana@acme.example",
        }),
      ]);
      const stored = await db.select().from(contracts).where(eq(contracts.id, draft.id));
      if (sent.statusCode === 200) {
        expect(deleted.statusCode).toBe(409);
        expect(stored).toHaveLength(1);
      } else {
        expect([deleted.statusCode, sent.statusCode]).toEqual([204, 404]);
      }
    }
  });

  it("records the SHA-256 of the text at send and shows it to the signer", async () => {
    const { client, event } = await speakerWithEvent(app, db);
    const sent = await sentContract(client, event.id);
    expect(sent.documentSha256).toBe(sha256(`${sent.title}\n\n${sent.body}`));
    const page = await ok(await createClient(app).get(`/api/public/contracts/${tokenOf(sent.publicUrl)}`));
    expect(page.documentSha256).toBe(sent.documentSha256);
  });

  it("answers 409 and signs nothing when the signer saw another text than the one sent", async () => {
    const { client, event } = await speakerWithEvent(app, db);
    const sent = await sentContract(client, event.id);
    const signer = createClient(app);
    const url = `/api/public/contracts/${tokenOf(sent.publicUrl)}`;
    const stale = await signer.post(`${url}/sign`, {
      consent: true,
      typedName: "Dana Lee",
      signatureImage,
      documentSha256: sha256("an older text"),
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatch(/reload/i);
    expect((await ok(await client.get(`/api/contracts/${sent.id}`))).clientSignedAt).toBeNull();
    const signed = await ok(
      await signer.post(`${url}/sign`, {
        consent: true,
        typedName: "Dana Lee",
        signatureImage,
        documentSha256: sent.documentSha256,
      }),
    );
    expect(signed.status).toBe("signed");
  });

  it("refuses to seal a text that does not hash to the one recorded at send", async () => {
    const { client, event } = await speakerWithEvent(app, db);
    const sent = await sentContract(client, event.id);
    await ok(
      await client.post(`/api/contracts/${sent.id}/countersign`, {
        typedName: "Jordan Rivera",
        signatureImage,
      }),
    );
    await rewriteBehindTheGuard(sent.id, `${sent.body}\n\nThe fee is waived.`);
    const signing = await createClient(app).post(`/api/public/contracts/${tokenOf(sent.publicUrl)}/sign`, {
      consent: true,
      typedName: "Dana Lee",
      signatureImage,
    });
    expect(signing.statusCode).toBe(409);
    const current = await ok(await client.get(`/api/contracts/${sent.id}`));
    expect(current).toMatchObject({ status: "sent", finalSha256: null, clientSignedAt: null });
    const subjects = (await mailTo(db, "dana@acme.example")).map((mail) => mail.subject);
    expect(subjects.filter((subject) => subject.startsWith("Signed: "))).toEqual([]);
  });

  it("refuses, in the database, a change of a sent contract's text and its deletion", async () => {
    const { client, event } = await speakerWithEvent(app, db);
    const sent = await sentContract(client, event.id);
    expect(
      await failure(db.update(contracts).set({ body: "Free of charge." }).where(eq(contracts.id, sent.id))),
    ).toMatch(/sent contract/);
    expect(
      await failure(
        db
          .update(contracts)
          .set({ pdfSha256: "0".repeat(64) })
          .where(eq(contracts.id, sent.id)),
      ),
    ).toMatch(/sent contract/);
    expect(await failure(db.delete(contracts).where(eq(contracts.id, sent.id)))).toMatch(/sent contract/);
    const draft = await ok(await client.post(`/api/events/${event.id}/contracts`, {}), 201);
    expect((await client.delete(`/api/contracts/${draft.id}`)).statusCode).toBe(204);
  });
});

describe("audit rows go only with their account", () => {
  it("refuses to delete a contract's or an admin's audit row alone; deleting the account takes the contract's", async () => {
    const { user, client, event } = await speakerWithEvent(app, db);
    const sent = await sentContract(client, event.id);
    expect(await failure(db.delete(contractAudit).where(eq(contractAudit.contractId, sent.id)))).toMatch(
      /append-only/,
    );
    const [entry] = await db
      .insert(adminAuditLog)
      .values({
        actorId: user.id,
        actorUsername: user.username,
        action: "grant_admin",
        targetUserId: user.id,
      })
      .returning();
    expect(await failure(db.delete(adminAuditLog).where(eq(adminAuditLog.id, entry!.id)))).toMatch(
      /append-only/,
    );
    expect(
      await failure(
        db.update(adminAuditLog).set({ action: "nothing" }).where(eq(adminAuditLog.id, entry!.id)),
      ),
    ).toMatch(/append-only/);

    await confirmIdentity(client);
    expect((await client.delete("/api/account", { password: DEFAULT_PASSWORD })).statusCode).toBe(204);
    expect(await db.select().from(contractAudit).where(eq(contractAudit.contractId, sent.id))).toEqual([]);
    expect(await db.select().from(contracts).where(eq(contracts.id, sent.id))).toEqual([]);
    const [kept] = await db.select().from(adminAuditLog).where(eq(adminAuditLog.id, entry!.id));
    expect(kept).toMatchObject({ action: "grant_admin", actorId: null, targetUserId: null });
  });
});

// Last: it completes a contract, whose "Signed:" mail the tests above look for in Dana's mailbox.
describe("the PDF's fingerprint", () => {
  it("records the SHA-256 of the PDF the signer downloads, and the certificate prints it", async () => {
    const { client, event } = await speakerWithEvent(app, db);
    const sent = await sentContract(client, event.id);
    const signer = createClient(app);
    const url = `/api/public/contracts/${tokenOf(sent.publicUrl)}`;
    const downloaded = await signer.get(`${url}/pdf`);
    expect(downloaded.headers["content-type"]).toBe("application/pdf");
    // What `sha256sum contract.pdf` prints for the file the signer holds.
    const fileSha256 = createHash("sha256").update(downloaded.rawPayload).digest("hex");
    expect(sent.pdfSha256).toBe(fileSha256);
    expect((await ok(await client.get(`/api/contracts/${sent.id}`))).pdfSha256).toBe(fileSha256);
    expect((await ok(await signer.get(url))).pdfSha256).toBe(fileSha256);
    expect(fileSha256).not.toBe(sent.documentSha256);

    await ok(
      await client.post(`/api/contracts/${sent.id}/countersign`, {
        typedName: "Jordan Rivera",
        signatureImage,
      }),
    );
    await ok(
      await signer.post(`${url}/sign`, {
        consent: true,
        typedName: "Dana Lee",
        signatureImage,
        documentSha256: sent.documentSha256,
      }),
    );
    const sealed = await signer.get(`${url}/pdf`);
    const certificate = pdfText(sealed.rawPayload).replace(/\s+/g, " ");
    expect(certificate).toContain(`SHA-256 of the PDF as sent: ${fileSha256}`);
    expect(certificate).toContain(`SHA-256 of the text as sent: ${sent.documentSha256}`);
    // The sealed file's own fingerprint is the one the API gives for it.
    const completed = await ok(await client.get(`/api/contracts/${sent.id}`));
    expect(completed.finalSha256).toBe(createHash("sha256").update(sealed.rawPayload).digest("hex"));
    expect(completed.pdfSha256).toBe(fileSha256);
  });
});

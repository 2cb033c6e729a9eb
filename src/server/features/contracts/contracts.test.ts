import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { renderMergeFields, unknownMergeFields } from "../../../shared/contract-merge.ts";
import { createTestApp, taskHeard } from "../../../test/app.ts";
import { createSignedInClient, postEvent } from "../../../test/book.ts";
import { createClient } from "../../../test/client.ts";
import {
  ok,
  sentContract,
  signatureImage,
  speakerWithEvent as speakerWithEventOf,
  tokenOf,
} from "../../../test/contracts.ts";
import { temporaryDataDir } from "../../../test/files.ts";
import { mailTo } from "../../../test/mailer.ts";
import { NAME_IN_EVERY_SCRIPT, pdfFlatText, pdfText, pdfUnseenWords } from "../../../test/pdf.ts";
import { contracts, events } from "../../platform/db/schema.ts";
import { readBytes } from "./context.ts";
import { contractContext } from "./routes.ts";
import { MAX_REMINDERS, nextContractAction, sweepContracts } from "./sweep.ts";

const dataDir = temporaryDataDir();
const { app, db } = await createTestApp({ DATA_DIR: dataDir, APP_URL: "http://podium.example" });
const sha = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const speakerWithEvent = (name?: string) => speakerWithEventOf(app, db, name);

describe("merge fields", () => {
  it("fills every field, names unknown ones and shows a blank line for a missing value", () => {
    const { text, missing } = renderMergeFields(
      "{{event.title}} for {{client.company}} on {{ event.date }}",
      {
        "event.title": "Kickoff",
        "event.date": "May 1, 2030",
      },
    );
    expect(text).toBe("Kickoff for ______________ on May 1, 2030");
    expect(missing).toEqual(["client.company"]);
    expect(unknownMergeFields("{{event.title}} {{event.colour}} {{nope}}")).toEqual(["event.colour", "nope"]);
  });

  it("serves the field list, has the ready agreement, refuses an unknown field and previews", async () => {
    const { client, event } = await speakerWithEvent();
    const fields = await ok(await client.get("/api/contract-templates/fields"));
    expect(fields.map((field: { name: string }) => field.name)).toContain("{{fee.total}}");
    const templates = await ok(await client.get("/api/contract-templates"));
    expect(templates.items).toHaveLength(1);
    expect(templates.items[0]).toMatchObject({ name: "Speaking engagement agreement", isDefault: true });
    for (const heading of [
      "Fee",
      "Deposit and balance",
      "Travel and lodging",
      "Cancellation and postponement",
      "Recording and materials",
      "Audio-visual and stage",
      "Force majeure",
      "Signatures",
    ]) {
      expect(templates.items[0].body).toContain(heading);
    }
    const bad = await client.post("/api/contract-templates", {
      name: "Mine",
      body: "Hi {{client.nickname}}",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain("{{client.nickname}}");
    const mine = await ok(
      await client.post("/api/contract-templates", {
        name: "Mine",
        body: "Fee: {{fee.total}} {{client.company}}",
      }),
      201,
    );
    const renamed = await ok(
      await client.patch(`/api/contract-templates/${mine.id}`, { name: "Short form" }),
    );
    expect(renamed.name).toBe("Short form");
    const preview = await ok(
      await client.post("/api/contract-templates/preview", { body: mine.body, eventId: event.id }),
    );
    expect(preview).toEqual({
      text: "Fee: $13,500.00 ______________",
      missing: ["client.company"],
      unknown: [],
    });
    expect((await client.delete(`/api/contract-templates/${templates.items[0].id}`)).statusCode).toBe(409);
    expect((await client.delete(`/api/contract-templates/${mine.id}`)).statusCode).toBe(204);
  });
});

describe("client and contact merge fields", () => {
  it("fills {{client.*}} from the client record and {{contact.*}} from the event's contact", async () => {
    const { client } = await createSignedInClient(app, db);
    const acme = await ok(
      await client.post("/api/clients", {
        name: "Acme Corporation",
        company: "Acme Inc.",
        email: "billing@acme.example",
      }),
      201,
    );
    const event = await postEvent(client, {
      clientId: acme.id,
      contactName: "Dana Lee",
      contactEmail: "dana@acme.example",
      contactPhone: "(512) 555-0101",
    });
    expect(event.contactPhone).toBe("(512) 555-0101");
    const fields = await ok(await client.get("/api/contract-templates/fields"));
    expect(fields.map((field: { name: string }) => field.name)).toEqual(
      expect.arrayContaining(["{{contact.name}}", "{{contact.email}}", "{{contact.phone}}"]),
    );
    const preview = await ok(
      await client.post("/api/contract-templates/preview", {
        body: "{{client.name}} | {{client.company}} | {{client.email}} | {{contact.name}} | {{contact.email}} | {{contact.phone}}",
        eventId: event.id,
      }),
    );
    expect(preview.text).toBe(
      "Acme Corporation | Acme Inc. | billing@acme.example | Dana Lee | dana@acme.example | (512) 555-0101",
    );
    const draft = await ok(await client.post(`/api/events/${event.id}/contracts`, {}), 201);
    expect(draft.body).toContain('and Acme Corporation of Acme Inc. ("the Client")');
    expect(draft.body).toContain("Dana Lee, dana@acme.example, (512) 555-0101");
    expect(draft.missingFields).not.toContain("contact.phone");
  });
});

describe("contracts", () => {
  it("goes from draft to a sealed, certified PDF with the signer needing no account", async () => {
    const { client, event } = await speakerWithEvent();
    const draft = await ok(await client.post(`/api/events/${event.id}/contracts`, {}), 201);
    expect(draft).toMatchObject({
      status: "draft",
      signer: { name: "Dana Lee", email: "dana@acme.example" },
    });
    expect(draft.body).toContain("ACME Sales Kickoff");
    expect(draft.body).toContain("$13,500.00");
    expect(draft.body).not.toContain("{{");
    expect(draft.missingFields).toContain("client.company");
    const edited = await ok(
      await client.patch(`/api/contracts/${draft.id}`, { body: `${draft.body}\n\nExtra clause.` }),
    );
    expect(edited.body).toContain("Extra clause.");

    const sent = await ok(
      await client.post(`/api/contracts/${draft.id}/send`, {
        signerName: "Дана Ли 李达",
        signerEmail: "dana@acme.example",
        message: "Looking forward to it!",
      }),
    );
    expect(sent.status).toBe("sent");
    expect(sent.publicUrl).toMatch(/^http:\/\/podium\.example\/sign\/[\w-]{43}$/);
    expect((await client.patch(`/api/contracts/${draft.id}`, { title: "x" })).statusCode).toBe(409);
    const [row] = await db.select().from(contracts).where(eq(contracts.id, draft.id));
    expect(pdfText(await readBytes(app.storage, row!.documentKey!))).toContain("Extra clause.");
    const invitation = (await mailTo(db, "dana@acme.example"))[0]!;
    expect(invitation.text).toContain(sent.publicUrl);

    const signer = createClient(app);
    const token = tokenOf(sent.publicUrl);
    const page = await ok(
      await signer.get(`/api/public/contracts/${token}`, { headers: { "user-agent": "PhoneBrowser/1.0" } }),
    );
    expect(page).toMatchObject({
      status: "viewed",
      signerName: "Дана Ли 李达",
      speaker: { name: "Jordan Rivera" },
    });
    expect(page.disclosure.join(" ")).toMatch(/paper copy/);
    const noConsent = await signer.post(`/api/public/contracts/${token}/sign`, {
      typedName: "Дана Ли",
      signatureImage,
    });
    expect(noConsent.statusCode).toBe(400);
    const signed = await ok(
      await signer.post(
        `/api/public/contracts/${token}/sign`,
        { consent: true, typedName: "Дана Ли", signatureImage },
        { headers: { "user-agent": "PhoneBrowser/1.0" } },
      ),
    );
    expect(signed.status).toBe("signed");
    const twice = await signer.post(`/api/public/contracts/${token}/sign`, {
      consent: true,
      typedName: "Дана Ли",
    });
    expect(twice.statusCode).toBe(409);

    const completed = await ok(
      await client.post(`/api/contracts/${draft.id}/countersign`, {
        typedName: "Jordan Rivera",
        signatureImage,
      }),
    );
    expect(completed.status).toBe("completed");
    const pdf = await client.get(`/api/contracts/${draft.id}/pdf`);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const sealed = pdf.rawPayload;
    expect(sha(sealed)).toBe(completed.finalSha256);

    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "contract-pdfsig-"));
    const file = path.join(folder, "sealed.pdf");
    fs.writeFileSync(file, sealed);
    expect(execFileSync("pdfsig", [file]).toString()).toMatch(/Signature is Valid/);
    const tampered = Buffer.from(sealed);
    const at = tampered.indexOf("Extra clause") > 0 ? tampered.indexOf("/Producer") : 200;
    tampered[at + 2] = tampered[at + 2]! ^ 1;
    const tamperedFile = path.join(folder, "tampered.pdf");
    fs.writeFileSync(tamperedFile, tampered);
    const tamperedReport = execFileSync("pdfsig", [tamperedFile]).toString();
    expect(tamperedReport).toMatch(/Digest Mismatch/i);

    const text = pdfText(sealed);
    expect(text).toContain("Certificate of completion");
    expect(text).toContain(`Contract ID: ${draft.id}`);
    expect(text).toContain(sent.documentSha256);
    expect(text).toContain("Дана Ли 李达");
    expect(text).toContain("dana@acme.example");
    expect(text).toContain("PhoneBrowser/1.0");
    expect(text).toMatch(/UTC/);
    expect(text).toMatch(/Consent to do business electronically: given/);

    const audit = await ok(await client.get(`/api/contracts/${draft.id}/audit`));
    expect(audit.map((entry: { type: string }) => entry.type)).toEqual([
      "created",
      "sent",
      "viewed",
      "consented",
      "signed",
      "countersigned",
      "completed",
    ]);
    expect(audit[2]).toMatchObject({ actor: "signer", userAgent: "PhoneBrowser/1.0" });
    expect(audit[2].ip).toBeTruthy();

    const [confirmed] = await db.select().from(events).where(eq(events.id, event.id));
    expect(confirmed!.status).toBe("confirmed");
    expect(confirmed!.notes).toMatch(/signed by both parties; status Inquiry → Confirmed/);
    const finalMail = (await mailTo(db, "dana@acme.example"))[0]!;
    expect(finalMail.subject).toMatch(/^Signed: /);
    expect(finalMail.attachments?.[0]?.contentType).toBe("application/pdf");
    expect(sha(Buffer.from(finalMail.attachments![0]!.contentBase64, "base64"))).toBe(completed.finalSha256);
  });

  it("prints names in every script in the agreement, the typed signatures and the certificate", async () => {
    const { client, event } = await speakerWithEvent(NAME_IN_EVERY_SCRIPT);
    const sent = await sentContract(client, event.id, "김민준 濵田さくら");
    const asSent = (await client.get(`/api/contracts/${sent.id}/pdf`)).rawPayload;
    expect(pdfFlatText(asSent)).toContain(`between ${NAME_IN_EVERY_SCRIPT} (Rivera Speaking LLC`);
    expect(pdfFlatText(asSent)).toContain("Name: 김민준 濵田さくら");
    expect(pdfUnseenWords(asSent)).toEqual([]);

    const signer = createClient(app);
    await ok(
      await signer.post(`/api/public/contracts/${tokenOf(sent.publicUrl)}/sign`, {
        consent: true,
        typedName: "김민준",
      }),
    );
    await ok(await client.post(`/api/contracts/${sent.id}/countersign`, { typedName: "東京会議 さくら" }));
    const sealed = (await client.get(`/api/contracts/${sent.id}/pdf`)).rawPayload;
    const text = pdfFlatText(sealed);
    for (const expected of [
      `between ${NAME_IN_EVERY_SCRIPT} (Rivera Speaking LLC`,
      "Certificate of completion",
      `Name: ${NAME_IN_EVERY_SCRIPT}`,
      "Typed name: 東京会議 さくら",
      "Name: 김민준 濵田さくら",
      "Typed name: 김민준",
    ]) {
      expect(text).toContain(expected);
    }
    expect(pdfUnseenWords(sealed)).toEqual([]);
    expect(sealed.length).toBeLessThan(200_000);
  });

  it("answers 410 once voided and expires with time passed, reminding every 3 days at most 5 times", async () => {
    const { client, event } = await speakerWithEvent();
    const voided = await sentContract(client, event.id);
    const result = await ok(
      await client.post(`/api/contracts/${voided.id}/void`, { reason: "Dates changed" }),
    );
    expect(result.status).toBe("voided");
    const signer = createClient(app);
    const gone = await signer.post(`/api/public/contracts/${tokenOf(voided.publicUrl)}/sign`, {
      consent: true,
      typedName: "Dana",
    });
    expect(gone.statusCode).toBe(410);
    expect((await signer.get(`/api/public/contracts/${tokenOf(voided.publicUrl)}`)).statusCode).toBe(410);
    expect((await signer.get("/api/public/contracts/not-a-real-token-at-all-000000")).statusCode).toBe(404);

    const open = await sentContract(client, event.id);
    const context = contractContext(app);
    const sentAt = new Date(open.sentAt);
    const day = 86_400_000;
    const row = {
      status: "sent" as const,
      sentAt,
      expiresAt: new Date(open.expiresAt),
      remindersSent: 0,
      lastRemindedAt: null,
    };
    expect(nextContractAction(row, new Date(sentAt.getTime() + 2 * day))).toBeNull();
    expect(nextContractAction(row, new Date(sentAt.getTime() + 3 * day))).toBe("remind");
    expect(
      nextContractAction({ ...row, remindersSent: MAX_REMINDERS }, new Date(sentAt.getTime() + 20 * day)),
    ).toBeNull();
    expect(nextContractAction(row, new Date(sentAt.getTime() + 31 * day))).toBe("expire");

    await sweepContracts(context, new Date(sentAt.getTime() + 3 * day));
    await sweepContracts(context, new Date(sentAt.getTime() + 3 * day + 60_000));
    await taskHeard(app);
    let current = await ok(await client.get(`/api/contracts/${open.id}`));
    expect(current.remindersSent).toBe(1);
    await sweepContracts(context, new Date(sentAt.getTime() + 6 * day));
    await taskHeard(app);
    current = await ok(await client.get(`/api/contracts/${open.id}`));
    expect(current.remindersSent).toBe(2);
    await ok(await client.post(`/api/contracts/${open.id}/remind`));
    await sweepContracts(context, new Date(sentAt.getTime() + 31 * day));
    await taskHeard(app);
    current = await ok(await client.get(`/api/contracts/${open.id}`));
    expect(current).toMatchObject({ status: "expired", remindersSent: 3 });
    const expiredSign = await signer.post(`/api/public/contracts/${tokenOf(open.publicUrl)}/sign`, {
      consent: true,
      typedName: "Dana",
    });
    expect(expiredSign.statusCode).toBe(410);
    const audit = await ok(await client.get(`/api/contracts/${open.id}/audit`));
    expect(audit.map((entry: { type: string }) => entry.type)).toEqual([
      "created",
      "sent",
      "reminded",
      "reminded",
      "reminded",
      "expired",
    ]);
  });

  it("lets a signer decline with a reason", async () => {
    const { client, event } = await speakerWithEvent();
    const sent = await sentContract(client, event.id);
    const signer = createClient(app);
    const declined = await ok(
      await signer.post(`/api/public/contracts/${tokenOf(sent.publicUrl)}/decline`, { reason: "Budget cut" }),
    );
    expect(declined.status).toBe("declined");
    const current = await ok(await client.get(`/api/contracts/${sent.id}`));
    expect(current).toMatchObject({ status: "declined", declineReason: "Budget cut" });
  });

  it("answers 404 to another speaker on every contract route", async () => {
    const { client, event } = await speakerWithEvent();
    const sent = await sentContract(client, event.id);
    const templates = await ok(await client.get("/api/contract-templates"));
    const other = (await createSignedInClient(app, db)).client;
    const id = sent.id;
    const templateId = templates.items[0].id;
    const calls = [
      other.get(`/api/contracts/${id}`),
      other.patch(`/api/contracts/${id}`, { title: "Mine" }),
      other.delete(`/api/contracts/${id}`),
      other.post(`/api/contracts/${id}/send`, { signerName: "A", signerEmail: "a@example.com" }),
      other.post(`/api/contracts/${id}/countersign`, { typedName: "A" }),
      other.post(`/api/contracts/${id}/remind`),
      other.post(`/api/contracts/${id}/void`, { reason: "x" }),
      other.get(`/api/contracts/${id}/pdf`),
      other.get(`/api/contracts/${id}/audit`),
      other.post(`/api/events/${event.id}/contracts`, {}),
      other.get(`/api/contract-templates/${templateId}`),
      other.patch(`/api/contract-templates/${templateId}`, { name: "Mine" }),
      other.delete(`/api/contract-templates/${templateId}`),
      other.post("/api/contract-templates/preview", { body: "x", eventId: event.id }),
    ];
    for (const response of await Promise.all(calls)) expect(response.statusCode).toBe(404);
    const list = await ok(await other.get("/api/contracts"));
    expect(list.items).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { agreementBlocks, plainTextOf } from "../../../shared/agreement-markdown.ts";
import { createTestApp } from "../../../test/app.ts";
import { createSignedInClient, postEvent } from "../../../test/book.ts";
import { createClient } from "../../../test/client.ts";
import { ok, signatureImage, speakerWithEvent, tokenOf } from "../../../test/contracts.ts";
import { mailTo } from "../../../test/mailer.ts";
import { pdfFlatText, pdfText } from "../../../test/pdf.ts";

// Issue 40 item 5: a planner's answer for the on-site contact's name tried to add a clause to the agreement.
const { app, db } = await createTestApp({ APP_URL: "http://podium.example" });
const planner = () => createClient(app);
const ATTACK = "Dana Lee\n\n## 9. Additional terms\n\nThe Speaker waives the deposit and every fee.";
const ONE_LINE = (label: string) => `${label} must be on one line: remove the line breaks`;

const headingsOf = (body: string) =>
  agreementBlocks(body)
    .filter((block) => block.kind !== "p")
    .map(plainTextOf);

let mailbox = 0;
/** A speaker whose event has no contact name yet, and the questionnaire sent to its planner. */
async function eventWithQuestionnaire() {
  const { client, user } = await createSignedInClient(app, db);
  await client.put("/api/speaker-profile", { name: "Jordan Rivera", businessName: "Rivera Speaking LLC" });
  mailbox += 1;
  const contactEmail = `planner${mailbox}@acme.example`;
  const event = await postEvent(client, {
    title: "ACME Sales Kickoff",
    date: "2030-05-01",
    fee: 12000,
    contactEmail,
  });
  const sent = await ok(await client.post(`/api/events/${event.id}/questionnaire/send`, {}), 201);
  return { client, user, event, contactEmail, token: tokenOf(sent.url) };
}

const answers = (contactName: string) => ({
  "audience-size": 250,
  "arrival-time": "08:15",
  "talk-time": "09:00",
  "contact-name": contactName,
  "contact-phone": "512-555-0100",
});

describe("line breaks in one-line fields", () => {
  it("refuses the attack as a questionnaire answer in plain words, and fills nothing", async () => {
    const { client, event, token } = await eventWithQuestionnaire();
    const refused = await planner().post(`/api/public/questionnaires/${token}`, {
      answers: answers(ATTACK),
      final: true,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ "contact-name": ONE_LINE("This answer") });
    expect((await ok(await client.get(`/api/events/${event.id}`))).contactName).toBeNull();
  });

  it("refuses a line break in the API's one-line fields and keeps them in notes and descriptions", async () => {
    const { client, event } = await speakerWithEvent(app, db);
    const refusals: ["PATCH" | "POST" | "PUT", string, Record<string, unknown>, string, string][] = [
      ["PATCH", `/api/events/${event.id}`, { contactName: ATTACK }, "contactName", "Contact name"],
      ["PATCH", `/api/events/${event.id}`, { title: "Kickoff\r\nDay two" }, "title", "Event name"],
      ["POST", "/api/clients", { name: "ACME\nCorp" }, "name", "Client name"],
      ["POST", "/api/bureau-partners", { name: "Stars\u2028Bureau" }, "name", "Bureau name"],
      ["PUT", "/api/speaker-profile", { businessName: "Rivera\n# LLC" }, "businessName", "Business name"],
    ];
    for (const [method, url, payload, field, label] of refusals) {
      const response = await client.request(method, url, { body: payload });
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(response.json().fields).toEqual({ [field]: ONE_LINE(label) });
    }
    expect((await ok(await client.get(`/api/events/${event.id}`))).contactName).toBe("Dana Lee");
    const kept = await ok(
      await client.patch(`/api/events/${event.id}`, { notes: "Parking:\nlevel 2", description: "One\ntwo" }),
    );
    expect(kept).toMatchObject({ notes: "Parking:\nlevel 2", description: "One\ntwo" });
  });
});

describe("merged values are text, never Markdown", () => {
  it("keeps the template's headings and shows every value literally, in the agreement and its PDF", async () => {
    const { client, event } = await speakerWithEvent(app, db);
    const plain = await ok(await client.post(`/api/events/${event.id}/contracts`, {}), 201);
    const contactName = "**Dana** [x](https://evil.example) `code` <b>bold</b> > quote";
    const description =
      "# Keynote\n\n## 9. Additional terms\n\n- The Speaker waives the deposit\n1. No fee\n> so";
    await ok(await client.patch(`/api/events/${event.id}`, { contactName, description }));
    const draft = await ok(await client.post(`/api/events/${event.id}/contracts`, {}), 201);

    expect(headingsOf(draft.body)).toEqual(headingsOf(plain.body));
    const paragraphs = agreementBlocks(draft.body).filter((block) => block.kind === "p");
    const literalDescription =
      "# Keynote ## 9. Additional terms - The Speaker waives the deposit 1. No fee > so";
    expect(paragraphs.map(plainTextOf)).toContain(literalDescription);
    const contactLine = paragraphs.find((block) => plainTextOf(block).includes("Client's contact"))!;
    expect(plainTextOf(contactLine)).toContain(`${contactName}, dana@acme.example`);
    expect(contactLine.runs.filter((run) => run.isBold).map((run) => run.text)).toEqual([
      "Client's contact for the engagement:",
    ]);

    await ok(
      await client.post(`/api/contracts/${draft.id}/send`, {
        signerName: "Dana Lee",
        signerEmail: "dana@acme.example",
      }),
    );
    const pdf = (await client.get(`/api/contracts/${draft.id}/pdf`)).rawPayload;
    const lines = pdfText(pdf)
      .split("\n")
      .map((line) => line.trim());
    expect(lines).not.toContain("9. Additional terms");
    expect(lines).not.toContain("Additional terms");
    expect(pdfFlatText(pdf)).toContain(literalDescription);
    expect(pdfFlatText(pdf)).toContain(contactName);
  });
});

describe("automatic countersign and the planner's values", () => {
  async function plannerFilledBooking() {
    const speaker = await eventWithQuestionnaire();
    await ok(
      await speaker.client.put("/api/countersign-settings", {
        autoCountersign: true,
        signature: { typedName: "Jordan Rivera", signatureImage },
      }),
    );
    await ok(
      await planner().post(`/api/public/questionnaires/${speaker.token}`, {
        answers: answers("Dana Lee"),
        final: true,
      }),
    );
    const filled = await ok(await speaker.client.get(`/api/events/${speaker.event.id}`));
    expect(filled.contactName).toBe("Dana Lee");
    const booking = await ok(await speaker.client.post(`/api/events/${speaker.event.id}/booking`, {}), 201);
    return { ...speaker, booking, bookingToken: tokenOf(booking.url) };
  }

  async function signOnPage(token: string) {
    const shown = await ok(await planner().get(`/api/public/bookings/${token}`));
    await ok(
      await planner().post(`/api/public/bookings/${token}/sign`, {
        consent: true,
        typedName: "Dana Lee",
        signatureImage,
        documentSha256: shown.contract.documentSha256,
      }),
    );
  }

  it("waits for the speaker when the planner's answers are in an agreement they have not opened, and says so", async () => {
    const { client, user, event, booking, bookingToken } = await plannerFilledBooking();
    await signOnPage(bookingToken);

    const notices = (await mailTo(db, user.email)).filter((mail) =>
      mail.subject.startsWith("Ready to countersign:"),
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain(
      "Your automatic countersignature waited: the planner's questionnaire answers filled in parts of this agreement",
    );
    const tasks = await ok(await client.get(`/api/tasks?eventId=${event.id}`));
    expect(tasks.items.map((task: { title: string }) => task.title)).toContain(
      `Read and countersign: ${notices[0]!.subject.slice("Ready to countersign: ".length)}`,
    );
    const contract = await ok(await client.get(`/api/contracts/${booking.contractId}`));
    expect(contract.status).toBe("signed");
    const audit = await ok(await client.get(`/api/contracts/${booking.contractId}/audit`));
    expect(audit.map((entry: { type: string }) => entry.type)).not.toContain("countersigned");
  });

  it("countersigns by itself once the speaker has opened the agreement", async () => {
    const { client, booking, bookingToken } = await plannerFilledBooking();
    await ok(await client.get(`/api/contracts/${booking.contractId}`));
    await signOnPage(bookingToken);
    expect((await ok(await client.get(`/api/contracts/${booking.contractId}`))).status).toBe("completed");
  });
});

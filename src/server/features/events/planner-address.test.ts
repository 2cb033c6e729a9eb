import { describe, expect, it } from "vitest";
import { NO_CLIENT_EMAIL, NO_PLANNER_EMAIL } from "../../../shared/schemas/planner-address.ts";
import { createTestApp } from "../../../test/app.ts";
import { createSignedInClient, postEvent } from "../../../test/book.ts";
import type { TestClient } from "../../../test/client.ts";
import { ok } from "../../../test/contracts.ts";
import { mailTo } from "../../../test/mailer.ts";

const { app, db } = await createTestApp();

let serial = 0;
const address = (who: string) => `${who}-${++serial}@acme.example`;
const lastWeek = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);

/** A speaker whose event's client has an e-mail, the event itself none (or `contactEmail` when given). */
async function eventOfClient(fields: Record<string, unknown> = {}) {
  const { client } = await createSignedInClient(app, db);
  await client.put("/api/speaker-profile", { name: "Jordan Rivera" });
  const clientEmail = address("client");
  const acme = await ok(await client.post("/api/clients", { name: "ACME", email: clientEmail }), 201);
  const event = await postEvent(client, {
    title: "Kickoff",
    date: "2031-05-01",
    fee: 4000,
    clientId: acme.id,
    ...fields,
  });
  return { client, clientEmail, event, acmeId: acme.id as string };
}

/** Every sender of mail to a planner, each as the speaker would use it, with no address given. */
const senders: Record<
  string,
  (client: TestClient, eventId: string) => Promise<{ statusCode: number; body: string }>
> = {
  booking: (client, id) => client.post(`/api/events/${id}/booking`, {}),
  contract: async (client, id) => {
    const draft = await ok(await client.post(`/api/events/${id}/contracts`, {}), 201);
    return client.post(`/api/contracts/${draft.id}/send`, {});
  },
  invoice: async (client, id) => {
    const [invoice] = (await ok(await client.post(`/api/events/${id}/invoices`, { schedule: "full" }), 201))
      .invoices;
    return client.post(`/api/invoices/${invoice.id}/send`, {});
  },
  questionnaire: (client, id) => client.post(`/api/events/${id}/questionnaire/send`, {}),
  testimonial: (client, id) => client.post(`/api/events/${id}/testimonial-request`, {}),
  hold: async (client, id) => {
    const event = await ok(await client.get(`/api/events/${id}`));
    await postEvent(client, { title: "Second hold", date: event.date, status: "hold" });
    return client.post(`/api/events/${id}/challenge`, {});
  },
};

const pastTalk = { date: lastWeek, status: "confirmed" };
let holdDay = 0;
/** What each sender needs of the event besides an address: a talk already given, a first hold of a day. */
function fieldsFor(sender: string): Record<string, unknown> {
  if (sender === "testimonial") return pastTalk;
  if (sender === "hold") return { status: "hold", date: `2031-06-${String(++holdDay).padStart(2, "0")}` };
  return {};
}

describe("one rule for every e-mail to a planner: to, the event's contact, the client's, else 409", () => {
  for (const sender of Object.keys(senders)) {
    it(`${sender}: goes to the client's e-mail when the event has no contact e-mail`, async () => {
      const { client, clientEmail, event } = await eventOfClient(fieldsFor(sender));
      const sent = await senders[sender]!(client, event.id);
      expect(sent.statusCode, sent.body).toBeLessThan(300);
      expect(await mailTo(db, clientEmail)).toHaveLength(1);
    });

    it(`${sender}: goes to the event's contact over the client, and 409 naming what to add without either`, async () => {
      const contactEmail = address("contact");
      const withContact = await eventOfClient({
        ...fieldsFor(sender),
        contactName: "Dana Lee",
        contactEmail,
      });
      const sent = await senders[sender]!(withContact.client, withContact.event.id);
      expect(sent.statusCode, sent.body).toBeLessThan(300);
      const [mail] = await mailTo(db, contactEmail);
      expect(mail).toBeDefined();
      expect(await mailTo(db, withContact.clientEmail)).toEqual([]);

      const bare = await eventOfClient(fieldsFor(sender));
      await ok(await bare.client.patch(`/api/clients/${bare.acmeId}`, { email: null }));
      const refused = await senders[sender]!(bare.client, bare.event.id);
      expect(refused.statusCode).toBe(409);
      expect(JSON.parse(refused.body).error).toBe(NO_PLANNER_EMAIL);
    });
  }

  it("the address given wins over both, for every sender that takes one", async () => {
    const { client, event } = await eventOfClient({ contactEmail: address("contact"), status: "confirmed" });
    const to = address("given");
    await ok(await client.post(`/api/events/${event.id}/booking`, { to }), 201);
    await ok(await client.post(`/api/events/${event.id}/questionnaire/send`, { to }), 201);
    const past = await eventOfClient({ contactEmail: address("contact"), ...pastTalk });
    await ok(await past.client.post(`/api/events/${past.event.id}/testimonial-request`, { to }), 201);
    const subjects = (await mailTo(db, to)).map((mail) => mail.subject);
    expect(subjects).toEqual([
      expect.stringContaining("how was"),
      expect.stringContaining("a few questions"),
      expect.stringContaining("your booking"),
    ]);
  });

  it("an invoice of no event goes to its client, and says to add the client's e-mail without one", async () => {
    const { client, acmeId, clientEmail } = await eventOfClient();
    const line = { description: "Workshop", quantity: 1, unitPrice: 900 };
    const invoice = await ok(await client.post("/api/invoices", { clientId: acmeId, items: [line] }), 201);
    await ok(await client.post(`/api/invoices/${invoice.id}/send`, {}));
    expect(await mailTo(db, clientEmail)).toHaveLength(1);
    const alone = await ok(await client.post("/api/invoices", { items: [line] }), 201);
    const refused = await client.post(`/api/invoices/${alone.id}/send`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(NO_CLIENT_EMAIL);
  });
});

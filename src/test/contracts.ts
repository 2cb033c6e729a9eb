import type { FastifyInstance } from "fastify";
import type { Database } from "../server/platform/db/client.ts";
import { createSignedInClient, postEvent } from "./book.ts";
import type { TestClient } from "./client.ts";
import { makePng } from "./files.ts";

export const signatureImage = `data:image/png;base64,${makePng(120, 40).toString("base64")}`;

/** The token at the end of a public URL (`/sign/<token>`, `/i/<token>`). */
export const tokenOf = (url: string) => url.split("/").pop()!;

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field in each test
export type Json = any;

/** The answer's JSON when it has `status`, else a thrown error that shows the answer. */
export async function ok(
  response: { statusCode: number; body: string; json(): unknown },
  status = 200,
): Promise<Json> {
  if (response.statusCode !== status) throw new Error(`${response.statusCode} ${response.body}`);
  return response.json();
}

/** A signed-in speaker with a profile and one event whose contact is Dana Lee of ACME. */
export async function speakerWithEvent(app: FastifyInstance, db: Database, name = "Jordan Rivera") {
  const { user, client } = await createSignedInClient(app, db);
  await client.put("/api/speaker-profile", { name, businessName: "Rivera Speaking LLC", city: "Austin" });
  const event = await postEvent(client, {
    title: "ACME Sales Kickoff",
    date: "2030-05-01",
    fee: 12000,
    travelFee: 1500,
    venueName: "Hilton Austin",
    city: "Austin",
    state: "TX",
    contactName: "Dana Lee",
    contactEmail: "dana@acme.example",
  });
  return { user, client, event };
}

/** A draft from the event's default template, sent to Dana Lee; the answer carries the signing link. */
export async function sentContract(client: TestClient, eventId: string, signerName = "Dana Lee") {
  const draft = await ok(await client.post(`/api/events/${eventId}/contracts`, {}), 201);
  return ok(
    await client.post(`/api/contracts/${draft.id}/send`, { signerName, signerEmail: "dana@acme.example" }),
  );
}

/** Records a bank transfer paying the whole of an invoice (a booking's deposit, say). */
export async function recordDeposit(client: TestClient, depositId: string) {
  const deposit = await ok(await client.get(`/api/invoices/${depositId}`));
  await ok(
    await client.post(`/api/invoices/${depositId}/payments`, {
      amount: deposit.balanceDue,
      date: "2026-01-05",
      method: "bank_transfer",
    }),
    201,
  );
}

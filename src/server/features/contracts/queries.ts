import { and, asc, desc, eq, isNotNull, type SQL } from "drizzle-orm";
import type { AuditEntry, Contract } from "../../../shared/schemas/contracts.ts";
import { currentActor } from "../../platform/auth/acting-login.ts";
import { sha256 } from "../../platform/auth/tokens.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { contractAudit, contracts, events } from "../../platform/db/schema.ts";
import { notFound } from "../../platform/http/errors.ts";
import { isUuid } from "../../platform/http/ids.ts";
import { signingToken } from "./context.ts";

export type ContractRow = typeof contracts.$inferSelect;
export type AuditActor = "speaker" | "signer" | "system";
/** Where a request came from, for the audit log. */
export type Origin = { ip: string | null; userAgent: string | null };
export const systemOrigin: Origin = { ip: null, userAgent: null };

export const contractNotFound = () => notFound("Contract not found");

/** The speaker's contract (locked for update inside a transaction when `lock`), or 404. */
export async function findContract(db: Queryable, userId: string, id: string, lock = false) {
  if (!isUuid(id)) throw contractNotFound();
  const query = db
    .select()
    .from(contracts)
    .where(and(eq(contracts.userId, userId), eq(contracts.id, id)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw contractNotFound();
  return row;
}

export async function listContractRows(db: Queryable, userId: string, filters: SQL[]) {
  return db
    .select({ contract: contracts, eventTitle: events.title })
    .from(contracts)
    .leftJoin(events, and(eq(events.id, contracts.eventId), eq(events.userId, userId)))
    .where(and(eq(contracts.userId, userId), ...filters))
    .orderBy(desc(contracts.createdAt), desc(contracts.id));
}

export async function eventTitleOf(db: Queryable, userId: string, eventId: string | null) {
  if (!eventId) return null;
  const [row] = await db
    .select({ title: events.title })
    .from(events)
    .where(and(eq(events.userId, userId), eq(events.id, eventId)));
  return row?.title ?? null;
}

/** What a draft takes from its event besides the merged values: the title, and when a planner last filled it. */
export async function draftEventOf(db: Queryable, userId: string, eventId: string) {
  const [row] = await db
    .select({ title: events.title, plannerFilledAt: events.plannerFilledAt })
    .from(events)
    .where(and(eq(events.userId, userId), eq(events.id, eventId)));
  return row ?? null;
}

const iso = (value: Date | null) => value?.toISOString() ?? null;

export function toContract(
  row: ContractRow,
  eventTitle: string | null,
  publicUrl: string | null = null,
): Contract {
  return {
    id: row.id,
    eventId: row.eventId,
    eventTitle,
    title: row.title,
    body: row.body,
    status: row.status,
    signer: row.signerName && row.signerEmail ? { name: row.signerName, email: row.signerEmail } : null,
    message: row.message,
    missingFields: [],
    speakerSignedAt: iso(row.speakerSignedAt),
    clientSignedAt: iso(row.clientSignedAt),
    viewedAt: iso(row.viewedAt),
    sentAt: iso(row.sentAt),
    expiresAt: iso(row.expiresAt),
    completedAt: iso(row.completedAt),
    declinedAt: iso(row.declinedAt),
    declineReason: row.declineReason,
    voidedAt: iso(row.voidedAt),
    voidReason: row.voidReason,
    remindersSent: row.remindersSent,
    documentSha256: row.documentSha256,
    pdfSha256: row.pdfSha256,
    finalSha256: row.finalSha256,
    publicUrl,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Appends one event to the contract's audit log (never updated afterwards). */
export async function recordAudit(
  db: Queryable,
  contract: Pick<ContractRow, "id" | "userId">,
  type: AuditEntry["type"],
  actor: AuditActor,
  origin: Origin,
  at: Date,
  detail: Record<string, unknown> = {},
) {
  await db.insert(contractAudit).values({
    contractId: contract.id,
    userId: contract.userId,
    type,
    actor,
    // Who acted for the speaker in this request (decision 051); signers and the system act for nobody.
    by: actor === "speaker" ? currentActor() : null,
    ip: origin.ip,
    userAgent: origin.userAgent,
    detail,
    at,
  });
}

export async function auditOf(db: Queryable, userId: string, contractId: string) {
  return db
    .select()
    .from(contractAudit)
    .where(and(eq(contractAudit.userId, userId), eq(contractAudit.contractId, contractId)))
    .orderBy(asc(contractAudit.at), asc(contractAudit.seq));
}

export const toAuditEntry = (row: typeof contractAudit.$inferSelect): AuditEntry => ({
  type: row.type,
  at: row.at.toISOString(),
  actor: row.actor,
  by: row.by ?? null,
  ip: row.ip,
  userAgent: row.userAgent,
  detail: row.detail,
});

/** Every contract of the speaker with its signatures and audit trail, for the complete export. */
export async function exportContracts(db: Queryable, userId: string) {
  const rows = await listContractRows(db, userId, []);
  const exported = [];
  for (const { contract, eventTitle } of rows.reverse()) {
    const { publicUrl: _link, ...fields } = toContract(contract, eventTitle);
    exported.push({
      ...fields,
      missingFields: contract.missingFields,
      clientSignature: contract.clientSignature ?? null,
      speakerSignature: contract.speakerSignature ?? null,
      audit: (await auditOf(db, userId, contract.id)).map(toAuditEntry),
    });
  }
  return exported;
}

/**
 * Stores again the hash of every signing link under `linkKey`, after the signing links' key changed
 * (decision 037): the links already e-mailed stop, and reminders carry the new ones.
 */
export async function rehashSigningLinks(db: Queryable, linkKey: string) {
  const sent = await db
    .select({ id: contracts.id, userId: contracts.userId, sentAt: contracts.sentAt })
    .from(contracts)
    .where(isNotNull(contracts.tokenHash));
  for (const { id, userId, sentAt } of sent) {
    if (!sentAt) continue;
    await db
      .update(contracts)
      .set({ tokenHash: sha256(signingToken(linkKey, id, sentAt)) })
      .where(and(eq(contracts.userId, userId), eq(contracts.id, id)));
  }
}

import { and, eq } from "drizzle-orm";
import type { CountersignSettings } from "../../../shared/schemas/countersign-settings.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { columns } from "../../platform/db/columns.ts";
import { type ContractSignature, contracts, countersignSettings } from "../../platform/db/schema.ts";
import { type ContractRow, recordAudit } from "./queries.ts";
import { assertSignatureImageFits } from "./signature-image.ts";

const NONE: CountersignSettings = { autoCountersign: false, signature: null };

/** The speaker's saved signature and whether it countersigns by itself; off until they save theirs. */
export async function getCountersignSettings(db: Queryable, userId: string): Promise<CountersignSettings> {
  const [row] = await db.select().from(countersignSettings).where(eq(countersignSettings.userId, userId));
  if (!row) return NONE;
  return {
    autoCountersign: row.autoCountersign && row.typedName !== null,
    signature: row.typedName ? { typedName: row.typedName, signatureImage: row.signatureImage } : null,
  };
}

/** `PUT /api/countersign-settings`: replaces both (the input schema refuses "on" without a signature). */
export async function saveCountersignSettings(
  db: Queryable,
  userId: string,
  input: CountersignSettings,
): Promise<CountersignSettings> {
  assertSignatureImageFits(input.signature?.signatureImage, "signature.signatureImage");
  const values = {
    autoCountersign: input.autoCountersign,
    typedName: input.signature?.typedName ?? null,
    signatureImage: input.signature?.signatureImage ?? null,
  };
  await db
    .insert(countersignSettings)
    .values(columns(countersignSettings, { userId, ...values }))
    .onConflictDoUpdate({ target: countersignSettings.userId, set: columns(countersignSettings, values) });
  return getCountersignSettings(db, userId);
}

/**
 * Whether the agreement holds values the planner typed (questionnaire answers merged into it) and the speaker
 * has not opened it since it was drafted: the speaker's saved signature must not sign text nobody read.
 */
export const holdsUnreadPlannerValues = (row: ContractRow) =>
  row.plannerFilledAt !== null && row.speakerReadAt === null;

/**
 * In the transaction of the planner's signature: when the speaker turned automatic countersigning on, their
 * saved signature signs the agreement now (noted in the audit trail as automatic), so the caller completes it
 * and the planner gets the sealed PDF at once — unless it holds planner values the speaker has not read
 * (`isHeldForReading`: the caller tells the speaker why). Answers the row as it stands.
 */
export async function countersignAutomaticallyIn(
  tx: Queryable,
  row: ContractRow,
  now: Date,
): Promise<{ row: ContractRow; isHeldForReading: boolean }> {
  const unchanged = { row, isHeldForReading: false };
  if (row.speakerSignedAt) return unchanged;
  const settings = await getCountersignSettings(tx, row.userId);
  if (!settings.autoCountersign || !settings.signature) return unchanged;
  if (holdsUnreadPlannerValues(row)) return { row, isHeldForReading: true };
  const signature: ContractSignature = {
    typedName: settings.signature.typedName,
    signatureImage: settings.signature.signatureImage ?? null,
    at: now.toISOString(),
    ip: null,
    userAgent: null,
  };
  const [signed] = await tx
    .update(contracts)
    .set({ speakerSignature: signature, speakerSignedAt: now })
    .where(and(eq(contracts.userId, row.userId), eq(contracts.id, row.id)))
    .returning();
  await recordAudit(tx, signed!, "countersigned", "speaker", { ip: null, userAgent: null }, now, {
    typedName: signature.typedName,
    automatic: true,
  });
  return { row: signed!, isHeldForReading: false };
}

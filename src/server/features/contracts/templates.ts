import { and, asc, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import { renderMergeFields, unknownMergeFields } from "../../../shared/contract-merge.ts";
import type {
  ContractTemplate,
  contractTemplateInputSchema,
  updateContractTemplateSchema,
} from "../../../shared/schemas/contracts.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { columns } from "../../platform/db/columns.ts";
import { contractTemplates, events } from "../../platform/db/schema.ts";
import { AppError, notFound } from "../../platform/http/errors.ts";
import { isUuid } from "../../platform/http/ids.ts";
import { DEFAULT_TEMPLATE_BODY, DEFAULT_TEMPLATE_NAME } from "./default-template.ts";
import { loadMergeValues } from "./merge-values.ts";

type TemplateRow = typeof contractTemplates.$inferSelect;
const templateNotFound = () => notFound("Template not found");

const toTemplate = (row: TemplateRow): ContractTemplate => ({
  id: row.id,
  name: row.name,
  body: row.body,
  isDefault: row.isDefault,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** An unknown merge field is refused with its name (issue 16). */
export function assertKnownFields(body: string) {
  const unknown = unknownMergeFields(body);
  if (unknown.length === 0) return;
  const message = `Unknown merge field: {{${unknown[0]}}}${unknown.length > 1 ? ` (and ${unknown.length - 1} more)` : ""}`;
  throw new AppError("BAD_REQUEST", message, { fields: { body: message }, unknownFields: unknown });
}

/** Every speaker has the ready agreement: added on first use, once (a unique index guards the race). */
async function ensureDefaultTemplate(db: Queryable, userId: string) {
  await db
    .insert(contractTemplates)
    .values({ userId, name: DEFAULT_TEMPLATE_NAME, body: DEFAULT_TEMPLATE_BODY, isDefault: true })
    .onConflictDoNothing();
}

export async function listTemplates(db: Queryable, userId: string) {
  await ensureDefaultTemplate(db, userId);
  const rows = await db
    .select()
    .from(contractTemplates)
    .where(eq(contractTemplates.userId, userId))
    .orderBy(desc(contractTemplates.isDefault), asc(contractTemplates.createdAt), asc(contractTemplates.id));
  return rows.map(toTemplate);
}

async function findTemplateRow(db: Queryable, userId: string, id: string) {
  if (!isUuid(id)) throw templateNotFound();
  const [row] = await db
    .select()
    .from(contractTemplates)
    .where(and(eq(contractTemplates.userId, userId), eq(contractTemplates.id, id)));
  if (!row) throw templateNotFound();
  return row;
}

export async function getTemplate(db: Queryable, userId: string, id: string) {
  return toTemplate(await findTemplateRow(db, userId, id));
}

/** The template a draft starts from: the one asked for, else the ready agreement. */
export async function templateForDraft(db: Queryable, userId: string, id: string | undefined) {
  if (id) return findTemplateRow(db, userId, id);
  await ensureDefaultTemplate(db, userId);
  const [row] = await db
    .select()
    .from(contractTemplates)
    .where(and(eq(contractTemplates.userId, userId), eq(contractTemplates.isDefault, true)));
  return row!;
}

export async function createTemplate(
  db: Queryable,
  userId: string,
  input: z.output<typeof contractTemplateInputSchema>,
) {
  assertKnownFields(input.body);
  const [row] = await db
    .insert(contractTemplates)
    .values({ userId, name: input.name, body: input.body })
    .returning();
  return toTemplate(row!);
}

export async function updateTemplate(
  db: Queryable,
  userId: string,
  id: string,
  input: z.output<typeof updateContractTemplateSchema>,
) {
  await findTemplateRow(db, userId, id);
  if (input.body !== undefined) assertKnownFields(input.body);
  const [row] = await db
    .update(contractTemplates)
    .set(columns(contractTemplates, { ...input }))
    .where(and(eq(contractTemplates.userId, userId), eq(contractTemplates.id, id)))
    .returning();
  return toTemplate(row!);
}

export async function deleteTemplate(db: Queryable, userId: string, id: string) {
  const row = await findTemplateRow(db, userId, id);
  if (row.isDefault)
    throw new AppError("CONFLICT", "The ready agreement cannot be deleted; edit it instead.");
  await db
    .delete(contractTemplates)
    .where(and(eq(contractTemplates.userId, userId), eq(contractTemplates.id, id)));
}

/** The live preview: the body filled in with the event's data (or only the speaker's without an event). */
export async function previewTemplate(
  db: Queryable,
  userId: string,
  input: { body: string; eventId?: string },
  today: string,
) {
  if (input.eventId) {
    const [event] = await db
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.userId, userId), eq(events.id, input.eventId)));
    if (!event) throw notFound("Event not found");
  }
  const values = await loadMergeValues(db, userId, input.eventId ?? null, today);
  const { text, missing } = renderMergeFields(input.body, values);
  return { text, missing, unknown: unknownMergeFields(input.body) };
}

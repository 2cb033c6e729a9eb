import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { IMPORT_NAMED_RECORDS, type ImportSummary } from "../../../shared/schemas/data-management.ts";
import type { EventStatus } from "../../../shared/schemas/event-status.ts";
import { SHEET_NAMES } from "../../../shared/workbook.ts";
import type { Database, Queryable } from "../../platform/db/client.ts";
import { columns } from "../../platform/db/columns.ts";
import { isUniqueViolation } from "../../platform/db/errors.ts";
import {
  bureauPartners,
  clients,
  events,
  speakerProfiles,
  workbookImports,
} from "../../platform/db/schema.ts";
import { AppError } from "../../platform/http/errors.ts";
import { recordImportedEvents } from "../events/event-changes.ts";
import { syncImportedEventTasks } from "../follow-ups/event-tasks.ts";
import { speakerToday } from "../follow-ups/notification-settings.ts";
import { findConflicts } from "../holds/conflicts.ts";
import { insertRows, updateRows } from "./bulk-write.ts";
import { type ExistingAccount, type ExistingEvent, loadExistingAccount } from "./load-existing.ts";
import { missingEventsSheetMessage, readWorkbook } from "./parse-workbook.ts";
import { describePlan, type EventWrite, type ImportPlan, planImport } from "./plan-import.ts";
import { validateWorkbook } from "./validate-rows.ts";
import { normalizeHeader } from "./workbook-columns.ts";

const CLIENT_KEYS = ["name", "company", "email", "phone", "website", "notes"] as const;
const BUREAU_PARTNER_KEYS = [
  "name",
  "contactName",
  "email",
  "phone",
  "website",
  "notes",
  "commissionBasisPoints",
] as const;
const EVENT_KEYS = [
  "title",
  "date",
  "time",
  "venueName",
  "streetAddress",
  "city",
  "state",
  "zipCode",
  "fee",
  "travelFee",
  "status",
  "description",
  "notes",
  "source",
  "attendees",
  "bureauRepName",
  "contactName",
  "contactEmail",
  "contactPhone",
  "arrivalTime",
  "clientId",
  "bureauPartnerId",
] as const;

const ANALYZE_FROM_ROWS = 1000;

const importRaceMessage = "The account changed while the workbook was being imported. Import it again.";

/**
 * Checks a workbook and, unless it is a dry run or has any problem, imports it in one transaction: every
 * row or none, even if the process dies half-way. Answers the summary and whether the workbook was valid.
 */
export async function importWorkbook(
  db: Database,
  userId: string,
  file: Buffer,
  dryRun: boolean,
  now = new Date(),
): Promise<ImportSummary> {
  const raw = await readWorkbook(file);
  if (!raw.has(normalizeHeader(SHEET_NAMES.events)))
    throw new AppError("BAD_REQUEST", missingEventsSheetMessage);
  const workbook = validateWorkbook(raw, await speakerToday(db, userId, now));
  const toSummary = (plan: ImportPlan, account: ExistingAccount, isDryRun: boolean): ImportSummary => ({
    dryRun: isDryRun,
    created: plan.created,
    updated: plan.updated,
    unchanged: plan.unchanged,
    profile: plan.profile.outcome,
    ...describePlan(plan, account.profile),
    errors: workbook.errors,
    conflicts: [],
  });
  if (dryRun || workbook.errors.length > 0) {
    const account = await loadExistingAccount(db, userId);
    return toSummary(planImport(account, workbook), account, dryRun);
  }
  try {
    return await db.transaction(async (tx) => {
      // Two imports into one account at once would both plan to create the same clients.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${userId}))`);
      const account = await loadExistingAccount(tx, userId);
      const plan = planImport(account, workbook);
      const written = await writePlan(tx, userId, plan);
      await recordImportedEvents(tx, userId, importedNotes(account, plan, written), now);
      await syncImportedEventTasks(tx, userId, now);
      await tx
        .insert(workbookImports)
        .values({ userId })
        .onConflictDoUpdate({ target: workbookImports.userId, set: { lastImportedAt: sql`now()` } });
      const ids = [...written.map((event) => event.id), ...plan.eventUpdates.map((update) => update.id)];
      return { ...toSummary(plan, account, false), conflicts: await importedConflicts(tx, userId, ids) };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", importRaceMessage);
    throw error;
  }
}

type InsertedEvent = { id: string; status: EventStatus; date: string };

/** Writes the plan; the events it inserted. */
async function writePlan(db: Queryable, userId: string, plan: ImportPlan): Promise<InsertedEvent[]> {
  const clientIds = await writeNamed(db, userId, clients, CLIENT_KEYS, plan.clients);
  const partnerIds = await writeNamed(db, userId, bureauPartners, BUREAU_PARTNER_KEYS, plan.bureauPartners);
  // A column the sheet lacks is absent from the row: a new event then gets the table's defaults.
  const toRow = (write: EventWrite) => ({
    fee: 0,
    travelFee: 0,
    status: "inquiry",
    ...write,
    clientId: write.clientName ? clientIds.get(write.clientName.toLowerCase()) : null,
    bureauPartnerId: write.bureauPartnerName ? partnerIds.get(write.bureauPartnerName.toLowerCase()) : null,
  });
  const inserted = await insertRows<InsertedEvent>(
    db,
    events,
    userId,
    EVENT_KEYS,
    plan.eventInserts.map(toRow),
    sql`id, status, date::text as date`,
  );
  await updateRows(
    db,
    events,
    userId,
    EVENT_KEYS,
    plan.eventUpdates.map(({ id, fields }) => ({ ...toRow(fields), id })),
  );
  // PGlite has no autovacuum, and a server's comes later: without fresh statistics the planner would
  // treat thousands of new rows as none and pick slow plans for the next export or list.
  if (plan.eventInserts.length >= ANALYZE_FROM_ROWS)
    await db.execute(sql`analyze events, clients, bureau_partners`);
  if (plan.profile.outcome === "created" || plan.profile.outcome === "updated") {
    const fields = plan.profile.fields;
    await db
      .insert(speakerProfiles)
      .values(columns(speakerProfiles, { ...fields, userId }))
      .onConflictDoUpdate({ target: speakerProfiles.userId, set: columns(speakerProfiles, fields) });
  }
  return inserted;
}

/**
 * The events' activity notes of the import: a client or bureau partner is compared by name, as the plan
 * matched them.
 */
function importedNotes(account: ExistingAccount, plan: ImportPlan, created: InsertedEvent[]) {
  const stored = new Map(account.events.map((event) => [event.id, event]));
  const withLinks = (event: ExistingEvent) => ({
    ...event,
    clientId: event.clientName?.toLowerCase() ?? null,
    bureauPartnerId: event.bureauPartnerName?.toLowerCase() ?? null,
  });
  const changed = plan.eventUpdates.map(({ id, fields }) => {
    const before = stored.get(id)!;
    return { id, before: withLinks(before), after: withLinks({ ...before, ...fields }) };
  });
  return { created, changed };
}

/** Writes a named table's part of the plan; answers every id by lower-cased name, new ones included. */
async function writeNamed(
  db: Queryable,
  userId: string,
  table: typeof clients | typeof bureauPartners,
  keys: readonly string[],
  plan: ImportPlan["clients"] | ImportPlan["bureauPartners"],
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const [name, id] of plan.idsByName) if (id) ids.set(name, id);
  const inserted = await insertRows<{ id: string; name: string }>(
    db,
    table,
    userId,
    keys,
    plan.inserts,
    sql`id, name`,
  );
  for (const row of inserted) ids.set(row.name.toLowerCase(), row.id);
  await updateRows(
    db,
    table,
    userId,
    keys,
    plan.updates.map(({ id, fields }) => ({ ...fields, id })),
  );
  return ids;
}

/** The imported events that conflict with others (DESIGN §11), at most IMPORT_NAMED_RECORDS of them. */
async function importedConflicts(db: Queryable, userId: string, ids: string[]) {
  const byEvent = await findConflicts(db, userId, ids);
  if (byEvent.size === 0) return [];
  const rows = await db
    .select({ id: events.id, title: events.title, date: events.date })
    .from(events)
    .where(and(eq(events.userId, userId), inArray(events.id, [...byEvent.keys()])))
    .orderBy(asc(events.date), asc(events.title))
    .limit(IMPORT_NAMED_RECORDS);
  return rows.map((row) => ({ ...row, conflicts: byEvent.get(row.id)! }));
}

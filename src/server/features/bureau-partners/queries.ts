import { and, eq, getTableColumns, type SQL } from "drizzle-orm";
import { percentToBasisPoints } from "../../../shared/money.ts";
import type {
  BureauPartnerListQuery,
  CreateBureauPartner,
  UpdateBureauPartner,
} from "../../../shared/schemas/bureau-partners.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { columns } from "../../platform/db/columns.ts";
import {
  afterNameCursor,
  namedRecordFilter,
  nameSortKey,
  orderByName,
} from "../../platform/db/named-records.ts";
import { bureauPartners, events } from "../../platform/db/schema.ts";
import type { Cursor } from "../../platform/http/cursor.ts";
import { eventTotalsColumns } from "../events/event-summaries.ts";

const { userId: _userId, ...bureauPartnerColumns } = getTableColumns(bureauPartners);

function selectBureauPartnerRows<T extends Record<string, SQL>>(db: Queryable, extra: T) {
  return db
    .select({
      ...bureauPartnerColumns,
      ...eventTotalsColumns(bureauPartners, events.bureauPartnerId),
      ...extra,
    })
    .from(bureauPartners);
}

export type BureauPartnerRow = Awaited<
  ReturnType<typeof selectBureauPartnerRows<Record<never, SQL>>>
>[number];

export async function findBureauPartnerRow(
  db: Queryable,
  userId: string,
  id: string,
): Promise<BureauPartnerRow | null> {
  const [row] = await selectBureauPartnerRows(db, {}).where(
    and(eq(bureauPartners.userId, userId), eq(bureauPartners.id, id)),
  );
  return row ?? null;
}

/** The user's bureau partners, or those whose name, contact or e-mail contains `q`. */
export function bureauPartnerListFilter(userId: string, q: string | undefined): SQL | undefined {
  const searched = [bureauPartners.name, bureauPartners.contactName, bureauPartners.email];
  return namedRecordFilter(bureauPartners, userId, q, searched);
}

/** One page of the bureau partners `filter` keeps, in name order, plus one row more when another follows. */
export async function listBureauPartnerRows(
  db: Queryable,
  filter: SQL | undefined,
  query: BureauPartnerListQuery,
  after: Cursor | null,
) {
  return selectBureauPartnerRows(db, { sortKey: nameSortKey(bureauPartners) })
    .where(and(filter, after ? afterNameCursor(bureauPartners, query.sort, after) : undefined))
    .orderBy(...orderByName(bureauPartners, query.sort))
    .limit(query.limit + 1);
}

/** The columns an input sets: the commission rate as basis points; absent fields stay absent. */
function toColumnValues<T extends { commissionRate?: number | null | undefined }>(input: T) {
  const { commissionRate, ...rest } = input;
  if (commissionRate === undefined) return rest;
  return {
    ...rest,
    commissionBasisPoints: commissionRate === null ? null : percentToBasisPoints(commissionRate),
  };
}

/** Inserts the bureau partner, or returns null when the user already has one of that name (any case). */
export async function insertBureauPartner(
  db: Queryable,
  userId: string,
  input: CreateBureauPartner,
): Promise<string | null> {
  const [row] = await db
    .insert(bureauPartners)
    .values(columns(bureauPartners, { ...toColumnValues(input), userId }))
    .onConflictDoNothing()
    .returning({ id: bureauPartners.id });
  return row?.id ?? null;
}

/** Updates the user's bureau partner; false when there is none. A duplicate name throws a unique violation. */
export async function updateBureauPartnerRow(
  db: Queryable,
  userId: string,
  id: string,
  values: UpdateBureauPartner,
): Promise<boolean> {
  const updated = await db
    .update(bureauPartners)
    .set(columns(bureauPartners, toColumnValues(values)))
    .where(and(eq(bureauPartners.userId, userId), eq(bureauPartners.id, id)))
    .returning({ id: bureauPartners.id });
  return updated.length > 0;
}

/** Deletes the user's bureau partner; its events stay, unlinked (the foreign key is ON DELETE SET NULL). */
export async function deleteBureauPartnerRow(db: Queryable, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(bureauPartners)
    .where(and(eq(bureauPartners.userId, userId), eq(bureauPartners.id, id)))
    .returning({ id: bureauPartners.id });
  return deleted.length > 0;
}

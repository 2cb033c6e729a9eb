import { and, eq, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Cursor } from "../http/cursor.ts";
import type { Queryable } from "./client.ts";
import { containsPattern } from "./like.ts";
import type { bureauPartners, clients } from "./schema.ts";

/** Tables whose rows a user names uniquely, ignoring case: unique (user_id, lower(name)). */
export type NamedTable = typeof clients | typeof bureauPartners;

/**
 * The id of the user's record named `name` (any case), inserting it when there is none. The unique index
 * settles a race: a concurrent insert of the same name makes ours do nothing, and the lookup after it
 * sees the winner's row.
 */
export async function findOrCreateByName(
  db: Queryable,
  table: NamedTable,
  userId: string,
  name: string,
): Promise<string> {
  const existing = await findIdByName(db, table, userId, name);
  if (existing) return existing;
  const [created] = await db
    .insert(table)
    .values({ userId, name })
    .onConflictDoNothing()
    .returning({ id: table.id });
  if (created) return created.id;
  const winner = await findIdByName(db, table, userId, name);
  if (!winner) throw new Error(`The ${name} record vanished while being linked`);
  return winner;
}

async function findIdByName(db: Queryable, table: NamedTable, userId: string, name: string) {
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.userId, userId), sql`lower(${table.name}) = lower(${name})`));
  return row?.id ?? null;
}

/**
 * True when the user owns the record; it is then locked against deletion until the transaction ends, so a
 * link to it cannot dangle.
 */
export async function lockOwnedRecord(db: Queryable, table: NamedTable, userId: string, id: string) {
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.userId, userId), eq(table.id, id)))
    .for("key share");
  return rows.length > 0;
}

/** The user's records, or those with `q` in any of the `searched` columns (case-insensitive). */
export function namedRecordFilter(
  table: NamedTable,
  userId: string,
  q: string | undefined,
  searched: AnyPgColumn[],
): SQL | undefined {
  const pattern = q ? containsPattern(q) : undefined;
  return and(
    eq(table.userId, userId),
    pattern ? or(...searched.map((column) => sql`${column} ilike ${pattern}`)) : undefined,
  );
}

/** Name order (case-insensitive, then id) of a named table, ascending or descending. */
export function orderByName(table: NamedTable, sort: "name" | "-name"): SQL[] {
  const direction = sort === "-name" ? sql`desc` : sql`asc`;
  return [sql`lower(${table.name}) ${direction}`, sql`${table.id} ${direction}`];
}

/** Rows after a cursor (see platform/http/cursor.ts) in `orderByName` order; the key is lower(name). */
export function afterNameCursor(table: NamedTable, sort: "name" | "-name", cursor: Cursor): SQL {
  const row = sql`(lower(${table.name}), ${table.id})`;
  const key = sql`(${cursor.key}::text, ${cursor.id}::uuid)`;
  return sort === "-name" ? sql`${row} < ${key}` : sql`${row} > ${key}`;
}

/** The cursor key of a row in name order, computed by the database so it compares exactly as it sorts. */
export function nameSortKey(table: NamedTable) {
  return sql<string>`lower(${table.name})`;
}

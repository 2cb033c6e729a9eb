import { and, eq, getTableColumns, type SQL } from "drizzle-orm";
import type { PgInsertValue, PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { NameListQuery } from "../../../shared/schemas/fields.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { columns, type OnlyColumns } from "../../platform/db/columns.ts";
import {
  afterNameCursor,
  type NamedTable,
  nameSortKey,
  orderByName,
} from "../../platform/db/named-records.ts";
import type { Cursor } from "../../platform/http/cursor.ts";
import { type EventLink, eventTotalsColumns } from "../events/event-summaries.ts";

/** What the queries need of a kind of record: its table, and the link from an event to it. */
export type RecordTable<T extends NamedTable> = { table: T; link: EventLink };

/** The row's own columns (not the owner), its event totals and its key in name order. */
function selectRows<T extends NamedTable>(db: Queryable, { table, link }: RecordTable<T>) {
  const { userId: _userId, ...own } = getTableColumns(table);
  // Widened so Drizzle checks the source against the union, not the open type parameter.
  const source: NamedTable = table;
  return db.select({ ...own, ...eventTotalsColumns(table, link), sortKey: nameSortKey(table) }).from(source);
}

export type RecordRow<T extends NamedTable> = Awaited<ReturnType<typeof selectRows<T>>>[number];

/** What the code shared by both kinds reads of a row. */
export type RowReader<Row> = {
  find: (db: Queryable, userId: string, id: string) => Promise<Row | null>;
  page: (
    db: Queryable,
    filter: SQL | undefined,
    query: NameListQuery,
    after: Cursor | null,
  ) => Promise<Row[]>;
};

/** The values `insertRow` and `updateRow` take, built by `columns` of the kind's own table. */
export type InsertColumns<T extends NamedTable> = OnlyColumns<T, PgInsertValue<T>>;
export type UpdateColumns<T extends NamedTable> = OnlyColumns<T, PgUpdateSetSource<T>>;

const owned = (table: NamedTable, userId: string, id: string) =>
  and(eq(table.userId, userId), eq(table.id, id));

/**
 * How a kind of record reads its rows. Made for one table, so the rows' type is that table's: the code shared
 * by both kinds sees it through `RecordKind`, without Drizzle's types of an open table parameter.
 */
export function recordRows<T extends NamedTable>(kind: RecordTable<T>) {
  const { table } = kind;
  return {
    find: async (db: Queryable, userId: string, id: string) => {
      const [row] = await selectRows(db, kind).where(owned(table, userId, id));
      return row ?? null;
    },
    /** One page of the records `filter` keeps, in name order, plus one row more when another follows. */
    page: (db: Queryable, filter: SQL | undefined, query: NameListQuery, after: Cursor | null) =>
      selectRows(db, kind)
        .where(and(filter, after ? afterNameCursor(table, query.sort, after) : undefined))
        .orderBy(...orderByName(table, query.sort))
        .limit(query.limit + 1),
  };
}

/** Inserts the record, or returns null when the user already has one of that name (any case). */
export async function insertRow<T extends NamedTable>(
  db: Queryable,
  table: T,
  values: InsertColumns<T>,
): Promise<string | null> {
  const [row] = await db
    .insert(table)
    .values(columns<T, PgInsertValue<T>>(table, values))
    .onConflictDoNothing()
    .returning({ id: table.id });
  return row?.id ?? null;
}

/** Updates the user's record; false when there is none. A duplicate name throws a unique violation. */
export async function updateRow<T extends NamedTable>(
  db: Queryable,
  table: T,
  userId: string,
  id: string,
  values: UpdateColumns<T>,
): Promise<boolean> {
  const updated = await db
    .update(table)
    .set(columns<T, PgUpdateSetSource<T>>(table, values))
    .where(owned(table, userId, id))
    .returning({ id: table.id });
  return updated.length > 0;
}

/** Deletes the user's record; its events stay, unlinked (the foreign keys are ON DELETE SET NULL). */
export async function deleteRow(db: Queryable, table: NamedTable, userId: string, id: string) {
  const deleted = await db
    .delete(table)
    .where(owned(table, userId, id))
    .returning({ id: table.id });
  return deleted.length > 0;
}

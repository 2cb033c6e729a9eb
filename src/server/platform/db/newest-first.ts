import { and, eq, lt, or, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { buildPage, decodeCursor } from "../http/cursor.ts";

const SORT = "-createdAt";

/**
 * Keyset paging of a log newest first (created_at desc, id desc): the WHERE condition for the rows after
 * `cursor`, and the page built from rows fetched with `limit + 1`.
 */
export function newestFirst(columns: { createdAt: PgColumn; id: PgColumn }, cursor: string | undefined) {
  const after = cursor ? decodeCursor(cursor, SORT, "string") : undefined;
  const where: SQL | undefined = after
    ? or(
        lt(columns.createdAt, new Date(after.key as string)),
        and(eq(columns.createdAt, new Date(after.key as string)), lt(columns.id, after.id)),
      )
    : undefined;
  return {
    where,
    page: <Row extends { id: string; createdAt: Date }, Item>(
      rows: Row[],
      limit: number,
      toItem: (row: Row) => Item,
    ) => buildPage(rows, { limit, sort: SORT, keyOf: (row) => row.createdAt.toISOString(), toItem }),
  };
}

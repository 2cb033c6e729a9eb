import { type Column, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Queryable } from "../../platform/db/client.ts";

/**
 * Large reads travel as one JSON text per query (json_agg) instead of thousands of rows of many fields:
 * decoding a row field by field dominated a 10,000-event export on PGlite, and JSON.parse is native. The
 * values are the JSON forms of the columns: text, numbers, dates as `YYYY-MM-DD`.
 */

/** Select fields aliased to their property names, so that json_agg uses those names as keys. */
export function aliased<Fields extends Record<string, Column | SQL>>(fields: Fields) {
  return Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, sql`${field}`.as(key)])) as {
    [Key in keyof Fields]: SQL.Aliased;
  };
}

/** The rows of `query` (a select of `aliased` fields), in the order of the `orderBy` properties. */
export async function selectJsonRows<Row>(
  db: Queryable,
  query: SQLWrapper,
  orderBy: string[],
): Promise<Row[]> {
  const order = sql.join(
    orderBy.map((key) => sql`rows.${sql.identifier(key)}`),
    sql`, `,
  );
  const result = await db.execute(
    sql`select coalesce(json_agg(rows order by ${order}), '[]')::text as "json" from (${query}) as rows`,
  );
  // Both drivers answer raw SQL with { rows }.
  const [row] = (result as unknown as { rows: { json: string }[] }).rows;
  return JSON.parse(row!.json) as Row[];
}

import { getTableColumns, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Queryable } from "../../platform/db/client.ts";

/**
 * Inserts and updates thousands of rows in a few statements: the rows travel as one JSON parameter that
 * PostgreSQL unpacks with json_to_recordset, typed by the table's own column types. This keeps a
 * 10,000-row import to a handful of round trips on PGlite and PostgreSQL alike.
 */

const ROWS_PER_STATEMENT = 5000;

type Row = Record<string, unknown>;

const toSnakeCase = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

function describeColumns(table: PgTable, keys: readonly string[]) {
  const columns = getTableColumns(table) as Record<string, { getSQLType(): string }>;
  return keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`No column ${key}`);
    return { key, name: sql.identifier(toSnakeCase(key)), type: sql.raw(column.getSQLType()) };
  });
}

/**
 * `json_to_recordset($1) as v("title" text, "venueName" text, ...)` over the rows. The JSON keeps the
 * rows' own property names (JSON.stringify's key list picks them), so no row is copied on the way.
 */
function recordset(table: PgTable, keys: readonly string[], rows: Row[], withId = false) {
  const columns = describeColumns(table, keys);
  const json = JSON.stringify(rows, withId ? ["id", ...keys] : [...keys]);
  const definitions = sql.join(
    [
      ...(withId ? [sql`id uuid`] : []),
      ...columns.map((column) => sql`${sql.identifier(column.key)} ${column.type}`),
    ],
    sql`, `,
  );
  return { columns, from: sql`json_to_recordset(${json}::json) as v(${definitions})` };
}

function chunk<T>(items: T[]): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += ROWS_PER_STATEMENT) {
    chunks.push(items.slice(start, start + ROWS_PER_STATEMENT));
  }
  return chunks;
}

/** Inserts the user's rows; answers the new rows' `returning` columns. */
export async function insertRows<Returned extends Row = Row>(
  db: Queryable,
  table: PgTable,
  userId: string,
  keys: readonly string[],
  rows: Row[],
  returning: SQL = sql`id`,
): Promise<Returned[]> {
  const inserted: Returned[] = [];
  for (const part of chunk(rows)) {
    const { columns, from } = recordset(table, keys, part);
    const names = sql.join(
      columns.map((column) => column.name),
      sql`, `,
    );
    const values = sql.join(
      columns.map((column) => sql`v.${sql.identifier(column.key)}`),
      sql`, `,
    );
    const result = await db.execute(
      sql`insert into ${table} (user_id, ${names}) select ${userId}::uuid, ${values} from ${from} returning ${returning}`,
    );
    // Both drivers answer raw SQL with { rows }.
    inserted.push(...(result as unknown as { rows: Returned[] }).rows);
  }
  return inserted;
}

/** Updates the user's rows by id (rows of another user are never touched: the owner is in the WHERE). */
export async function updateRows(
  db: Queryable,
  table: PgTable,
  userId: string,
  keys: readonly string[],
  rows: (Row & { id: string })[],
): Promise<void> {
  for (const part of chunk(rows)) {
    const { columns, from } = recordset(table, keys, part, true);
    const assignments = sql.join(
      columns.map((column) => sql`${column.name} = v.${sql.identifier(column.key)}`),
      sql`, `,
    );
    await db.execute(
      sql`update ${table} as t set ${assignments}, updated_at = now() from ${from} where t.id = v.id and t.user_id = ${userId}::uuid`,
    );
  }
}

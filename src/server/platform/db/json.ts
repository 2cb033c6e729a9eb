import { type SQL, type SQLWrapper, sql } from "drizzle-orm";

/**
 * SQL that turns integer cents into dollars as a JSON-ready number (float8 prints the shortest exact
 * decimal: 1999 → 19.99). The SQL twin of `dollarsFromCents` in shared/money.ts.
 */
export function dollars(cents: SQLWrapper | SQL): SQL {
  return sql`(${cents})::float8 / 100`;
}

/** A timestamptz as JavaScript's `toISOString()` writes it: UTC with milliseconds and a Z. */
export function isoInstant(column: SQLWrapper): SQL {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** `json_build_object` from a record of API names (plain identifiers, written inline) to SQL values. */
export function jsonObject(fields: Record<string, SQLWrapper | SQL>): SQL {
  const pairs = Object.entries(fields).map(([name, value]) => {
    if (!/^[A-Za-z]+$/.test(name)) throw new Error(`Not a plain JSON key: ${name}`);
    return sql`${sql.raw(`'${name}'`)}, ${value}`;
  });
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/** A JSON object, or JSON null when `key` (a left-joined row's id) is null. */
export function jsonObjectOrNull(key: SQLWrapper, fields: Record<string, SQLWrapper | SQL>): SQL {
  return sql`case when ${key} is null then null else ${jsonObject(fields)} end`;
}

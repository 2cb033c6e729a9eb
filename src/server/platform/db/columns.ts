import type { Table } from "drizzle-orm";

/** `V`, with each of its keys that is no column of `T` typed `never`: such a key fails the type check. */
export type OnlyColumns<T extends Table, V> = V & Record<Exclude<keyof V, keyof T["$inferInsert"]>, never>;

/**
 * The values of one row for `.set()`, `.values()` or `onConflictDoUpdate({ set })` on `table`, unchanged;
 * a key that is no column of the table fails the type check. Drizzle's own types catch an unknown key only in
 * an object literal written in place: through a spread or a variable it is dropped without a word, as the
 * Stripe subscription id once was (decision 058). Drizzle still checks each value's type.
 */
export function columns<T extends Table, V extends object>(_table: T, values: OnlyColumns<T, V>): V {
  return values;
}

/** `columns` for the rows of a multi-row `.values()`. */
export function columnRows<T extends Table, V extends object>(
  _table: T,
  rows: readonly OnlyColumns<T, V>[],
): V[] {
  return [...rows];
}

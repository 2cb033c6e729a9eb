import { isRealIsoDate } from "../../../shared/schemas/fields.ts";
import { AppError } from "./errors.ts";
import { isUuid } from "./ids.ts";

/**
 * Keyset pagination cursors: the sort name and the last row's sort key and id, as opaque base64url JSON.
 * Keyset rather than offset, so a page costs the same however deep it is and rows added meanwhile do not
 * shift the pages.
 */
export type Cursor = { sort: string; key: string | number; id: string };

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.key, cursor.id])).toString("base64url");
}

const invalidCursor = () =>
  new AppError("BAD_REQUEST", "Invalid cursor", { fields: { cursor: "Invalid cursor" } });

/** What a sort key may be: text, a date (`YYYY-MM-DD`) or an integer that fits the database's `integer`. */
export type CursorKeyType = "string" | "date" | "number";

const INT4_MAX = 2_147_483_647;
const MAX_TEXT_KEY = 1000;

/** Whether a key can be handed to the database's cast without making it fail (issue 10, item 5). */
function isKeyOfType(key: unknown, keyType: CursorKeyType): boolean {
  if (keyType === "number") return Number.isSafeInteger(key) && Math.abs(key as number) <= INT4_MAX;
  if (typeof key !== "string" || key.includes("\u0000") || key.length > MAX_TEXT_KEY) return false;
  return keyType === "string" || isRealIsoDate(key);
}

/** The cursor sent back by a client; a tampered, stale-sort or malformed one is a 400. */
export function decodeCursor(raw: string, sort: string, keyType: CursorKeyType): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw invalidCursor();
  const [cursorSort, key, id] = parsed as unknown[];
  if (cursorSort !== sort || !isKeyOfType(key, keyType) || typeof id !== "string" || !isUuid(id))
    throw invalidCursor();
  return { sort, key: key as string | number, id };
}

/**
 * A page from rows fetched with `limit + 1`: the extra row only tells that another page follows, and the
 * cursor points after the last row kept.
 */
export function buildPage<Row extends { id: string }, Item>(
  rows: Row[],
  options: { limit: number; sort: string; keyOf: (row: Row) => string | number; toItem: (row: Row) => Item },
): { items: Item[]; nextCursor: string | null } {
  const kept = rows.slice(0, options.limit);
  const last = kept.at(-1);
  return {
    items: kept.map(options.toItem),
    nextCursor:
      rows.length > options.limit && last
        ? encodeCursor({ sort: options.sort, key: options.keyOf(last), id: last.id })
        : null,
  };
}

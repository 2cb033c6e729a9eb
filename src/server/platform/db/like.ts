import { type SQL, type SQLWrapper, sql } from "drizzle-orm";

/** Escapes LIKE's wildcards (and its escape character) so user text matches literally. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** An ILIKE pattern for "contains `text`"; pg_trgm's GIN indexes serve it. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/**
 * True when `text` is close to a word of `column`, so a typo ("Nashvile") still finds "Nashville": pg_trgm's
 * word similarity at its threshold (0.6), which the columns' GIN trigram indexes serve.
 */
export function resembles(column: SQLWrapper, text: SQLWrapper | string): SQL {
  return sql`${text} <% ${column}`;
}

/** An ILIKE pattern for "starts with `text`". */
export function startsWithPattern(text: string): string {
  return `${escapeLike(text)}%`;
}

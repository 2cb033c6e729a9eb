/** Escapes LIKE's wildcards (and its escape character) so user text matches literally. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** An ILIKE pattern for "contains `text`"; pg_trgm's GIN indexes serve it. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** An ILIKE pattern for "starts with `text`". */
export function startsWithPattern(text: string): string {
  return `${escapeLike(text)}%`;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in paths are checked before they reach SQL, where a malformed uuid would be a 500 instead of a 404. */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

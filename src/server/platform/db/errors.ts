/** PostgreSQL's SQLSTATE for a unique-constraint violation. */
const UNIQUE_VIOLATION = "23505";

/** True when a query failed on a unique index (Drizzle wraps the driver's error in `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current && typeof current === "object"; current = (current as Error).cause) {
    if ((current as { code?: string }).code === UNIQUE_VIOLATION) return true;
  }
  return false;
}

import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { Database } from "../../platform/db/client.ts";
import { configuredAdminGrants, users } from "../../platform/db/schema.ts";

/** The account a configured name may be granted to, as the caller found it. */
export type AdminCandidate = { id: string; username: string; emailVerifiedAt: Date | null };

/** ADMIN_USERNAMES compare without case, like the citext username column. */
export function isConfiguredAdmin(usernames: readonly string[], username: string): boolean {
  return usernames.some((name) => name.toLowerCase() === username.toLowerCase());
}

/**
 * DESIGN §9: an account named in ADMIN_USERNAMES becomes an admin once its e-mail is verified, at start-up or
 * sign-in, and only if the name was never granted before (configured_admin_grants). The grant is recorded
 * in the same transaction, so it happens once: a later account with the same name gets nothing, and a role
 * the CLI revoked is not given back. Returns whether this call made the account an admin.
 */
export async function grantConfiguredAdmin(
  db: Database,
  usernames: readonly string[],
  account: AdminCandidate,
): Promise<boolean> {
  if (!account.emailVerifiedAt || !isConfiguredAdmin(usernames, account.username)) return false;
  return db.transaction(async (tx) => {
    const [recorded] = await tx
      .insert(configuredAdminGrants)
      .values({ username: account.username, userId: account.id })
      .onConflictDoNothing()
      .returning({ userId: configuredAdminGrants.userId });
    if (!recorded) return false;
    const [changed] = await tx
      .update(users)
      .set({ role: "admin" })
      .where(and(eq(users.id, account.id), eq(users.role, "user")))
      .returning({ id: users.id });
    return changed !== undefined;
  });
}

/** At start-up: grants the configured names whose accounts are verified (see above). Returns who changed. */
export async function grantConfiguredAdmins(db: Database, usernames: readonly string[]): Promise<string[]> {
  if (usernames.length === 0) return [];
  const candidates = await db
    .select({ id: users.id, username: users.username, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(and(inArray(users.username, [...usernames]), isNotNull(users.emailVerifiedAt)));
  const granted: string[] = [];
  for (const account of candidates) {
    if (await grantConfiguredAdmin(db, usernames, account)) granted.push(account.username);
  }
  return granted;
}

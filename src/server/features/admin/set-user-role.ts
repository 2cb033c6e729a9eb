import { eq } from "drizzle-orm";
import type { Queryable } from "../../platform/db/client.ts";
import { users } from "../../platform/db/schema.ts";

export type UserRole = (typeof users.$inferSelect)["role"];

/**
 * Gives a user a role, found by username in any case. Returns the username as stored and the role it had
 * before, or undefined when nobody has that username.
 */
export async function setUserRole(db: Queryable, username: string, role: UserRole) {
  const [user] = await db
    .select({ id: users.id, username: users.username, role: users.role })
    .from(users)
    .where(eq(users.username, username));
  if (!user) return undefined;
  if (user.role !== role) await db.update(users).set({ role }).where(eq(users.id, user.id));
  return { username: user.username, previousRole: user.role };
}

import { eq } from "drizzle-orm";
import type { Queryable } from "../../platform/db/client.ts";
import { users } from "../../platform/db/schema.ts";

export type UserRole = (typeof users.$inferSelect)["role"];

/**
 * Gives a user a role, found by username in any case. The admin role needs a verified e-mail: anyone can
 * register a name, so only a proven address says whose account it is. Returns the account as stored, the
 * role it had before and whether the change was refused for that reason; undefined when nobody has that
 * username.
 */
export async function setUserRole(db: Queryable, username: string, role: UserRole) {
  const [user] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      role: users.role,
    })
    .from(users)
    .where(eq(users.username, username));
  if (!user) return undefined;
  const isRefused = role === "admin" && user.emailVerifiedAt === null;
  if (user.role !== role && !isRefused) await db.update(users).set({ role }).where(eq(users.id, user.id));
  return { username: user.username, email: user.email, previousRole: user.role, isRefused };
}

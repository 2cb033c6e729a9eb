import { eq } from "drizzle-orm";
import type { Queryable } from "../../platform/db/client.ts";
import { users } from "../../platform/db/schema.ts";
import { notFound } from "../../platform/http/errors.ts";
import { isUuid } from "../../platform/http/ids.ts";

/** Sets when a user's trial ends (support extends or ends it, DESIGN §10); 404 for an unknown id. */
export async function updateUserTrial(db: Queryable, userId: string, trialEndsAt: Date) {
  if (!isUuid(userId)) throw notFound("User not found");
  const [row] = await db
    .update(users)
    .set({ trialEndsAt })
    .where(eq(users.id, userId))
    .returning({ id: users.id, username: users.username, role: users.role, trialEndsAt: users.trialEndsAt });
  if (!row) throw notFound("User not found");
  return { ...row, trialEndsAt: row.trialEndsAt.toISOString() };
}

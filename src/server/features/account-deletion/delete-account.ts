import { eq } from "drizzle-orm";
import { verifyPassword } from "../../platform/auth/passwords.ts";
import type { SessionUser } from "../../platform/auth/sessions.ts";
import type { Database } from "../../platform/db/client.ts";
import { idempotencyKeys, users } from "../../platform/db/schema.ts";
import { AppError } from "../../platform/http/errors.ts";
import type { RateLimiter } from "../../platform/http/rate-limit.ts";
import type { ObjectStore } from "../../platform/storage/object-store.ts";
import { failedLoginsPerUsername } from "../accounts/rate-limits.ts";

export const wrongPasswordMessage = "Password is incorrect";

export type AccountDeletionContext = { db: Database; limiter: RateLimiter; store: ObjectStore };

/**
 * Deletes the user after checking the password. Every row they own goes with the users row (ON DELETE
 * CASCADE, sessions included); their stored objects (local folder or S3) are removed after the commit. A wrong password counts
 * as a failed sign-in, so a stolen session cannot be used to guess it.
 */
export async function deleteAccount(ctx: AccountDeletionContext, user: SessionUser, password: string) {
  await ctx.limiter.assertNotLocked(failedLoginsPerUsername, user.username);
  const [row] = await ctx.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, user.id));
  if (!row || !(await verifyPassword(row.passwordHash, password))) {
    await ctx.limiter.recordFailure(failedLoginsPerUsername, user.username);
    throw new AppError("BAD_REQUEST", wrongPasswordMessage, { fields: { password: wrongPasswordMessage } });
  }
  await ctx.db.transaction(async (tx) => {
    // Idempotency keys are scoped by the user's id as text, not by a foreign key.
    await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.scope, user.id));
    await tx.delete(users).where(eq(users.id, user.id));
  });
  await ctx.store.removePrefix(`${user.id}/`);
}

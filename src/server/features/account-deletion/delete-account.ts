import { eq } from "drizzle-orm";
import { verifyPassword } from "../../platform/auth/passwords.ts";
import type { SessionUser } from "../../platform/auth/sessions.ts";
import type { Database } from "../../platform/db/client.ts";
import { idempotencyKeys, users } from "../../platform/db/schema.ts";
import { AppError } from "../../platform/http/errors.ts";
import type { RateLimiter } from "../../platform/http/rate-limit.ts";
import type { ObjectStore } from "../../platform/storage/object-store.ts";
import type { StripeClient } from "../../platform/stripe/client.ts";
import { failedLoginsPerUsername } from "../accounts/rate-limits.ts";
import { recordAuditEntry } from "../admin/audit-log.ts";
import { cancelSubscriptionNow } from "../billing/cancel-subscription.ts";

export const wrongPasswordMessage = "Password is incorrect";

export type AccountDeletionContext = {
  db: Database;
  limiter: RateLimiter;
  store: ObjectStore;
  /** Null while billing is off. */
  stripe: StripeClient | null;
};

/**
 * Deletes the user after checking the password. Their Stripe subscription is cancelled first; should Stripe
 * refuse, the account still goes and the admins' audit log says which subscription to cancel by hand. Every
 * row they own goes with the users row (ON DELETE CASCADE, sessions included); their slugs stay reserved
 * (speaker_slugs); their stored objects (local folder or S3) are removed after the commit. A wrong password
 * counts as a failed sign-in, so a stolen session cannot be used to guess it.
 */
export async function deleteAccount(
  ctx: AccountDeletionContext,
  user: SessionUser,
  password: string,
  caller: { ip: string; userAgent?: string },
) {
  const attempt = await ctx.limiter.beginAttempt([failedLoginsPerUsername, user.username]);
  const [row] = await ctx.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, user.id));
  if (!row || !(await verifyPassword(row.passwordHash, password))) {
    throw new AppError("BAD_REQUEST", wrongPasswordMessage, { fields: { password: wrongPasswordMessage } });
  }
  await attempt.giveBack();
  const refusal = await cancelSubscriptionNow(ctx, user.id);
  await ctx.db.transaction(async (tx) => {
    if (refusal) {
      await recordAuditEntry(tx, user, caller, {
        action: "billing.cancel_refused",
        target: user,
        detail: refusal,
      });
    }
    // Idempotency keys are scoped by the user's id as text, not by a foreign key.
    await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.scope, user.id));
    await tx.delete(users).where(eq(users.id, user.id));
  });
  await ctx.store.removePrefix(`${user.id}/`);
}

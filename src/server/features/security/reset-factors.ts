import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { endPendingSignInsOf } from "../../platform/auth/pending-sign-ins.ts";
import { users } from "../../platform/db/schema.ts";
import { notFound } from "../../platform/http/errors.ts";
import { recordAdminAction } from "../admin/audit-log.ts";
import type { SecurityContext } from "./context.ts";
import { changeFactors } from "./factor-notices.ts";
import { deleteAllPasskeys } from "./passkeys.ts";
import { removeTotp } from "./totp.ts";

/**
 * The admin's way out for a user who lost every factor: removes their passkeys, authenticator app and
 * recovery codes in one transaction with the audit entry, and tells them by e-mail.
 */
export async function resetFactors(
  ctx: SecurityContext,
  request: FastifyRequest,
  userId: string,
): Promise<void> {
  const [user] = await ctx.db
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound("User not found");
  await changeFactors(ctx, user, async (tx) => {
    const passkeysRemoved = await deleteAllPasskeys(tx, userId);
    await removeTotp(tx, userId);
    await endPendingSignInsOf(tx, userId);
    await recordAdminAction(tx, request, {
      action: "user.factors_reset",
      target: { id: user.id, username: user.username },
      detail: { passkeysRemoved },
    });
    return [undefined, { kind: "factors-reset-by-admin" }];
  });
}

import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { passkeys, pendingSignIns, users } from "../../platform/db/schema.ts";
import { notFound } from "../../platform/http/errors.ts";
import { renderEmail } from "../../platform/mail/render.ts";
import { recordAdminAction } from "../admin/audit-log.ts";
import type { SecurityContext } from "./context.ts";
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
  const mailId = await ctx.db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, username: users.username, email: users.email })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) throw notFound("User not found");
    const removed = await tx
      .delete(passkeys)
      .where(eq(passkeys.userId, userId))
      .returning({ id: passkeys.id });
    await removeTotp(tx, userId);
    await tx.delete(pendingSignIns).where(eq(pendingSignIns.userId, userId));
    await recordAdminAction(tx, request, {
      action: "user.factors_reset",
      target: { id: user.id, username: user.username },
      detail: { passkeysRemoved: removed.length },
    });
    return ctx.mailer.queue(
      tx,
      renderEmail({
        to: user.email,
        subject: "The second factors of your Podium account were reset",
        greeting: `Hi ${user.username},`,
        paragraphs: [
          "An administrator removed the passkeys, the authenticator app and the recovery codes of your Podium account, " +
            "as asked when every second factor was lost. You can now sign in with your password alone.",
          "Set up a passkey or an authenticator app again in Account Settings, under Security.",
        ],
        footnote: "If you did not ask for this, contact support right away and change your password.",
      }),
    );
  });
  await ctx.mailer.dispatch([mailId]);
}

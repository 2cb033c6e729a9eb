import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { users } from "../../platform/db/schema.ts";
import { AppError, notFound } from "../../platform/http/errors.ts";
import { issueAuthToken } from "../accounts/auth-tokens.ts";
import { renderVerificationEmail } from "../accounts/emails.ts";
import { recordAdminAction } from "./audit-log.ts";

/** E-mails a new verification link to an account whose address is not verified yet. */
export async function resendVerificationFor(app: FastifyInstance, request: FastifyRequest, id: string) {
  const mailId = await app.db.transaction(async (tx) => {
    const [user] = await tx
      .select({
        id: users.id,
        username: users.username,
        email: users.email,
        verifiedAt: users.emailVerifiedAt,
      })
      .from(users)
      .where(eq(users.id, id));
    if (!user) throw notFound("User not found");
    if (user.verifiedAt) throw new AppError("CONFLICT", "This e-mail address is already verified.");
    const token = await issueAuthToken(tx, user.id, "verify_email", { keepEarlier: true });
    await recordAdminAction(tx, request, {
      action: "user.verification_resent",
      target: { id: user.id, username: user.username },
    });
    return app.mailer.queue(tx, renderVerificationEmail(app.config, user, token, "requested"));
  });
  await app.mailer.dispatch([mailId]);
}

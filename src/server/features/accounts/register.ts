import type { RegisterInput } from "../../../shared/schemas/auth.ts";
import { TRIAL_DAYS } from "../../../shared/schemas/billing.ts";
import { isTimeZone } from "../../../shared/schemas/fields.ts";
import { hashPassword } from "../../platform/auth/passwords.ts";
import { createSession, deleteSession } from "../../platform/auth/sessions.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { invoiceSettings, notificationSettings } from "../../platform/db/schema.ts";
import { AppError } from "../../platform/http/errors.ts";
import { type FoundPromotion, redeemPromotion } from "../billing/promotions.ts";
import { issueAuthToken } from "./auth-tokens.ts";
import type { AccountsContext, Caller } from "./context.ts";
import { renderVerificationEmail } from "./emails.ts";
import { findTakenField, insertUser } from "./queries.ts";
import { registrationsPerIp } from "./rate-limits.ts";

/**
 * Creates the account, signs it in with a new session and queues the verification e-mail, all at once.
 * The trial lasts TRIAL_DAYS plus a promotional code's extra days, and the code's use is recorded with the
 * account. A new account is never an admin, even with a name in ADMIN_USERNAMES: that role waits for a
 * verified e-mail (grant-configured-admins.ts).
 */
export async function registerUser(
  ctx: AccountsContext,
  input: RegisterInput,
  caller: Caller,
  promotion: FoundPromotion | null = null,
) {
  await ctx.limiter.consume(registrationsPerIp, caller.ip);
  const passwordHash = await hashPassword(input.password);

  const { user, session, mailId } = await ctx.db.transaction(async (tx) => {
    const taken = await findTakenField(tx, input);
    if (taken) throw duplicateAccount(taken);
    const user = await insertUser(tx, {
      username: input.username,
      email: input.email,
      passwordHash,
      trialDays: TRIAL_DAYS + (promotion?.offer.trialDays ?? 0),
    });
    // Another registration took the name or address between the check and the insert.
    if (!user) throw duplicateAccount((await findTakenField(tx, input)) ?? "username");
    if (promotion) await redeemPromotion(tx, promotion, user.id);
    if (input.timeZone && isTimeZone(input.timeZone)) await startInTimeZone(tx, user.id, input.timeZone);
    const token = await issueAuthToken(tx, user.id, "verify_email");
    const mailId = await ctx.mailer.queue(tx, renderVerificationEmail(ctx.config, user, token, "registered"));
    if (caller.sessionId) await deleteSession(tx, caller.sessionId);
    const session = await createSession(tx, { userId: user.id, ip: caller.ip, userAgent: caller.userAgent });
    return { user, session, mailId };
  });
  await ctx.mailer.dispatch([mailId]);
  return { user, session };
}

/** The zone that decides "today" for follow-ups, digests and invoices, until the speaker sets their own. */
async function startInTimeZone(tx: Queryable, userId: string, timeZone: string) {
  await tx.insert(notificationSettings).values({ userId, timeZone });
  await tx.insert(invoiceSettings).values({ userId, timeZone });
}

export function duplicateAccount(field: "username" | "email"): AppError {
  const message =
    field === "email" ? "An account with this email already exists" : "This username is already taken";
  return new AppError("CONFLICT", message, { fields: { [field]: message } });
}

import type { UpdateAccountInput } from "../../../shared/schemas/auth.ts";
import type { SessionUser } from "../../platform/auth/sessions.ts";
import { issueAuthToken } from "./auth-tokens.ts";
import type { AccountsContext } from "./context.ts";
import { renderVerificationEmail } from "./emails.ts";
import { type AccountRow, changeEmail, findTakenField } from "./queries.ts";
import { duplicateAccount } from "./register.ts";

/**
 * Changes the account's e-mail: the new address is unverified until its link is followed, and the link
 * replaces any earlier one. The same address (in any case) changes nothing.
 */
export async function updateEmail(
  ctx: AccountsContext,
  user: SessionUser,
  input: UpdateAccountInput,
): Promise<AccountRow> {
  if (input.email.toLowerCase() === user.email.toLowerCase()) return user;
  const { updated, mailId } = await ctx.db.transaction(async (tx) => {
    if (await findTakenField(tx, { email: input.email })) throw duplicateAccount("email");
    const updated = await changeEmail(tx, user.id, input.email);
    if (!updated) throw duplicateAccount("email");
    const token = await issueAuthToken(tx, updated.id, "verify_email");
    const mailId = await ctx.mailer.queue(
      tx,
      renderVerificationEmail(ctx.config, updated, token, "email-changed"),
    );
    return { updated, mailId };
  });
  await ctx.mailer.dispatch([mailId]);
  return updated;
}

import { emailTakenMeanwhileMessage } from "../../../shared/schemas/auth.ts";
import { setSessionWorkspace } from "../../platform/auth/sessions.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { AppError } from "../../platform/http/errors.ts";
import { confirmJoinRequests } from "../team/join-requests.ts";
import { consumeAuthToken, voidAuthTokens } from "./auth-tokens.ts";
import type { AccountsContext } from "./context.ts";
import { renderEmailChangedNotice } from "./emails.ts";
import { changeEmail, findAccount, markEmailVerified } from "./queries.ts";

export const invalidVerificationLinkMessage = "The verification link is invalid or has expired.";

/**
 * Marks the e-mail of the token's user as verified; the token works once, and its sibling links stop too.
 * A link sent by a change of e-mail also makes its address the account's (decision 009): only now, so the
 * account keeps its address until the new one is proven, and the old address is told that it changed.
 */
export async function verifyEmail(ctx: AccountsContext, token: string, caller: SignedInCaller) {
  const outcome = await ctx.db.transaction(async (tx) => {
    const link = await consumeAuthToken(tx, token, "verify_email");
    if (!link) throw new AppError("BAD_REQUEST", invalidVerificationLinkMessage);
    await voidAuthTokens(tx, link.userId, "verify_email");
    const before = await findAccount(tx, link.userId);
    if (!before) throw new AppError("BAD_REQUEST", invalidVerificationLinkMessage);
    if (link.newEmail === null || link.newEmail.toLowerCase() === before.email.toLowerCase()) {
      const user = await markEmailVerified(tx, link.userId);
      return { user, mailIds: user ? await joinInvitedTeams(ctx, tx, user, caller) : [] };
    }
    const user = await changeEmail(tx, link.userId, link.newEmail);
    if (!user) throw new AppError("BAD_REQUEST", emailTakenMeanwhileMessage);
    // Reset links went to the old address; they must not outlive it.
    await voidAuthTokens(tx, link.userId, "reset_password");
    const notice = renderEmailChangedNotice(ctx.config, before, link.newEmail);
    const joinedMail = await joinInvitedTeams(ctx, tx, user, caller);
    return { user, mailIds: [await ctx.mailer.queue(tx, notice), ...joinedMail] };
  });
  if (!outcome.user) throw new AppError("BAD_REQUEST", invalidVerificationLinkMessage);
  await ctx.mailer.dispatch(outcome.mailIds);
  return outcome.user;
}

/** The browser that opens the link: its login and session, when it is signed in. */
export type SignedInCaller = { loginId: string | null; sessionId: string | null };

/**
 * The address is now proven: the invitations to it that this login took up before confirming it become
 * memberships (decision 062). When the link is opened in the login's own session, that session now acts for
 * the speaker joined, as accepting the invitation directly would have done.
 */
async function joinInvitedTeams(
  ctx: AccountsContext,
  tx: Queryable,
  user: { id: string; username: string; email: string },
  caller: SignedInCaller,
) {
  const { speakerIds, mailIds } = await confirmJoinRequests(
    { mailer: ctx.mailer, appUrl: ctx.config.APP_URL },
    tx,
    user,
  );
  const [speakerId] = speakerIds;
  if (speakerId && caller.sessionId && caller.loginId === user.id) {
    await setSessionWorkspace(tx, caller.sessionId, speakerId);
  }
  return mailIds;
}

import { and, eq, gt } from "drizzle-orm";
import { INVITATION_DAYS, type InviteMemberInput } from "../../../shared/schemas/team.ts";
import { setSessionWorkspace } from "../../platform/auth/sessions.ts";
import { createRandomToken, sha256 } from "../../platform/auth/tokens.ts";
import type { Database, Queryable } from "../../platform/db/client.ts";
import { teamInvitations, teamMembers, users } from "../../platform/db/schema.ts";
import { AppError, notFound } from "../../platform/http/errors.ts";
import { isUuid } from "../../platform/http/ids.ts";
import type { Mailer } from "../../platform/mail/mailer.ts";
import { renderInvitationEmail } from "./emails.ts";
import { findSpeakerName, upsertMember } from "./queries.ts";

export type TeamContext = { db: Database; mailer: Mailer; appUrl: string };

const DAY = 24 * 60 * 60 * 1000;
export const INVALID_LINK = "This invitation link is invalid or has expired. Ask the speaker for a new one.";

const toInvitation = (row: typeof teamInvitations.$inferSelect) => ({
  id: row.id,
  email: row.email,
  role: row.role,
  expiresAt: row.expiresAt.toISOString(),
});

/**
 * Invites `input.email` into the speaker's team and e-mails the link (APP_URL/join/<token>, INVITATION_DAYS
 * days). Only the token's hash is kept; a newer invitation of the same address replaces the older one.
 */
export async function inviteMember(ctx: TeamContext, speakerId: string, input: InviteMemberInput, now: Date) {
  const { invitation, mailId } = await ctx.db.transaction(async (tx) => {
    const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, speakerId));
    if (owner?.email.toLowerCase() === input.email.toLowerCase()) {
      throw new AppError("BAD_REQUEST", "That is your own address: you are already the owner of this team.", {
        fields: { email: "That is your own address" },
      });
    }
    const [member] = await tx
      .select({ userId: teamMembers.userId })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(and(eq(teamMembers.speakerId, speakerId), eq(users.email, input.email)));
    if (member) throw new AppError("CONFLICT", "This person is already in your team.");
    await tx
      .delete(teamInvitations)
      .where(and(eq(teamInvitations.speakerId, speakerId), eq(teamInvitations.email, input.email)));
    const token = createRandomToken();
    const [row] = await tx
      .insert(teamInvitations)
      .values({ speakerId, ...input, tokenHash: sha256(token), expiresAt: expiryFrom(now) })
      .returning();
    const mailId = await mailInvitation(ctx, tx, speakerId, row!, token, now);
    return { invitation: toInvitation(row!), mailId };
  });
  await ctx.mailer.dispatch([mailId]);
  return invitation;
}

/** A new link for an open invitation, e-mailed again; the previous link stops working at once. */
export async function resendInvitation(ctx: TeamContext, speakerId: string, id: string, now: Date) {
  if (!isUuid(id)) throw notFound("Invitation not found");
  const { invitation, mailId } = await ctx.db.transaction(async (tx) => {
    const token = createRandomToken();
    const [row] = await tx
      .update(teamInvitations)
      .set({ tokenHash: sha256(token), expiresAt: expiryFrom(now) })
      .where(and(eq(teamInvitations.id, id), eq(teamInvitations.speakerId, speakerId)))
      .returning();
    if (!row) throw notFound("Invitation not found");
    const mailId = await mailInvitation(ctx, tx, speakerId, row, token, now);
    return { invitation: toInvitation(row), mailId };
  });
  await ctx.mailer.dispatch([mailId]);
  return invitation;
}

export async function cancelInvitation(db: Database, speakerId: string, id: string) {
  if (!isUuid(id)) throw notFound("Invitation not found");
  const deleted = await db
    .delete(teamInvitations)
    .where(and(eq(teamInvitations.id, id), eq(teamInvitations.speakerId, speakerId)))
    .returning({ id: teamInvitations.id });
  if (deleted.length === 0) throw notFound("Invitation not found");
}

/**
 * The signed-in login joins the team the link invites to, with its role, and its session now acts for that
 * speaker. The link works once: the invitation is gone with the join.
 */
export async function acceptInvitation(
  db: Database,
  login: { id: string },
  sessionId: string,
  token: string,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const [invitation] = await tx
      .delete(teamInvitations)
      .where(and(eq(teamInvitations.tokenHash, sha256(token)), gt(teamInvitations.expiresAt, now)))
      .returning();
    if (!invitation) throw notFound(INVALID_LINK);
    if (invitation.speakerId === login.id) {
      throw new AppError(
        "CONFLICT",
        "This invitation is to your own team: send the link to the person you invited.",
      );
    }
    await upsertMember(tx, invitation.speakerId, login.id, invitation.role);
    await setSessionWorkspace(tx, sessionId, invitation.speakerId);
    return {
      speaker: { id: invitation.speakerId, name: (await findSpeakerName(tx, invitation.speakerId))! },
    };
  });
}

const expiryFrom = (now: Date) => new Date(now.getTime() + INVITATION_DAYS * DAY);

async function mailInvitation(
  ctx: TeamContext,
  tx: Queryable,
  speakerId: string,
  invitation: typeof teamInvitations.$inferSelect,
  token: string,
  now: Date,
) {
  const speakerName = (await findSpeakerName(tx, speakerId))!;
  const message = renderInvitationEmail(ctx.appUrl, { ...invitation, speakerName, token });
  return ctx.mailer.queueToThirdParty(tx, { userId: speakerId, now }, message);
}

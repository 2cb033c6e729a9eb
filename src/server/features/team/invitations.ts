import { and, eq, exists, gt, isNull } from "drizzle-orm";
import {
  INVITATION_DAYS,
  type InvitationPreview,
  type InviteMemberInput,
  type Joined,
} from "../../../shared/schemas/team.ts";
import { setSessionWorkspace } from "../../platform/auth/sessions.ts";
import { createRandomToken, sha256 } from "../../platform/auth/tokens.ts";
import type { Database, Queryable } from "../../platform/db/client.ts";
import { columns } from "../../platform/db/columns.ts";
import { teamInvitations, teamJoinRequests, teamMembers, users } from "../../platform/db/schema.ts";
import { AppError, notFound } from "../../platform/http/errors.ts";
import { isUuid } from "../../platform/http/ids.ts";
import type { Mailer } from "../../platform/mail/mailer.ts";
import { renderInvitationEmail, renderJoinRequestEmail, renderMemberJoinedEmail } from "./emails.ts";
import { findJoiningLogin, isSameAddress, mailOwner } from "./join-requests.ts";
import { findSpeakerName, findSpeakerPublicName, upsertMember } from "./queries.ts";

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
      .values(
        columns(teamInvitations, {
          speakerId,
          ...input,
          tokenHash: sha256(token),
          expiresAt: expiryFrom(now),
        }),
      )
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
 * The invitation a token opens while it runs. A disabled speaker's invitations answer as unknown ones, and
 * stay for when the speaker is enabled again.
 */
export function openInvitation(db: Queryable, token: string, now: Date) {
  return and(
    eq(teamInvitations.tokenHash, sha256(token)),
    gt(teamInvitations.expiresAt, now),
    exists(
      db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, teamInvitations.speakerId), isNull(users.disabledAt))),
    ),
  );
}

/**
 * Who invites, with which role, to which address, for the join page before its visitor signs in. The token is
 * the secret that reached the invited address, so showing that address back to its holder tells nothing new.
 */
export async function previewInvitation(db: Database, token: string, now: Date): Promise<InvitationPreview> {
  const [invitation] = await db
    .select()
    .from(teamInvitations)
    .where(openInvitation(db, token, now));
  if (!invitation) throw notFound(INVALID_LINK);
  const name = await findSpeakerPublicName(db, invitation.speakerId);
  return { speaker: { id: invitation.speakerId, name }, role: invitation.role, email: invitation.email };
}

/**
 * The signed-in login takes up the invitation; the link works once either way (decision 062). When the
 * login's verified e-mail is the invited address it joins with the invited role, its session now acts for
 * the speaker and the owner is e-mailed who joined. Otherwise the invitation becomes a request the owner
 * approves or refuses — e-mailed to the owner when the address differs; when it is the invited address not
 * yet confirmed, the login joins by itself on confirming it (confirmJoinRequests).
 */
export async function acceptInvitation(
  ctx: TeamContext,
  login: { id: string },
  sessionId: string,
  token: string,
  now: Date,
): Promise<Joined> {
  const { joined, mailIds } = await ctx.db.transaction(async (tx) => {
    const [invitation] = await tx
      .delete(teamInvitations)
      .where(openInvitation(tx, token, now))
      .returning();
    if (!invitation) throw notFound(INVALID_LINK);
    if (invitation.speakerId === login.id) {
      throw new AppError(
        "CONFLICT",
        "This invitation is to your own team: send the link to the person you invited.",
      );
    }
    const { speakerId, role, email: invitedEmail } = invitation;
    const account = (await findJoiningLogin(tx, login.id))!;
    const speaker = { id: speakerId, name: await findSpeakerPublicName(tx, speakerId) };
    const isInvitedAddress = isSameAddress(account.email, invitedEmail);
    if (isInvitedAddress && account.isVerified) {
      await upsertMember(tx, speakerId, login.id, role);
      await setSessionWorkspace(tx, sessionId, speakerId);
      const mailId = await mailOwner(ctx, tx, speakerId, (owner) =>
        renderMemberJoinedEmail(ctx.appUrl, owner, { login: account, role, invitedEmail }),
      );
      return { joined: { status: "joined" as const, speaker, role }, mailIds: [mailId] };
    }
    await tx
      .insert(teamJoinRequests)
      .values({ speakerId, userId: login.id, role, invitedEmail })
      .onConflictDoUpdate({
        target: [teamJoinRequests.speakerId, teamJoinRequests.userId],
        set: { role, invitedEmail, createdAt: now },
      });
    // The invited address not yet confirmed: most likely a login made a moment ago from the join page, which
    // joins when its verification link is opened; the owner hears then, not twice.
    const mailIds = isInvitedAddress
      ? []
      : [
          await mailOwner(ctx, tx, speakerId, (owner) =>
            renderJoinRequestEmail(ctx.appUrl, owner, { login: account, role, invitedEmail }),
          ),
        ];
    const status = isInvitedAddress ? ("confirming" as const) : ("requested" as const);
    return { joined: { status, speaker, role }, mailIds };
  });
  await ctx.mailer.dispatch(mailIds);
  return joined;
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

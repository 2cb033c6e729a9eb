import { and, eq } from "drizzle-orm";
import type { Database, Queryable } from "../../platform/db/client.ts";
import { teamJoinRequests, users } from "../../platform/db/schema.ts";
import { notFound } from "../../platform/http/errors.ts";
import { isUuid } from "../../platform/http/ids.ts";
import type { EmailMessage, Mailer } from "../../platform/mail/mailer.ts";
import { renderMemberJoinedEmail } from "./emails.ts";
import { listMembers, upsertMember } from "./queries.ts";

/** E-mail addresses compare without case, as the citext columns that hold them. */
export const isSameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The login taking up an invitation, as its speaker's mail names it. */
export async function findJoiningLogin(db: Queryable, loginId: string) {
  const [row] = await db
    .select({ username: users.username, email: users.email, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, loginId));
  return row && { username: row.username, email: row.email, isVerified: row.verifiedAt !== null };
}

/** Queues a message to the speaker's own address (their own account's mail: no third-party limits). */
export async function mailOwner(
  deps: { mailer: Mailer },
  tx: Queryable,
  speakerId: string,
  render: (owner: { email: string }) => EmailMessage,
) {
  const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, speakerId));
  return deps.mailer.queue(tx, render(owner!));
}

/** The owner lets the login in: it becomes a member with the invited role. */
export async function approveJoinRequest(db: Database, speakerId: string, id: string) {
  if (!isUuid(id)) throw notFound("Request not found");
  return db.transaction(async (tx) => {
    const [request] = await tx
      .delete(teamJoinRequests)
      .where(and(eq(teamJoinRequests.id, id), eq(teamJoinRequests.speakerId, speakerId)))
      .returning();
    if (!request) throw notFound("Request not found");
    await upsertMember(tx, speakerId, request.userId, request.role);
    const member = (await listMembers(tx, speakerId)).find((each) => each.userId === request.userId)!;
    return { ...member, joinedAt: member.joinedAt.toISOString() };
  });
}

/** The owner turns the login away; it can join later only through a new invitation. */
export async function refuseJoinRequest(db: Database, speakerId: string, id: string) {
  if (!isUuid(id)) throw notFound("Request not found");
  const deleted = await db
    .delete(teamJoinRequests)
    .where(and(eq(teamJoinRequests.id, id), eq(teamJoinRequests.speakerId, speakerId)))
    .returning({ id: teamJoinRequests.id });
  if (deleted.length === 0) throw notFound("Request not found");
}

/**
 * The login has just confirmed `login.email` (its verification link): each of its waiting requests made by
 * an invitation to that very address becomes a membership, and each owner is e-mailed who joined. Runs in
 * the verification's transaction; returns the speakers joined and the mail to dispatch after the commit.
 */
export async function confirmJoinRequests(
  deps: { mailer: Mailer; appUrl: string },
  tx: Queryable,
  login: { id: string; username: string; email: string },
) {
  const confirmed = await tx
    .delete(teamJoinRequests)
    .where(and(eq(teamJoinRequests.userId, login.id), eq(teamJoinRequests.invitedEmail, login.email)))
    .returning();
  const mailIds: string[] = [];
  for (const request of confirmed) {
    await upsertMember(tx, request.speakerId, login.id, request.role);
    const joined = { login, role: request.role, invitedEmail: request.invitedEmail };
    mailIds.push(
      await mailOwner(deps, tx, request.speakerId, (owner) =>
        renderMemberJoinedEmail(deps.appUrl, owner, joined),
      ),
    );
  }
  return { speakerIds: confirmed.map((request) => request.speakerId), mailIds };
}

import { and, eq } from "drizzle-orm";
import type { TeamMemberRole, TeamSettings } from "../../../shared/schemas/team.ts";
import type { Database } from "../../platform/db/client.ts";
import { columns } from "../../platform/db/columns.ts";
import { teamMembers, teamSettings } from "../../platform/db/schema.ts";
import { notFound } from "../../platform/http/errors.ts";
import { isUuid } from "../../platform/http/ids.ts";
import { findTeamSettings, listInvitations, listJoinRequests, listMembers, memberKey } from "./queries.ts";

/** The owner's view of their team: members, open invitations and logins waiting for approval. */
export async function getTeam(db: Database, speakerId: string) {
  const [members, invitations, requests] = await Promise.all([
    listMembers(db, speakerId),
    listInvitations(db, speakerId),
    listJoinRequests(db, speakerId),
  ]);
  return {
    members: members.map((member) => ({ ...member, joinedAt: member.joinedAt.toISOString() })),
    invitations: invitations.map((invitation) => ({
      ...invitation,
      expiresAt: invitation.expiresAt.toISOString(),
    })),
    requests: requests.map(({ emailVerifiedAt, requestedAt, ...request }) => ({
      ...request,
      emailVerified: emailVerifiedAt !== null,
      requestedAt: requestedAt.toISOString(),
    })),
  };
}

/** A new role, in force from the member's next request (the change feed drops their reused sessions). */
export async function changeMemberRole(
  db: Database,
  speakerId: string,
  userId: string,
  role: TeamMemberRole,
) {
  if (!isUuid(userId)) throw notFound("Member not found");
  const updated = await db
    .update(teamMembers)
    .set({ role })
    .where(memberKey(speakerId, userId))
    .returning({ userId: teamMembers.userId });
  if (updated.length === 0) throw notFound("Member not found");
  return (await getTeam(db, speakerId)).members.find((member) => member.userId === userId)!;
}

/** Ends the membership: the member's sessions fall back to their own book on their next request. */
export async function removeMember(db: Database, speakerId: string, userId: string) {
  if (!isUuid(userId)) throw notFound("Member not found");
  const deleted = await db
    .delete(teamMembers)
    .where(and(eq(teamMembers.speakerId, speakerId), eq(teamMembers.userId, userId)))
    .returning({ userId: teamMembers.userId });
  if (deleted.length === 0) throw notFound("Member not found");
}

export const getTeamSettings = findTeamSettings;

export async function saveTeamSettings(db: Database, speakerId: string, settings: TeamSettings) {
  await db
    .insert(teamSettings)
    .values(columns(teamSettings, { speakerId, ...settings }))
    .onConflictDoUpdate({ target: teamSettings.speakerId, set: columns(teamSettings, settings) });
  return findTeamSettings(db, speakerId);
}

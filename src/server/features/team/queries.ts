import { and, asc, eq, sql } from "drizzle-orm";
import type { TeamMemberRole } from "../../../shared/schemas/team.ts";
import type { Queryable } from "../../platform/db/client.ts";
import {
  speakerProfiles,
  teamInvitations,
  teamJoinRequests,
  teamMembers,
  teamSettings,
  users,
} from "../../platform/db/schema.ts";

/** A speaker as their team sees them: the name of their profile, else their username. */
export const speakerName = sql<string>`coalesce(nullif(${speakerProfiles.name}, ''), ${users.username})`;

export async function findSpeakerName(db: Queryable, speakerId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: speakerName })
    .from(users)
    .leftJoin(speakerProfiles, eq(speakerProfiles.userId, users.id))
    .where(eq(users.id, speakerId));
  return row?.name ?? null;
}

/**
 * The speaker as someone outside their book sees them (an invitee): the profile's name, else the business
 * name, else null — never the username, which is a login's private handle.
 */
export async function findSpeakerPublicName(db: Queryable, speakerId: string): Promise<string | null> {
  const [row] = await db
    .select({
      name: sql<
        string | null
      >`coalesce(nullif(${speakerProfiles.name}, ''), nullif(${speakerProfiles.businessName}, ''))`,
    })
    .from(speakerProfiles)
    .where(eq(speakerProfiles.userId, speakerId));
  return row?.name ?? null;
}

export async function listMembers(db: Queryable, speakerId: string) {
  return db
    .select({
      userId: teamMembers.userId,
      username: users.username,
      email: users.email,
      role: teamMembers.role,
      joinedAt: teamMembers.createdAt,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.speakerId, speakerId))
    .orderBy(asc(teamMembers.createdAt));
}

export async function listInvitations(db: Queryable, speakerId: string) {
  return db
    .select({
      id: teamInvitations.id,
      email: teamInvitations.email,
      role: teamInvitations.role,
      expiresAt: teamInvitations.expiresAt,
    })
    .from(teamInvitations)
    .where(eq(teamInvitations.speakerId, speakerId))
    .orderBy(asc(teamInvitations.createdAt));
}

export async function listJoinRequests(db: Queryable, speakerId: string) {
  return db
    .select({
      id: teamJoinRequests.id,
      userId: teamJoinRequests.userId,
      username: users.username,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      invitedEmail: teamJoinRequests.invitedEmail,
      role: teamJoinRequests.role,
      requestedAt: teamJoinRequests.createdAt,
    })
    .from(teamJoinRequests)
    .innerJoin(users, eq(users.id, teamJoinRequests.userId))
    .where(eq(teamJoinRequests.speakerId, speakerId))
    .orderBy(asc(teamJoinRequests.createdAt));
}

/** Makes `userId` a member with `role`, or changes the role of one already in the team. */
export async function upsertMember(db: Queryable, speakerId: string, userId: string, role: TeamMemberRole) {
  await db
    .insert(teamMembers)
    .values({ speakerId, userId, role })
    .onConflictDoUpdate({ target: [teamMembers.speakerId, teamMembers.userId], set: { role } });
}

export async function findTeamSettings(db: Queryable, speakerId: string) {
  const [row] = await db.select().from(teamSettings).where(eq(teamSettings.speakerId, speakerId));
  return { replyTo: row?.replyTo ?? "speaker", requireSecondFactor: row?.requireSecondFactor ?? false };
}

export const memberKey = (speakerId: string, userId: string) =>
  and(eq(teamMembers.speakerId, speakerId), eq(teamMembers.userId, userId));

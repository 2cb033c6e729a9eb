import { and, asc, eq, isNull } from "drizzle-orm";
import type { CurrentUser, Workspace } from "../../../shared/schemas/team.ts";
import { findSecondFactorRequirement } from "../../platform/auth/second-factor-rule.ts";
import { setSessionWorkspace } from "../../platform/auth/sessions.ts";
import type { Database } from "../../platform/db/client.ts";
import { speakerProfiles, teamMembers, users } from "../../platform/db/schema.ts";
import { notFound } from "../../platform/http/errors.ts";
import { findSpeakerName, speakerName } from "./queries.ts";

/**
 * The speakers a login works for: its own book first, then the teams it belongs to whose speaker is not
 * disabled (a disabled speaker's book is closed to their team, decision 059).
 */
export async function listWorkspaces(db: Database, loginId: string): Promise<Workspace[]> {
  const [ownName, teams] = await Promise.all([
    findSpeakerName(db, loginId),
    db
      .select({ speakerId: teamMembers.speakerId, name: speakerName, role: teamMembers.role })
      .from(teamMembers)
      .innerJoin(users, and(eq(users.id, teamMembers.speakerId), isNull(users.disabledAt)))
      .leftJoin(speakerProfiles, eq(speakerProfiles.userId, users.id))
      .where(eq(teamMembers.userId, loginId))
      .orderBy(asc(speakerName)),
  ]);
  return [{ speakerId: loginId, name: ownName!, role: "owner" }, ...teams];
}

/**
 * The session acts for `speakerId` from its next request: the login's own book, or a team it belongs to
 * (404 otherwise, as for any speaker's data it cannot see).
 */
export async function chooseWorkspace(db: Database, loginId: string, sessionId: string, speakerId: string) {
  const workspace = (await listWorkspaces(db, loginId)).find((each) => each.speakerId === speakerId);
  if (!workspace) throw notFound("You are not a member of that speaker's team");
  await setSessionWorkspace(db, sessionId, speakerId === loginId ? null : speakerId);
  return workspace;
}

/** The workspace a request's session acts for, as GET /api/user shows it, and whether it waits for a factor. */
export async function currentWorkspace(
  db: Database,
  workspace: { speakerId: string; role: Workspace["role"] },
  loginId: string,
): Promise<CurrentUser["workspace"]> {
  const [name, missing] = await Promise.all([
    findSpeakerName(db, workspace.speakerId),
    workspace.role === "owner" ? null : findSecondFactorRequirement(db, workspace.speakerId, loginId),
  ]);
  return { ...workspace, name: name ?? "", secondFactorRequired: missing !== null };
}

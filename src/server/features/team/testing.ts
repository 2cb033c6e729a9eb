import type { TeamMemberRole } from "../../../shared/schemas/team.ts";
import type { TestClient } from "../../../test/client.ts";
import { openFreshCheck } from "../../platform/auth/fresh-check.ts";
import { cookieNames } from "../../platform/auth/plugin.ts";
import { createSession, setSessionWorkspace } from "../../platform/auth/sessions.ts";
import type { Database } from "../../platform/db/client.ts";
import { teamMembers } from "../../platform/db/schema.ts";

/**
 * Makes `member` a member of `speaker`'s team and signs `client` in as the member, acting for the speaker;
 * with `freshCheck`, the session has just passed `POST /api/reauth` too.
 */
export async function signInAsMember(
  client: TestClient,
  db: Database,
  speaker: { id: string },
  member: { id: string },
  role: TeamMemberRole,
  { freshCheck = false }: { freshCheck?: boolean } = {},
) {
  await db.insert(teamMembers).values({ speakerId: speaker.id, userId: member.id, role });
  const { token, sessionId } = await createSession(db, { userId: member.id });
  await setSessionWorkspace(db, sessionId, speaker.id);
  if (freshCheck) await openFreshCheck(db, sessionId, new Date());
  client.jar.set(cookieNames(false).session, token);
  client.jar.delete("csrf-token");
}

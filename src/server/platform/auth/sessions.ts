import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { WorkspaceRole } from "../../../shared/schemas/team.ts";
import type { Queryable } from "../db/client.ts";
import { preparedStatement } from "../db/prepared.ts";
import { bookVersions, sessions, teamMembers, users } from "../db/schema.ts";
import { createRandomToken, sha256 } from "./tokens.ts";

/** Sessions end after 30 days without use. */
export const SESSION_IDLE_MS = 30 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reads do not turn into writes on every request. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export type SessionUser = Pick<
  typeof users.$inferSelect,
  "id" | "username" | "email" | "emailVerifiedAt" | "role" | "trialEndsAt" | "createdAt"
>;

export async function createSession(
  db: Queryable,
  input: { userId: string; ip?: string; userAgent?: string },
): Promise<{ token: string; sessionId: string }> {
  const token = createRandomToken();
  const sessionId = sha256(token);
  await db.insert(sessions).values({
    id: sessionId,
    userId: input.userId,
    ip: input.ip,
    userAgent: input.userAgent?.slice(0, 500),
    expiresAt: new Date(Date.now() + SESSION_IDLE_MS),
  });
  return { token, sessionId };
}

export type FoundSession = {
  sessionId: string;
  /** Who signed in. */
  login: SessionUser;
  /**
   * The speaker whose book the session acts for (decision 051): the login itself unless it chose another
   * speaker's team and is still a member of it.
   */
  speaker: SessionUser;
  /** What the login is in that speaker's book. */
  role: WorkspaceRole;
  /**
   * The speaker the session chose, even when it now acts for the login's own book (a removed membership, a
   * disabled speaker): that speaker enabled again brings the workspace back, so the cache must hear of them.
   */
  chosenSpeakerId: string | null;
  /**
   * The speaker's book version as this request begins (see bookVersions in schema.ts; 0 before their first
   * change). Read with the session, so an answer cached under it is checked without a second round trip.
   */
  bookVersion: number;
  /** When the session ends unless used again. */
  expiresAt: Date;
};

const speakers = alias(users, "speakers");

/**
 * The live session named by a cookie token, its login and the speaker it acts for, sliding the idle expiry
 * forward. A workspace whose membership is gone (removed, or the speaker's account deleted or disabled) is the
 * login's own.
 */
export async function findSession(db: Queryable, token: string): Promise<FoundSession | null> {
  const sessionId = sha256(token);
  // Every signed-in request runs this query: prepared once, it is neither rebuilt nor re-planned each time.
  const statement = preparedStatement(db, "sessions_find", (name) =>
    db
      .select({
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        chosenSpeakerId: sessions.workspaceId,
        bookVersion: bookVersions.version,
        user: {
          id: users.id,
          username: users.username,
          email: users.email,
          emailVerifiedAt: users.emailVerifiedAt,
          role: users.role,
          trialEndsAt: users.trialEndsAt,
          createdAt: users.createdAt,
        },
        memberRole: teamMembers.role,
        // Flat: the nested form of a left-joined alias of users would make the login's own columns nullable.
        speakerId: speakers.id,
        speakerUsername: speakers.username,
        speakerEmail: speakers.email,
        speakerEmailVerifiedAt: speakers.emailVerifiedAt,
        speakerRole: speakers.role,
        speakerTrialEndsAt: speakers.trialEndsAt,
        speakerCreatedAt: speakers.createdAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(
        teamMembers,
        and(eq(teamMembers.speakerId, sessions.workspaceId), eq(teamMembers.userId, sessions.userId)),
      )
      // A disabled speaker's book is closed to their team too (DESIGN §10): the session acts for its own.
      .leftJoin(speakers, and(eq(speakers.id, teamMembers.speakerId), isNull(speakers.disabledAt)))
      .leftJoin(bookVersions, eq(bookVersions.userId, sql`coalesce(${speakers.id}, ${sessions.userId})`))
      .where(
        and(
          eq(sessions.id, sql.placeholder("sessionId")),
          gt(sessions.expiresAt, sql`now()`),
          // A disabled account's sessions are refused even before they are deleted.
          isNull(users.disabledAt),
        ),
      )
      .prepare(name),
  );
  const [row] = await statement.execute({ sessionId });
  if (!row) return null;
  let expiresAt = row.expiresAt;
  if (Date.now() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    expiresAt = new Date(Date.now() + SESSION_IDLE_MS);
    await db.update(sessions).set({ lastSeenAt: sql`now()`, expiresAt }).where(eq(sessions.id, sessionId));
  }
  const speaker: SessionUser | null =
    row.memberRole && row.speakerId
      ? {
          id: row.speakerId,
          username: row.speakerUsername!,
          email: row.speakerEmail!,
          emailVerifiedAt: row.speakerEmailVerifiedAt,
          role: row.speakerRole!,
          trialEndsAt: row.speakerTrialEndsAt!,
          createdAt: row.speakerCreatedAt!,
        }
      : null;
  return {
    sessionId,
    login: row.user,
    speaker: speaker ?? row.user,
    role: speaker ? row.memberRole! : "owner",
    chosenSpeakerId: row.chosenSpeakerId,
    bookVersion: row.bookVersion ?? 0,
    expiresAt,
  };
}

export async function deleteSession(db: Queryable, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user, or every one but `keepSessionId`. */
export async function deleteUserSessions(
  db: Queryable,
  userId: string,
  keepSessionId?: string,
): Promise<void> {
  await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keepSessionId ? ne(sessions.id, keepSessionId) : undefined));
}

/** Makes the session act for `speakerId` (null: the login's own book); the caller checked the membership. */
export async function setSessionWorkspace(db: Queryable, sessionId: string, speakerId: string | null) {
  await db.update(sessions).set({ workspaceId: speakerId }).where(eq(sessions.id, sessionId));
}

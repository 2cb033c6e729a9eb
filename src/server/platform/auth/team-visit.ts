import { and, eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Queryable } from "../db/client.ts";
import { teamMembers } from "../db/schema.ts";

/** Answers whether a visit to a speaker's link comes from the speaker's own side. */
export type IsTeamVisit = (speakerId: string) => Promise<boolean>;

/**
 * Whether the request's login is the speaker or a member of their team, whichever workspace the session acts
 * for: their look at a link sent to a planner (booking, contract, invoice) is not the planner's, so it is not
 * counted as a view nor recorded as "viewed". A visit without a session is the planner's.
 */
export const teamVisitOf =
  (db: Queryable, request: FastifyRequest): IsTeamVisit =>
  async (speakerId) => {
    const login = request.login;
    if (!login) return false;
    if (login.id === speakerId) return true;
    const [member] = await db
      .select({ userId: teamMembers.userId })
      .from(teamMembers)
      .where(and(eq(teamMembers.speakerId, speakerId), eq(teamMembers.userId, login.id)));
    return member !== undefined;
  };

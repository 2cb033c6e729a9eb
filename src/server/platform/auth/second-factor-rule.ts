import { and, eq, isNotNull, sql } from "drizzle-orm";
import { secondFactorRequiredMessage } from "../../../shared/second-factor-rule.ts";
import type { Queryable } from "../db/client.ts";
import { preparedStatement } from "../db/prepared.ts";
import { passkeys, speakerProfiles, teamSettings, totpFactors, users } from "../db/schema.ts";
import { AppError } from "../http/errors.ts";

/**
 * The speaker's name (as their team sees it: the profile's name, else the username) when they require a
 * second factor of their team and `loginId` has none (no passkey, no authenticator app turned on); else null.
 * Read on every request a member makes for the speaker, never cached: setting up a factor, or the owner
 * turning the rule on, counts from the next request.
 */
export async function findSecondFactorRequirement(
  db: Queryable,
  speakerId: string,
  loginId: string,
): Promise<string | null> {
  const statement = preparedStatement(db, "second_factor_rule", (name) =>
    db
      .select({ name: sql<string>`coalesce(nullif(${speakerProfiles.name}, ''), ${users.username})` })
      .from(teamSettings)
      .innerJoin(users, eq(users.id, teamSettings.speakerId))
      .leftJoin(speakerProfiles, eq(speakerProfiles.userId, users.id))
      .where(
        and(
          eq(teamSettings.speakerId, sql.placeholder("speakerId")),
          eq(teamSettings.requireSecondFactor, true),
          sql`not exists (${db
            .select({ one: sql`1` })
            .from(passkeys)
            .where(eq(passkeys.userId, sql.placeholder("loginId")))})`,
          sql`not exists (${db
            .select({ one: sql`1` })
            .from(totpFactors)
            .where(
              and(eq(totpFactors.userId, sql.placeholder("loginId")), isNotNull(totpFactors.enabledAt)),
            )})`,
        ),
      )
      .prepare(name),
  );
  const [row] = await statement.execute({ speakerId, loginId });
  return row?.name ?? null;
}

/**
 * Refuses a member's request for a speaker who requires a second factor while the member has none: 403
 * `{ error, secondFactorRequired: true }`. The owner is never refused by their own rule.
 */
export async function assertSecondFactorRule(
  db: Queryable,
  workspace: { speakerId: string; role: string },
  loginId: string,
): Promise<void> {
  if (workspace.role === "owner") return;
  const speaker = await findSecondFactorRequirement(db, workspace.speakerId, loginId);
  if (speaker !== null) {
    throw new AppError("FORBIDDEN", secondFactorRequiredMessage(speaker), { secondFactorRequired: true });
  }
}

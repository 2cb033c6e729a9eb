import { eq } from "drizzle-orm";
import type { SpeakerNames } from "../../../shared/speaker-name.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { users } from "../../platform/db/schema.ts";
import { getSpeakerProfile } from "./speaker-profile.ts";

/**
 * The speaker as a planner knows them (`names`, shown through `speakerDisplayName`, never the username), and
 * where the speaker's own notices go.
 */
export async function speakerIdentity(
  db: Queryable,
  userId: string,
): Promise<{ names: SpeakerNames; email: string }> {
  const [profile, [account]] = await Promise.all([
    getSpeakerProfile(db, userId),
    db.select({ email: users.email }).from(users).where(eq(users.id, userId)),
  ]);
  return { names: { name: profile.name, businessName: profile.businessName }, email: account!.email };
}

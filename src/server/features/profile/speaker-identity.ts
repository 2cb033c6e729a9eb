import { eq } from "drizzle-orm";
import type { Queryable } from "../../platform/db/client.ts";
import { users } from "../../platform/db/schema.ts";
import { getSpeakerProfile } from "./speaker-profile.ts";

/** The speaker as a planner sees them (name, business), and where the speaker's own notices go. */
export async function speakerIdentity(db: Queryable, userId: string) {
  const [profile, [account]] = await Promise.all([
    getSpeakerProfile(db, userId),
    db.select({ email: users.email, username: users.username }).from(users).where(eq(users.id, userId)),
  ]);
  return {
    name: profile.name ?? account!.username,
    businessName: profile.businessName,
    email: account!.email,
  };
}

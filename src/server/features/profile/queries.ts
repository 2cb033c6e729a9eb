import { eq } from "drizzle-orm";
import type { Queryable } from "../../platform/db/client.ts";
import { columns } from "../../platform/db/columns.ts";
import { speakerProfiles } from "../../platform/db/schema.ts";

export type ProfileValues = Omit<typeof speakerProfiles.$inferInsert, "userId" | "slug" | "updatedAt">;

export async function findProfileRow(db: Queryable, userId: string) {
  const [row] = await db.select().from(speakerProfiles).where(eq(speakerProfiles.userId, userId));
  return row ?? null;
}

/** Creates the profile on first save, replaces its fields afterwards. */
export async function upsertProfileRow(db: Queryable, userId: string, values: ProfileValues) {
  const [row] = await db
    .insert(speakerProfiles)
    .values(columns(speakerProfiles, { ...values, userId }))
    .onConflictDoUpdate({
      target: speakerProfiles.userId,
      set: columns(speakerProfiles, { ...values, updatedAt: new Date() }),
    })
    .returning();
  return row!;
}

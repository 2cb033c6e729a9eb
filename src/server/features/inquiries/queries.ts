import { and, eq, isNull } from "drizzle-orm";
import type { Queryable } from "../../platform/db/client.ts";
import { mediaKits, speakerProfiles, speakerSlugs, users } from "../../platform/db/schema.ts";

/**
 * The speaker a slug names (their current slug or an older one) when their media kit is published: saved
 * at least once, with a slug — and their account is not disabled. Others have no inquiry form.
 */
export async function findInquirySpeaker(db: Queryable, slug: string) {
  if (slug.length > 60) return null;
  const [row] = await db
    .select({
      userId: users.id,
      currentSlug: speakerProfiles.slug,
      name: speakerProfiles.name,
      businessName: speakerProfiles.businessName,
      title: speakerProfiles.title,
      publicEmail: speakerProfiles.email,
      accountEmail: users.email,
    })
    .from(speakerSlugs)
    .innerJoin(speakerProfiles, eq(speakerProfiles.userId, speakerSlugs.userId))
    .innerJoin(mediaKits, eq(mediaKits.userId, speakerSlugs.userId))
    .innerJoin(users, eq(users.id, speakerSlugs.userId))
    .where(and(eq(speakerSlugs.slug, slug), isNull(users.disabledAt)));
  if (!row?.currentSlug) return null;
  return { ...row, currentSlug: row.currentSlug };
}

export type InquirySpeaker = NonNullable<Awaited<ReturnType<typeof findInquirySpeaker>>>;

import { and, asc, eq, inArray } from "drizzle-orm";
import { dollarsFromCents } from "../../../shared/money.ts";
import type { MediaKit } from "../../../shared/schemas/media-kit.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { files, mediaKitFiles, mediaKits, speakerProfiles } from "../../platform/db/schema.ts";

const emptyLinks = { website: null, linkedin: null, youtube: null, instagram: null, x: null };

/** The speaker's media kit; before the first save every text is null and every list empty. */
export async function loadMediaKit(db: Queryable, userId: string): Promise<MediaKit> {
  const [[kit], [profile], kitFiles] = await Promise.all([
    db.select().from(mediaKits).where(eq(mediaKits.userId, userId)),
    db.select({ slug: speakerProfiles.slug }).from(speakerProfiles).where(eq(speakerProfiles.userId, userId)),
    db
      .select({ fileId: mediaKitFiles.fileId, role: mediaKitFiles.role })
      .from(mediaKitFiles)
      .where(eq(mediaKitFiles.userId, userId))
      .orderBy(asc(mediaKitFiles.position)),
  ]);
  const idsOf = (role: "headshot" | "resource") =>
    kitFiles.filter((row) => row.role === role).map((row) => row.fileId);
  const hasFee = kit?.feeFrom != null || kit?.feeTo != null;
  return {
    slug: profile?.slug ?? null,
    headline: kit?.headline ?? null,
    shortBio: kit?.shortBio ?? null,
    longBio: kit?.longBio ?? null,
    topics: (kit?.topics ?? []) as MediaKit["topics"],
    feeRange: hasFee
      ? {
          from: kit?.feeFrom == null ? null : dollarsFromCents(kit.feeFrom),
          to: kit?.feeTo == null ? null : dollarsFromCents(kit.feeTo),
        }
      : null,
    travelsFrom: kit?.travelsFrom ?? null,
    videos: kit?.videos ?? [],
    testimonials: kit?.testimonials ?? [],
    headshotFileIds: idsOf("headshot"),
    resourceFileIds: idsOf("resource"),
    links: { ...emptyLinks, ...(kit?.links ?? {}) } as MediaKit["links"],
  };
}

/** The user's own files among `ids`, with their types (ownership in the WHERE). */
export async function findOwnFiles(db: Queryable, userId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: files.id, contentType: files.contentType })
    .from(files)
    .where(and(eq(files.userId, userId), inArray(files.id, ids)));
}

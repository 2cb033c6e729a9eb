import { and, eq, ne } from "drizzle-orm";
import { dollarsToCents } from "../../../shared/money.ts";
import { isImageType } from "../../../shared/schemas/files.ts";
import { type MediaKit, type MediaKitUpdate, SLUG_TAKEN_MESSAGE } from "../../../shared/schemas/media-kit.ts";
import type { Database, Queryable } from "../../platform/db/client.ts";
import { columnRows, columns } from "../../platform/db/columns.ts";
import { isUniqueViolation } from "../../platform/db/errors.ts";
import { mediaKitFiles, mediaKits, speakerProfiles, speakerSlugs } from "../../platform/db/schema.ts";
import { AppError } from "../../platform/http/errors.ts";
import { findOwnFiles, loadMediaKit } from "./queries.ts";

const slugTaken = () =>
  new AppError("CONFLICT", SLUG_TAKEN_MESSAGE, { fields: { slug: SLUG_TAKEN_MESSAGE } });

/** `PUT /api/media-kit`: replaces the kit in one transaction; files must be the speaker's own. */
export async function saveMediaKit(db: Database, userId: string, input: MediaKitUpdate): Promise<MediaKit> {
  await assertOwnFiles(db, userId, input);
  try {
    await db.transaction(async (tx) => {
      if (input.slug) await claimSlug(tx, userId, input.slug);
      const values = {
        headline: input.headline ?? null,
        shortBio: input.shortBio ?? null,
        longBio: input.longBio ?? null,
        topics: input.topics.map((topic) => ({
          title: topic.title,
          description: topic.description ?? null,
          formats: [...new Set(topic.formats)],
          audiences: topic.audiences ?? null,
        })),
        feeFrom: input.feeRange?.from == null ? null : dollarsToCents(input.feeRange.from),
        feeTo: input.feeRange?.to == null ? null : dollarsToCents(input.feeRange.to),
        travelsFrom: input.travelsFrom ?? null,
        videos: input.videos.map((video) => ({ title: video.title ?? null, url: video.url })),
        testimonials: input.testimonials.map((t) => ({
          quote: t.quote,
          author: t.author,
          role: t.role ?? null,
          organization: t.organization ?? null,
        })),
        links: input.links ?? {},
      };
      await tx
        .insert(mediaKits)
        .values(columns(mediaKits, { userId, ...values }))
        .onConflictDoUpdate({
          target: mediaKits.userId,
          set: columns(mediaKits, { ...values, updatedAt: new Date() }),
        });
      await tx.delete(mediaKitFiles).where(eq(mediaKitFiles.userId, userId));
      const rows = [
        ...[...new Set(input.headshotFileIds)].map((fileId, position) => ({
          userId,
          fileId,
          role: "headshot" as const,
          position,
        })),
        ...[...new Set(input.resourceFileIds)].map((fileId, position) => ({
          userId,
          fileId,
          role: "resource" as const,
          position,
        })),
      ];
      if (rows.length > 0) await tx.insert(mediaKitFiles).values(columnRows(mediaKitFiles, rows));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
  return loadMediaKit(db, userId);
}

/**
 * Makes `slug` the speaker's public address. Every slug a speaker ever had stays theirs (speaker_slugs), so
 * old links redirect and nobody else can take them over.
 */
async function claimSlug(tx: Queryable, userId: string, slug: string) {
  const [owner] = await tx
    .select({ userId: speakerSlugs.userId })
    .from(speakerSlugs)
    .where(eq(speakerSlugs.slug, slug));
  if (owner && owner.userId !== userId) throw slugTaken();
  if (!owner) await tx.insert(speakerSlugs).values({ slug, userId });
  const [other] = await tx
    .select({ userId: speakerProfiles.userId })
    .from(speakerProfiles)
    .where(and(eq(speakerProfiles.slug, slug), ne(speakerProfiles.userId, userId)));
  if (other) throw slugTaken();
  await tx
    .insert(speakerProfiles)
    .values({ userId, slug })
    .onConflictDoUpdate({ target: speakerProfiles.userId, set: { slug } });
}

async function assertOwnFiles(db: Queryable, userId: string, input: MediaKitUpdate) {
  const ids = [...new Set([...input.headshotFileIds, ...input.resourceFileIds])];
  const own = new Map((await findOwnFiles(db, userId, ids)).map((file) => [file.id, file.contentType]));
  const fields: Record<string, string> = {};
  if (input.headshotFileIds.some((id) => !own.has(id)))
    fields.headshotFileIds = "A chosen headshot no longer exists";
  else if (input.headshotFileIds.some((id) => !isImageType(own.get(id)!))) {
    fields.headshotFileIds = "A headshot must be an image";
  }
  if (input.resourceFileIds.some((id) => !own.has(id)))
    fields.resourceFileIds = "A chosen file no longer exists";
  const first = Object.values(fields)[0];
  if (first) throw new AppError("BAD_REQUEST", first, { fields });
}

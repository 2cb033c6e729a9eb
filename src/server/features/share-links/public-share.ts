import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { PublicShare } from "../../../shared/schemas/share-links.ts";
import { publicShareSchema, UNAVAILABLE_MESSAGE } from "../../../shared/schemas/share-links.ts";
import { sha256 } from "../../platform/auth/tokens.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { speakerProfiles, speakerSlugs } from "../../platform/db/schema.ts";
import { AppError } from "../../platform/http/errors.ts";
import type { PublicAnswer, PublicAnswers } from "../../platform/http/public-answers.ts";
import { loadMediaKit } from "../media-kit/queries.ts";
import { getSpeakerProfile } from "../profile/speaker-profile.ts";
import { findLiveLink, kitFiles, linkFiles, type ShareLinkCounts, type ShareLinkRow } from "./queries.ts";

/** Every way a link can fail answers exactly this: unknown, revoked, expired, or the wrong slug. */
export const unavailable = () => new AppError("NOT_FOUND", UNAVAILABLE_MESSAGE);

const publicFile = (file: { id: string; filename: string; contentType: string; size: number }) => ({
  id: file.id,
  filename: file.filename,
  contentType: file.contentType,
  size: file.size,
});

/**
 * The live link a token opens, checked against `slug` when one is given: the owner's current slug or one
 * they had before (the page then moves to the current one); any other slug is unavailable.
 */
export async function openLink(db: Queryable, token: string, slug: string | undefined, now: Date) {
  if (token.length < 20 || token.length > 100) throw unavailable();
  const link = await findLiveLink(db, sha256(token), now);
  if (!link) throw unavailable();
  const [profile] = await db
    .select({ slug: speakerProfiles.slug })
    .from(speakerProfiles)
    .where(eq(speakerProfiles.userId, link.userId));
  const currentSlug = profile?.slug ?? null;
  if (slug !== undefined && slug !== currentSlug) {
    const [old] = await db
      .select({ userId: speakerSlugs.userId })
      .from(speakerSlugs)
      .where(eq(speakerSlugs.slug, slug));
    if (old?.userId !== link.userId) throw unavailable();
  }
  return { link, currentSlug };
}

/** Visits by the link's owner (signed in) are not counted. */
export const isOwnerVisit = (request: FastifyRequest, link: ShareLinkRow) => request.user?.id === link.userId;

/** The public page's answer as JSON, kept a few seconds (decision 033); counts a view unless the owner's. */
export async function publicShareJson(
  db: Queryable,
  { answers, counts }: { answers: PublicAnswers; counts: ShareLinkCounts },
  request: FastifyRequest,
  token: string,
  slug: string | undefined,
  now: Date,
): Promise<string> {
  const answer = await readPublicShare(db, answers, token, slug, now);
  if (request.user?.id !== answer.userId) counts.view(answer.subjectId, now);
  return answer.json;
}

/** The public page's answer, kept a few seconds (decision 033), counting nothing (the page's HTML reads it). */
export function readPublicShare(
  db: Queryable,
  answers: PublicAnswers,
  token: string,
  slug: string | undefined,
  now: Date,
): Promise<PublicAnswer> {
  return answers.read(`share:${sha256(token)}:${slug ?? ""}`, now, async () => {
    const { link, share } = await loadPublicShare(db, token, slug, now);
    return {
      userId: link.userId,
      subjectId: link.id,
      json: JSON.stringify(publicShareSchema.parse(share)),
      // Never past the link's expiry.
      expiresAt: link.expiresAt?.getTime(),
    };
  });
}

/** What the public page of a link shows. */
async function loadPublicShare(
  db: Queryable,
  token: string,
  slug: string | undefined,
  now: Date,
): Promise<{ link: ShareLinkRow; share: PublicShare }> {
  const { link, currentSlug } = await openLink(db, token, slug, now);
  const [profile, kit, shared, headshots] = await Promise.all([
    getSpeakerProfile(db, link.userId),
    link.kind === "media_kit" ? loadMediaKit(db, link.userId) : null,
    linkFiles(db, link),
    link.kind === "media_kit" ? kitFiles(db, link.userId, "headshot") : [],
  ]);
  const mediaKit = kit
    ? {
        headline: kit.headline,
        shortBio: kit.shortBio,
        longBio: kit.longBio,
        topics: kit.topics,
        feeRange: kit.feeRange,
        travelsFrom: kit.travelsFrom,
        videos: kit.videos,
        testimonials: kit.testimonials,
        links: kit.links,
        headshots: headshots.map(publicFile),
      }
    : null;
  const share: PublicShare = {
    slug: link.kind === "media_kit" ? currentSlug : null,
    kind: link.kind,
    speaker: {
      name: profile.name,
      title: profile.title,
      businessName: profile.businessName,
      website: profile.website,
      email: profile.email,
      phone: profile.phone,
      city: profile.city,
      state: profile.state,
    },
    mediaKit,
    files: shared.map(publicFile),
  };
  return { link, share };
}

/** A file the link may serve: one of its downloads, or (media-kit links) a headshot shown on the page. */
export async function findLinkFile(db: Queryable, link: ShareLinkRow, fileId: string) {
  const downloads = await linkFiles(db, link);
  const download = downloads.find((file) => file.id === fileId);
  if (download) return { file: download, isDownload: true };
  if (link.kind === "media_kit") {
    const headshot = (await kitFiles(db, link.userId, "headshot")).find((file) => file.id === fileId);
    if (headshot) return { file: headshot, isDownload: false };
  }
  throw unavailable();
}

import { and, eq } from "drizzle-orm";
import { type MediaKit, TOPIC_FORMAT_LABELS } from "../../../shared/schemas/media-kit.ts";
import type { SpeakerProfile } from "../../../shared/schemas/profile.ts";
import { speakerDisplayName } from "../../../shared/speaker-name.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { files } from "../../platform/db/schema.ts";
import { renderInWorker } from "../../platform/pdf/render-in-worker.ts";
import { renderOncePerVersion } from "../../platform/pdf/render-once.ts";
import { readBytes } from "../../platform/storage/object-bytes.ts";
import type { ObjectStore } from "../../platform/storage/object-store.ts";
import { getSpeakerProfile } from "../profile/speaker-profile.ts";
import { type OneSheet, oneSheetPdfJob } from "./one-sheet-pdf.ts";
import { loadMediaKit } from "./queries.ts";

/** What fits on one or two pages: the rest stays on the public page. */
const MAX_TOPICS = 6;
const MAX_TESTIMONIALS = 3;

/**
 * The speaker's one-sheet PDF, rendered on a PDF thread once per version of what it shows and served from
 * storage after that: every visitor of a shared kit gets the same stored bytes until the speaker changes
 * the profile, the kit or the headshot.
 */
export async function oneSheetPdfBytes(db: Queryable, store: ObjectStore, userId: string): Promise<Buffer> {
  const [profile, kit] = await Promise.all([getSpeakerProfile(db, userId), loadMediaKit(db, userId)]);
  const sheet = oneSheetOf(profile, kit);
  const headshot = kit.headshotFileIds[0] ? await findImage(db, userId, kit.headshotFileIds[0]) : null;
  return renderOncePerVersion(
    store,
    { userId, document: "one-sheet", shows: { sheet, headshot: headshot?.sha256 ?? null } },
    async () =>
      renderInWorker(oneSheetPdfJob, {
        sheet,
        headshot: headshot && {
          bytes: await readBytes(store, headshot.storageKey),
          contentType: headshot.contentType,
        },
      }),
  );
}

function oneSheetOf(profile: SpeakerProfile, kit: MediaKit): OneSheet {
  return {
    name: speakerDisplayName(profile, { atStart: true }),
    title: profile.title,
    headline: kit.headline,
    bio: kit.shortBio ?? profile.bio,
    topics: kit.topics.slice(0, MAX_TOPICS).map((topic) => ({
      title: topic.title,
      details: [
        topic.formats.map((format) => TOPIC_FORMAT_LABELS[format]).join(" · "),
        topic.audiences ? `For: ${topic.audiences}` : "",
      ]
        .filter(Boolean)
        .join("  —  "),
      description: topic.description,
    })),
    testimonials: kit.testimonials.slice(0, MAX_TESTIMONIALS).map((testimonial) => ({
      quote: testimonial.quote,
      who: [testimonial.author, testimonial.role, testimonial.organization].filter(Boolean).join(", "),
    })),
    contact: [
      profile.businessName,
      profile.email,
      profile.phone,
      profile.website ?? kit.links.website,
      [profile.city, profile.state].filter(Boolean).join(", "),
      kit.travelsFrom ? `Travels from ${kit.travelsFrom}` : null,
    ].filter((value): value is string => Boolean(value)),
  };
}

async function findImage(db: Queryable, userId: string, fileId: string) {
  const [row] = await db
    .select({ storageKey: files.storageKey, contentType: files.contentType, sha256: files.sha256 })
    .from(files)
    .where(and(eq(files.userId, userId), eq(files.id, fileId)));
  return row ?? null;
}

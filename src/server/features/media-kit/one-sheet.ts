import { buffer } from "node:stream/consumers";
import { and, eq } from "drizzle-orm";
import { TOPIC_FORMAT_LABELS } from "../../../shared/schemas/media-kit.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { files } from "../../platform/db/schema.ts";
import { createPdfWriter } from "../../platform/pdf/create-pdf-writer.ts";
import type { ObjectStore } from "../../platform/storage/object-store.ts";
import { getSpeakerProfile } from "../profile/speaker-profile.ts";
import { loadMediaKit } from "./queries.ts";

/** What fits on one or two pages: the rest stays on the public page. */
const MAX_TOPICS = 6;
const MAX_TESTIMONIALS = 3;
const HEADSHOT_WIDTH = 130;

/**
 * The one-sheet (issue 13): name, title, headline, primary headshot, short bio, topics with descriptions,
 * testimonials and contact details, as real text on US Letter.
 */
export async function renderOneSheet(db: Queryable, store: ObjectStore, userId: string): Promise<Uint8Array> {
  const [profile, kit] = await Promise.all([getSpeakerProfile(db, userId), loadMediaKit(db, userId)]);
  const name = profile.name ?? "Speaker";
  const pdf = await createPdfWriter(`${name} — one-sheet`);

  const headshot = kit.headshotFileIds[0] ? await loadImage(db, store, userId, kit.headshotFileIds[0]) : null;
  const image = headshot ? await pdf.embedImage(headshot.bytes, headshot.contentType) : null;
  const top = pdf.cursor;
  const imageHeight = image ? pdf.imageAtRight(image, HEADSHOT_WIDTH) : 0;
  const beside = image ? HEADSHOT_WIDTH + 18 : 0;

  pdf.heading(name, 1);
  if (profile.title) pdf.text(profile.title, { size: 12, muted: true, reserveRight: beside });
  if (kit.headline) pdf.text(kit.headline, { size: 13, bold: true, reserveRight: beside, gapAfter: 8 });
  const bio = kit.shortBio ?? profile.bio;
  if (bio) pdf.text(bio, { reserveRight: beside, gapAfter: 8 });
  pdf.moveTo(top - imageHeight - 12);

  if (kit.topics.length > 0) {
    pdf.heading("Topics");
    for (const topic of kit.topics.slice(0, MAX_TOPICS)) {
      pdf.text(topic.title, { bold: true, size: 11, gapAfter: 1 });
      const formats = topic.formats.map((format) => TOPIC_FORMAT_LABELS[format]).join(" · ");
      const details = [formats, topic.audiences ? `For: ${topic.audiences}` : ""]
        .filter(Boolean)
        .join("  —  ");
      if (details) pdf.text(details, { size: 9, muted: true, gapAfter: 1 });
      if (topic.description) pdf.text(topic.description, { size: 10, gapAfter: 6 });
    }
  }

  if (kit.testimonials.length > 0) {
    pdf.heading("What organizers say");
    for (const testimonial of kit.testimonials.slice(0, MAX_TESTIMONIALS)) {
      pdf.text(`“${testimonial.quote}”`, { size: 10, gapAfter: 1 });
      const who = [testimonial.author, testimonial.role, testimonial.organization].filter(Boolean).join(", ");
      pdf.text(`— ${who}`, { size: 9, muted: true, gapAfter: 6 });
    }
  }

  const contact = [
    profile.businessName,
    profile.email,
    profile.phone,
    profile.website ?? kit.links.website,
    [profile.city, profile.state].filter(Boolean).join(", "),
    kit.travelsFrom ? `Travels from ${kit.travelsFrom}` : null,
  ].filter((value): value is string => Boolean(value));
  if (contact.length > 0) {
    pdf.heading("Booking and contact");
    pdf.text(contact.join("  ·  "), { size: 10 });
  }
  return pdf.save();
}

async function loadImage(db: Queryable, store: ObjectStore, userId: string, fileId: string) {
  const [row] = await db
    .select({ storageKey: files.storageKey, contentType: files.contentType })
    .from(files)
    .where(and(eq(files.userId, userId), eq(files.id, fileId)));
  if (!row) return null;
  return { bytes: await buffer(await store.get(row.storageKey)), contentType: row.contentType };
}

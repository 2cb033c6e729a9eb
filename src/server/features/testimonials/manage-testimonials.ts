import { and, desc, eq, isNotNull } from "drizzle-orm";
import {
  isPrivateRating,
  MEDIA_KIT_FULL_MESSAGE,
  NO_PERMISSION_MESSAGE,
  PRIVATE_RATING_MESSAGE,
  type Testimonial,
  type TestimonialList,
  type UpdateTestimonialInput,
} from "../../../shared/schemas/testimonials.ts";
import type { Database, Queryable } from "../../platform/db/client.ts";
import { events, mediaKits, testimonials } from "../../platform/db/schema.ts";
import { AppError, notFound } from "../../platform/http/errors.ts";
import { isUuid } from "../../platform/http/ids.ts";

/** The media kit's limit on testimonials (shared/schemas/media-kit.ts). */
const MEDIA_KIT_TESTIMONIALS = 20;

export const testimonialNotFound = () => notFound("Testimonial not found");

type KitTestimonial = { quote: string; author: string; role: string | null; organization: string | null };

const isSame = (kit: KitTestimonial, row: { quote: string | null; name: string | null }) =>
  kit.quote === row.quote && kit.author === row.name;

async function kitTestimonials(
  db: Queryable,
  userId: string,
  lock = false,
): Promise<KitTestimonial[] | null> {
  const query = db
    .select({ testimonials: mediaKits.testimonials })
    .from(mediaKits)
    .where(eq(mediaKits.userId, userId));
  const [kit] = lock ? await query.for("update") : await query;
  return kit?.testimonials ?? null;
}

const submittedRows = (db: Queryable, userId: string, id?: string) =>
  db
    .select({
      id: testimonials.id,
      eventId: testimonials.eventId,
      eventTitle: events.title,
      rating: testimonials.rating,
      quote: testimonials.quote,
      highlights: testimonials.highlights,
      name: testimonials.name,
      role: testimonials.role,
      organization: testimonials.organization,
      permission: testimonials.permission,
      showAnyway: testimonials.showAnyway,
      referrals: testimonials.referrals,
      submittedAt: testimonials.submittedAt,
    })
    .from(testimonials)
    .leftJoin(events, and(eq(events.id, testimonials.eventId), eq(events.userId, testimonials.userId)))
    .where(
      and(
        eq(testimonials.userId, userId),
        isNotNull(testimonials.submittedAt),
        id ? eq(testimonials.id, id) : undefined,
      ),
    )
    .orderBy(desc(testimonials.submittedAt), desc(testimonials.id));

type Row = Awaited<ReturnType<typeof submittedRows>>[number];

function toTestimonial(row: Row, kit: KitTestimonial[] | null): Testimonial {
  return {
    id: row.id,
    eventId: row.eventId,
    eventTitle: row.eventTitle,
    rating: row.rating!,
    quote: row.quote!,
    highlights: row.highlights,
    name: row.name!,
    role: row.role,
    organization: row.organization,
    permission: row.permission,
    showAnyway: row.showAnyway,
    isPrivate: isPrivateRating(row.rating!, row.showAnyway),
    inMediaKit: (kit ?? []).some((entry) => isSame(entry, row)),
    referrals: row.referrals.length,
    createdAt: row.submittedAt!.toISOString(),
  };
}

/** `GET /api/testimonials`: the planners' submissions, newest first. */
export async function listTestimonials(db: Queryable, userId: string): Promise<TestimonialList> {
  const [rows, kit] = await Promise.all([submittedRows(db, userId), kitTestimonials(db, userId)]);
  return { items: rows.map((row) => toTestimonial(row, kit)) };
}

async function loadTestimonial(db: Queryable, userId: string, id: string): Promise<Testimonial> {
  const [row] = await submittedRows(db, userId, id);
  if (!row) throw testimonialNotFound();
  return toTestimonial(row, await kitTestimonials(db, userId));
}

/** `PATCH /api/testimonials/:id`: "Show anyway" for a low rating (or private again). */
export async function updateTestimonial(
  db: Database,
  userId: string,
  id: string,
  input: UpdateTestimonialInput,
): Promise<Testimonial> {
  if (!isUuid(id)) throw testimonialNotFound();
  const updated = await db
    .update(testimonials)
    .set({ showAnyway: input.showAnyway })
    .where(and(eq(testimonials.userId, userId), eq(testimonials.id, id), isNotNull(testimonials.submittedAt)))
    .returning({ id: testimonials.id });
  if (updated.length === 0) throw testimonialNotFound();
  return loadTestimonial(db, userId, id);
}

/**
 * `POST /api/testimonials/:id/media-kit`: adds the quote to the media kit's testimonials (so to the public
 * page and the one-sheet). Only with the planner's permission, and for a low rating only once the speaker
 * chose to show it (409 otherwise). Adding one already there changes nothing.
 */
export async function addTestimonialToMediaKit(
  db: Database,
  userId: string,
  id: string,
  now: Date,
): Promise<Testimonial> {
  if (!isUuid(id)) throw testimonialNotFound();
  return db.transaction(async (tx) => {
    const [row] = await submittedRows(tx, userId, id);
    if (!row) throw testimonialNotFound();
    if (!row.permission) throw new AppError("CONFLICT", NO_PERMISSION_MESSAGE);
    if (isPrivateRating(row.rating!, row.showAnyway)) throw new AppError("CONFLICT", PRIVATE_RATING_MESSAGE);
    const kit = await kitTestimonials(tx, userId, true);
    if ((kit ?? []).some((entry) => isSame(entry, row))) return toTestimonial(row, kit);
    if ((kit ?? []).length >= MEDIA_KIT_TESTIMONIALS) throw new AppError("CONFLICT", MEDIA_KIT_FULL_MESSAGE);
    const added = [
      ...(kit ?? []),
      { quote: row.quote!, author: row.name!, role: row.role, organization: row.organization },
    ];
    await tx
      .insert(mediaKits)
      .values({ userId, testimonials: added })
      .onConflictDoUpdate({ target: mediaKits.userId, set: { testimonials: added, updatedAt: now } });
    await tx
      .update(testimonials)
      .set({ addedToMediaKitAt: now })
      .where(and(eq(testimonials.userId, userId), eq(testimonials.id, id)));
    return toTestimonial(row, added);
  });
}

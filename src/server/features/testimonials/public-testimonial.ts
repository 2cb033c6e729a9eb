import { and, eq, gt, isNull } from "drizzle-orm";
import {
  type PublicTestimonial,
  TESTIMONIAL_ALREADY_SENT,
  TESTIMONIAL_LINK_UNAVAILABLE,
  type TestimonialValues,
} from "../../../shared/schemas/testimonials.ts";
import { sha256 } from "../../platform/auth/tokens.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { findOrCreateByName } from "../../platform/db/named-records.ts";
import { clients, testimonials, users } from "../../platform/db/schema.ts";
import { AppError } from "../../platform/http/errors.ts";
import type { RateLimiter, RateLimitRule } from "../../platform/http/rate-limit.ts";
import { renderEmail } from "../../platform/mail/render.ts";
import { insertEventWithLinks } from "../events/create-event.ts";
import { speakerToday } from "../follow-ups/notification-settings.ts";
import { speakerIdentity } from "../profile/speaker-identity.ts";
import { getSpeakerProfile } from "../profile/speaker-profile.ts";
import { findTestimonialEvent, type TestimonialContext } from "./context.ts";

/** Testimonials one address may send in an hour; more are refused quietly, like inquiries (DESIGN §10). */
export const testimonialsPerIp: RateLimitRule = { name: "testimonial-ip", limit: 10, windowMinutes: 60 };

const unavailable = () => new AppError("NOT_FOUND", TESTIMONIAL_LINK_UNAVAILABLE);

/**
 * The request of a link, or the same 404 for an unknown token, a link replaced by a newer request (revoked),
 * one past its 90 days, or a disabled account's.
 */
async function openLink(db: Queryable, token: string, now: Date, lock = false) {
  if (token.length < 20 || token.length > 100) throw unavailable();
  const query = db
    .select({
      id: testimonials.id,
      userId: testimonials.userId,
      eventId: testimonials.eventId,
      submittedAt: testimonials.submittedAt,
    })
    .from(testimonials)
    .innerJoin(users, eq(users.id, testimonials.userId))
    .where(
      and(
        eq(testimonials.tokenHash, sha256(token)),
        isNull(testimonials.revokedAt),
        gt(testimonials.expiresAt, now),
        isNull(users.disabledAt),
      ),
    );
  const [link] = lock ? await query.for("update", { of: testimonials }) : await query;
  if (!link) throw unavailable();
  return link;
}

/** `GET /api/public/testimonials/:token`: the speaker and the talk the planner is asked about. */
export async function viewTestimonialLink(
  db: Queryable,
  token: string,
  now: Date,
): Promise<PublicTestimonial> {
  const link = await openLink(db, token, now);
  const [event, profile] = await Promise.all([
    findTestimonialEvent(db, link.userId, link.eventId),
    getSpeakerProfile(db, link.userId),
  ]);
  return {
    speaker: { name: profile.name, businessName: profile.businessName },
    event: { title: event!.title, date: event!.date, city: event!.city, state: event!.state },
    submitted: link.submittedAt !== null,
  };
}

/**
 * `POST /api/public/testimonials/:token`: keeps the planner's testimonial, and makes each colleague they name
 * an inquiry (source "referral", the referrer in its notes), in one transaction; the speaker is e-mailed. A
 * second submission is a 409. Spam — the honeypot filled or an address over its limit — keeps nothing and
 * sends nothing; the caller answers it like a real one. Returns whether it was kept.
 */
export async function submitTestimonial(
  context: TestimonialContext & { limiter: RateLimiter },
  token: string,
  input: TestimonialValues,
  ip: string,
  now: Date,
): Promise<boolean> {
  await openLink(context.db, token, now);
  if (input.website?.trim()) return false;
  if (await isOverLimit(context.limiter, ip)) return false;
  const outboxId = await context.db.transaction(async (tx) => {
    const link = await openLink(tx, token, now, true);
    if (link.submittedAt) throw new AppError("CONFLICT", TESTIMONIAL_ALREADY_SENT);
    const { userId, eventId } = link;
    await tx
      .update(testimonials)
      .set({
        submittedAt: now,
        rating: input.rating,
        quote: input.quote,
        highlights: input.highlights ?? null,
        name: input.name,
        role: input.role ?? null,
        organization: input.organization ?? null,
        permission: input.permission,
        referrals: input.referrals.map((referral) => ({
          name: referral.name,
          email: referral.email,
          organization: referral.organization ?? null,
        })),
      })
      .where(and(eq(testimonials.userId, userId), eq(testimonials.id, link.id)));
    const event = (await findTestimonialEvent(tx, userId, eventId))!;
    const referrer = [input.name, input.role, input.organization].filter(Boolean).join(", ");
    const today = await speakerToday(tx, userId, now);
    for (const referral of input.referrals) {
      const clientId = referral.organization
        ? await findOrCreateByName(tx, clients, userId, referral.organization)
        : null;
      await insertEventWithLinks(
        tx,
        userId,
        {
          title: `Referral: ${referral.organization ?? referral.name}`.slice(0, 200),
          date: today,
          status: "inquiry",
          clientId,
          contactName: referral.name,
          contactEmail: referral.email,
          source: "referral",
          notes: `Referred by ${referrer} in their testimonial for "${event.title}" (${event.date}). The date is the day the referral came in.`,
        },
        now,
        { actor: "planner", via: "a referral in a testimonial" },
      );
    }
    const speaker = await speakerIdentity(tx, userId);
    const stars = `${input.rating} of 5`;
    return context.mailer.queue(
      tx,
      renderEmail({
        to: speaker.email,
        subject: `${input.name} wrote a testimonial for "${event.title}"`,
        paragraphs: [
          `${referrer} rated the talk ${stars}: "${input.quote}"`,
          input.permission
            ? "They gave permission to publish it."
            : "They did not give permission to publish it; it is for you alone.",
          ...(input.referrals.length > 0
            ? [
                `They named ${input.referrals.length} colleague${input.referrals.length === 1 ? "" : "s"} who book speakers; each is in your events as an inquiry.`,
              ]
            : []),
        ],
        action: { label: "Open your testimonials", url: `${context.appUrl}/testimonials` },
      }),
    );
  });
  await context.mailer.dispatch([outboxId]);
  return true;
}

async function isOverLimit(limiter: RateLimiter, ip: string): Promise<boolean> {
  try {
    await limiter.consume(testimonialsPerIp, ip);
    return false;
  } catch (error) {
    if (error instanceof AppError && error.code === "TOO_MANY_REQUESTS") return true;
    throw error;
  }
}

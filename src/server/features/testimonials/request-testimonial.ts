import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import {
  TESTIMONIAL_LINK_DAYS,
  TESTIMONIAL_NOT_YET,
  type TestimonialRequestSent,
} from "../../../shared/schemas/testimonials.ts";
import { speakerDisplayName } from "../../../shared/speaker-name.ts";
import { createRandomToken, sha256 } from "../../platform/auth/tokens.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { actionItems, tasks, testimonials } from "../../platform/db/schema.ts";
import { AppError } from "../../platform/http/errors.ts";
import { isUuid } from "../../platform/http/ids.ts";
import { REPLY_FOOTNOTE, renderEmail } from "../../platform/mail/render.ts";
import { eventNotFound } from "../events/get-event.ts";
import { plannerAddress, plannerCandidatesOf } from "../events/planner-address.ts";
import { speakerToday } from "../follow-ups/notification-settings.ts";
import { speakerIdentity } from "../profile/speaker-identity.ts";
import { findTestimonialEvent, type TestimonialContext, testimonialUrl } from "./context.ts";

const DAY_MS = 86_400_000;

/**
 * Asks the planner of a talk that has taken place (confirmed or completed, dated today or before) for a
 * testimonial, inside the caller's transaction: a new link `/t/<token>` (an unanswered earlier one for the
 * event stops working) e-mailed through the third-party mail rule. Returns the answer and the outbox id to
 * dispatch after the commit.
 */
export async function requestTestimonialIn(
  context: TestimonialContext,
  tx: Queryable,
  request: { userId: string; eventId: string; to?: string; now: Date },
): Promise<{ sent: TestimonialRequestSent; outboxId: string }> {
  const { userId, eventId, now } = request;
  const event = await findTestimonialEvent(tx, userId, eventId);
  if (!event) throw eventNotFound();
  const isPast = event.date <= (await speakerToday(tx, userId, now));
  if (!isPast || (event.status !== "confirmed" && event.status !== "completed")) {
    throw new AppError("CONFLICT", TESTIMONIAL_NOT_YET);
  }
  const planner = plannerAddress({ to: request.to, ...plannerCandidatesOf(event) });
  const to = planner.email;
  await tx
    .update(testimonials)
    .set({ revokedAt: now })
    .where(
      and(
        eq(testimonials.userId, userId),
        eq(testimonials.eventId, eventId),
        isNull(testimonials.submittedAt),
        isNull(testimonials.revokedAt),
      ),
    );
  const token = createRandomToken();
  const expiresAt = new Date(now.getTime() + TESTIMONIAL_LINK_DAYS * DAY_MS);
  await tx
    .insert(testimonials)
    .values({ userId, eventId, tokenHash: sha256(token), sentTo: to, sentAt: now, expiresAt });
  // The event's "Ask for a testimonial" step is done now, so the sweep never asks a second time.
  const askSteps = tx
    .select({ id: actionItems.id })
    .from(actionItems)
    .where(and(eq(actionItems.userId, userId), eq(actionItems.sends, "testimonial_request")));
  await tx
    .update(tasks)
    .set({ doneAt: sql`coalesce(${tasks.doneAt}, ${now.toISOString()}::timestamptz)`, updatedAt: now })
    .where(and(eq(tasks.userId, userId), eq(tasks.eventId, eventId), inArray(tasks.actionItemId, askSteps)));
  const url = testimonialUrl(context.appUrl, token);
  const speaker = await speakerIdentity(tx, userId);
  const outboxId = await context.mailer.queueToThirdParty(
    tx,
    { userId, now },
    {
      ...renderEmail({
        to,
        subject: `${speakerDisplayName(speaker.names, { atStart: true })}: how was "${event.title}"?`,
        greeting: `Hi ${planner.name ?? "there"},`,
        paragraphs: [
          `Thank you for having ${speakerDisplayName(speaker.names)} at ${event.title}. Would you take two minutes to say how it went? A rating and a sentence or two are all it takes, and you choose whether your words may be quoted.`,
          "No account is needed.",
        ],
        action: { label: "Write a testimonial", url },
        footnote: `The link works until ${expiresAt.toUTCString()}. ${REPLY_FOOTNOTE}`,
      }),
      replyTo: speaker.email,
    },
  );
  return { sent: { url, sentTo: to }, outboxId };
}

/** `POST /api/events/:id/testimonial-request`. */
export async function requestTestimonial(
  context: TestimonialContext,
  userId: string,
  eventId: string,
  to: string | undefined,
  now: Date,
): Promise<TestimonialRequestSent> {
  if (!isUuid(eventId)) throw eventNotFound();
  const { sent, outboxId } = await context.db.transaction((tx) =>
    requestTestimonialIn(context, tx, { userId, eventId, to, now }),
  );
  await context.mailer.dispatch([outboxId]);
  return sent;
}

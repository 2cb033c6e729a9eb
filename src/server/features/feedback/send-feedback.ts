import type { FastifyInstance } from "fastify";
import { FEEDBACK_CATEGORY_LABELS, type FeedbackInput } from "../../../shared/schemas/feedback.ts";
import type { SessionUser } from "../../platform/auth/sessions.ts";
import { feedback } from "../../platform/db/schema.ts";
import { renderEmail } from "../../platform/mail/render.ts";

/**
 * Stores a speaker's feedback and mails it to SUPPORT_EMAIL in one transaction, with the speaker as
 * Reply-To, so support answers them straight from the inbox.
 */
export async function sendFeedback(app: FastifyInstance, user: SessionUser, input: FeedbackInput) {
  const category = FEEDBACK_CATEGORY_LABELS[input.category];
  const outboxId = await app.db.transaction(async (tx) => {
    await tx.insert(feedback).values({
      userId: user.id,
      category: input.category,
      message: input.message,
      rating: input.rating ?? null,
      page: input.page || null,
    });
    return app.mailer.queue(tx, {
      ...renderEmail({
        to: app.config.SUPPORT_EMAIL,
        subject: `Feedback (${category}) from ${user.username}`,
        paragraphs: [
          `From: ${user.username} <${user.email}>`,
          `Category: ${category}`,
          `Rating: ${input.rating ? `${input.rating} of 5` : "none given"}`,
          `Page: ${input.page || "not given"}`,
          input.message,
        ],
      }),
      replyTo: user.email,
    });
  });
  await app.mailer.dispatch([outboxId]);
}

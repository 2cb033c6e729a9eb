import { formatLongDate } from "../../../shared/calendar-dates.ts";
import type { SendQuestionnaireInput } from "../../../shared/schemas/questionnaires.ts";
import { speakerDisplayName } from "../../../shared/speaker-name.ts";
import { AppError } from "../../platform/http/errors.ts";
import { isUuid } from "../../platform/http/ids.ts";
import { REPLY_FOOTNOTE, renderEmail } from "../../platform/mail/render.ts";
import { eventNotFound } from "../events/get-event.ts";
import { findEventPlanner, plannerAddress } from "../events/planner-address.ts";
import { recordActivity } from "../holds/activity.ts";
import { speakerIdentity } from "../profile/speaker-identity.ts";
import { ALREADY_ANSWERED } from "./answer-questionnaire.ts";
import { findEventQuestionnaire, findQuestionnaireEvent, type QuestionnaireContext } from "./context.ts";
import { questionnaireUrl, saveQuestionnaireLink } from "./questionnaire-link.ts";
import { getQuestionnaire } from "./speaker-questionnaire.ts";

const QUESTIONNAIRE_SENT_MEANWHILE =
  "The questionnaire was just sent from another window. Reload the event to see it.";

/**
 * `POST /api/events/:id/questionnaire/send`: e-mails the planner (`plannerAddress`) a link to
 * `/q/<token>`. Sent again, the link is new (the older one answers 404) and a draft's answers are kept with the
 * questions they answer; an answered questionnaire is not sent again (409). The questions go as the speaker's
 * questionnaire has them now.
 */
export async function sendQuestionnaire(
  context: QuestionnaireContext,
  userId: string,
  eventId: string,
  input: SendQuestionnaireInput,
  now: Date,
) {
  if (!isUuid(eventId)) throw eventNotFound();
  const outbox: string[] = [];
  const url = await context.db.transaction(async (tx) => {
    const event = await findQuestionnaireEvent(tx, userId, eventId, true);
    if (!event) throw eventNotFound();
    const planner = plannerAddress({ to: input.to, ...(await findEventPlanner(tx, userId, eventId)) });
    const to = planner.email;
    const existing = await findEventQuestionnaire(tx, userId, eventId, true);
    if (existing?.answeredAt) throw new AppError("CONFLICT", ALREADY_ANSWERED);
    const hasDraft = existing && Object.keys(existing.answers).length > 0;
    const link = await saveQuestionnaireLink(
      tx,
      context.linkKey,
      { userId, eventId, existing },
      {
        sentTo: to,
        sentAt: now,
        message: input.message || null,
        questions: hasDraft ? existing.questions : (await getQuestionnaire(tx, userId)).questions,
      },
    );
    if (!link) throw new AppError("CONFLICT", QUESTIONNAIRE_SENT_MEANWHILE);
    const url = questionnaireUrl(context.appUrl, context.linkKey, link);
    const speaker = await speakerIdentity(tx, userId);
    outbox.push(
      await context.mailer.queueToThirdParty(
        tx,
        { userId, now },
        {
          ...renderEmail({
            to,
            subject: `${speakerDisplayName(speaker.names, { atStart: true })}: a few questions about ${event.title}`,
            greeting: `Hi ${planner.name ?? "there"},`,
            paragraphs: [
              `${speakerDisplayName(speaker.names, { atStart: true })} is looking forward to ${event.title} on ${formatLongDate(event.date)}. A few questions about the audience, the room and the day help the talk fit your event.`,
              ...(input.message ? [input.message] : []),
              "You can save your answers and come back to them; no account is needed.",
            ],
            action: { label: "Answer the questions", url },
            footnote: REPLY_FOOTNOTE,
          }),
          replyTo: speaker.email,
        },
      ),
    );
    await recordActivity(tx, {
      userId,
      eventId,
      type: "questionnaire_sent",
      actor: "speaker",
      detail: `Sent the questionnaire to ${to}.`,
      at: now,
    });
    return url;
  });
  await context.mailer.dispatch(outbox);
  return { url };
}

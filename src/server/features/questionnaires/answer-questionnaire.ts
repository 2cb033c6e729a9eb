import { and, eq } from "drizzle-orm";
import { formatLongDate } from "../../../shared/calendar-dates.ts";
import {
  ANSWERS_INVALID,
  type Answers,
  checkAnswers,
  isBlankAnswer,
  type Question,
} from "../../../shared/schemas/questionnaires.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { eventQuestionnaires, tasks } from "../../platform/db/schema.ts";
import { AppError } from "../../platform/http/errors.ts";
import { renderEmail } from "../../platform/mail/render.ts";
import { updateEventRow } from "../events/queries.ts";
import { speakerToday } from "../follow-ups/notification-settings.ts";
import { recordActivity } from "../holds/activity.ts";
import { speakerIdentity } from "../profile/speaker-identity.ts";
import type { QuestionnaireContext, QuestionnaireEventRow } from "./context.ts";
import { mapAnswers } from "./map-answers.ts";

export const ALREADY_ANSWERED = "These answers were already sent to the speaker.";

/** Only the answered ones, trimmed: a draft keeps what was typed, nothing blank. */
const keptAnswers = (questions: Question[], answers: Answers): Answers =>
  Object.fromEntries(
    questions.flatMap((question) => {
      const value = answers[question.id];
      if (isBlankAnswer(value)) return [];
      return [[question.id, typeof value === "string" ? value.trim() : value!]];
    }),
  );

/**
 * Saves the planner's answers to the questionnaire `row` of `event` (inside the caller's transaction). A draft
 * (`final: false`) is kept without the required check; a final one is checked (400 naming each field), fills
 * the event's empty fields, keeps the other mapped answers as proposals, and tells the speaker (a task on the
 * dashboard, an e-mail, the event's activity). Returns the outbox ids to dispatch after the commit.
 */
export async function saveAnswersIn(
  context: QuestionnaireContext,
  tx: Queryable,
  change: {
    row: { id: string; userId: string; questions: Question[]; answeredAt: Date | null };
    event: QuestionnaireEventRow;
    answers: Answers;
    final: boolean;
    now: Date;
  },
): Promise<string[]> {
  const { row, event, final, now } = change;
  if (row.answeredAt) throw new AppError("CONFLICT", ALREADY_ANSWERED);
  const fields = checkAnswers(row.questions, change.answers, final);
  if (Object.keys(fields).length > 0) {
    throw new AppError("BAD_REQUEST", final ? ANSWERS_INVALID : "Some answers do not fit their question", {
      fields,
    });
  }
  const answers = keptAnswers(row.questions, change.answers);
  const where = and(eq(eventQuestionnaires.userId, row.userId), eq(eventQuestionnaires.id, row.id));
  if (!final) {
    await tx.update(eventQuestionnaires).set({ answers }).where(where);
    return [];
  }
  const { fills, proposals } = mapAnswers(row.questions, answers, event);
  await tx.update(eventQuestionnaires).set({ answers, proposals, answeredAt: now }).where(where);
  if (Object.keys(fills).length > 0) await updateEventRow(tx, row.userId, event.id, fills);
  const who = event.contactName ?? "The planner";
  const filled = Object.keys(fills).length;
  const detail = `${who} answered the questionnaire${filled ? `; ${filled} event field${filled === 1 ? "" : "s"} filled in` : ""}${proposals.length ? `; ${proposals.length} to review` : ""}.`;
  await recordActivity(tx, {
    userId: row.userId,
    eventId: event.id,
    type: "questionnaire_answered",
    actor: "planner",
    detail,
    at: now,
  });
  await tx.insert(tasks).values({
    userId: row.userId,
    eventId: event.id,
    title: proposals.length
      ? `Questionnaire answered: review ${proposals.length} change${proposals.length === 1 ? "" : "s"}`
      : "Questionnaire answered: read the answers",
    dueDate: await speakerToday(tx, row.userId, now),
  });
  const speaker = await speakerIdentity(tx, row.userId);
  return [
    await context.mailer.queue(
      tx,
      renderEmail({
        to: speaker.email,
        subject: `${event.title}: the questionnaire is answered`,
        paragraphs: [
          `${detail} The talk is on ${formatLongDate(event.date)}.`,
          proposals.length
            ? "Where the answers differ from what the event already says, the event page shows both for you to accept or ignore."
            : "Every answer is on the event page.",
        ],
        action: { label: "Open the event", url: `${context.appUrl}/events/${event.id}` },
      }),
    ),
  ];
}

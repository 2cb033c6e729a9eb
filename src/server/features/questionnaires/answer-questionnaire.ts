import { and, eq, isNull, like } from "drizzle-orm";
import { formatLongDate } from "../../../shared/calendar-dates.ts";
import { MERGED_EVENT_FIELDS } from "../../../shared/contract-merge.ts";
import {
  ANSWERS_INVALID,
  type Answers,
  checkAnswers,
  isBlankAnswer,
  type Proposal,
  type Question,
} from "../../../shared/schemas/questionnaires.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { eventQuestionnaires, tasks } from "../../platform/db/schema.ts";
import { AppError } from "../../platform/http/errors.ts";
import { renderEmail } from "../../platform/mail/render.ts";
import { changeEventIn } from "../events/event-changes.ts";
import { speakerToday } from "../follow-ups/notification-settings.ts";
import { isOpenTask } from "../follow-ups/task-queries.ts";
import { recordActivity } from "../holds/activity.ts";
import { speakerIdentity } from "../profile/speaker-identity.ts";
import type { QuestionnaireContext, QuestionnaireEventRow } from "./context.ts";
import { mapAnswers } from "./map-answers.ts";

export const ALREADY_ANSWERED = "These answers were already sent to the speaker.";
/** How the tasks this file writes begin: "Questionnaire answered: …", "Questionnaire answers changed: …". */
const ANSWERS_TASK_PREFIX = "Questionnaire answer";
export const TALK_HAS_PASSED = "The talk has taken place, so these answers can no longer change.";

/** Only the answered ones, trimmed: a draft keeps what was typed, nothing blank. */
const keptAnswers = (questions: Question[], answers: Answers): Answers =>
  Object.fromEntries(
    questions.flatMap((question) => {
      const value = answers[question.id];
      if (isBlankAnswer(value)) return [];
      return [[question.id, typeof value === "string" ? value.trim() : value!]];
    }),
  );

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** The questions whose answer `answers` changes from what was sent before (every one on a first sending). */
function changedQuestions(questions: Question[], before: Answers | null, answers: Answers) {
  if (!before) return questions;
  return questions.filter(
    (question) =>
      JSON.stringify(before[question.id] ?? null) !== JSON.stringify(answers[question.id] ?? null),
  );
}

/** The event's open "Questionnaire answered…" task, the one the speaker has not dealt with yet. */
async function findOpenAnswersTask(tx: Queryable, userId: string, eventId: string) {
  const [task] = await tx
    .select({ id: tasks.id })
    .from(tasks)
    .where(
      and(
        eq(tasks.userId, userId),
        eq(tasks.eventId, eventId),
        isNull(tasks.actionItemId),
        isOpenTask,
        like(tasks.title, `${ANSWERS_TASK_PREFIX}%`),
      ),
    )
    .limit(1);
  return task ?? null;
}

/**
 * Saves the planner's answers to the questionnaire `row` of `event` (inside the caller's transaction). A draft
 * (`final: false`) is kept without the required check; a final one is checked (400 naming each field), fills
 * the event's empty fields, keeps the other mapped answers as proposals, and tells the speaker (a task on the
 * dashboard, an e-mail, the event's activity). Sent answers may be sent again, changed, until the talk's day:
 * only the changed ones fill or propose, the speaker's earlier decisions on the rest stand, and the speaker is
 * told what changed (by e-mail only once they have dealt with the last notice's task); the same answers again
 * change nothing. Returns the outbox ids to dispatch after the commit.
 */
export async function saveAnswersIn(
  context: QuestionnaireContext,
  tx: Queryable,
  change: {
    row: {
      id: string;
      userId: string;
      questions: Question[];
      answers: Answers;
      proposals: Proposal[];
      answeredAt: Date | null;
    };
    event: QuestionnaireEventRow;
    answers: Answers;
    final: boolean;
    now: Date;
  },
): Promise<string[]> {
  const { row, event, final, now } = change;
  const isChange = row.answeredAt !== null;
  if (isChange && !final) throw new AppError("CONFLICT", ALREADY_ANSWERED);
  const today = await speakerToday(tx, row.userId, now);
  if (isChange && event.date < today) throw new AppError("CONFLICT", TALK_HAS_PASSED);
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
  const changed = changedQuestions(row.questions, isChange ? row.answers : null, answers);
  if (isChange && changed.length === 0) return [];
  const { fills, proposals } = mapAnswers(changed, answers, event);
  const standing = isChange
    ? row.proposals.filter((proposal) => !changed.some((question) => question.mapsTo === proposal.field))
    : [];
  const toReview = [...standing, ...proposals];
  // `answeredAt` stays the first sending's: the activity keeps each change with its time.
  await tx
    .update(eventQuestionnaires)
    .set({ answers, proposals: toReview, answeredAt: row.answeredAt ?? now })
    .where(where);
  const who = event.contactName ?? "The planner";
  const filled = Object.keys(fills).length;
  const what = isChange
    ? `${who} changed ${plural(changed.length, "answer")} in the questionnaire`
    : `${who} answered the questionnaire`;
  const detail = `${what}${filled ? `; ${plural(filled, "event field")} filled in` : ""}${toReview.length ? `; ${toReview.length} to review` : ""}.`;
  await recordActivity(tx, {
    userId: row.userId,
    eventId: event.id,
    type: "questionnaire_answered",
    actor: "planner",
    detail,
    at: now,
  });
  // The note of what the answers filled in follows the answer's. A fill of a field contracts merge is the
  // planner's text in the next agreement: automatic countersigning waits until the speaker has read it (issue 40).
  const fillsMerged = Object.keys(fills).some((field) => MERGED_EVENT_FIELDS.has(field));
  if (Object.keys(fills).length > 0) {
    await changeEventIn(
      tx,
      row.userId,
      event.id,
      { ...fills, ...(fillsMerged ? { plannerFilledAt: now } : {}) },
      { actor: "planner", at: now },
    );
  }
  const heading = isChange ? "Questionnaire answers changed" : "Questionnaire answered";
  const title = toReview.length
    ? `${heading}: review ${plural(toReview.length, "change")}`
    : `${heading}: read the answers`;
  // One open task says where the answers stand; while the speaker has not dealt with it, a further change
  // updates it instead of adding another e-mail, so a planner's many small fixes never flood the inbox.
  const unread = await findOpenAnswersTask(tx, row.userId, event.id);
  if (unread) {
    await tx.update(tasks).set({ title, dueDate: today }).where(eq(tasks.id, unread.id));
    return [];
  }
  await tx.insert(tasks).values({ userId: row.userId, eventId: event.id, title, dueDate: today });
  const speaker = await speakerIdentity(tx, row.userId);
  return [
    await context.mailer.queue(
      tx,
      renderEmail({
        to: speaker.email,
        subject: isChange
          ? `${event.title}: the planner changed the questionnaire answers`
          : `${event.title}: the questionnaire is answered`,
        paragraphs: [
          `${detail} The talk is on ${formatLongDate(event.date)}.`,
          ...(isChange ? [`Changed: ${changed.map((question) => question.label).join("; ")}.`] : []),
          toReview.length
            ? "Where the answers differ from what the event already says, the event page shows both for you to accept or ignore."
            : "Every answer is on the event page.",
        ],
        action: { label: "Open the event", url: `${context.appUrl}/events/${event.id}` },
      }),
    ),
  ];
}

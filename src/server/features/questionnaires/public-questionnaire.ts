import { and, eq, isNull } from "drizzle-orm";
import { addDays } from "../../../shared/calendar-dates.ts";
import {
  type PublicQuestionnaire,
  QUESTIONNAIRE_UNAVAILABLE,
  type QuestionnaireForm,
  type SubmitAnswersInput,
  submitAnswersSchema,
} from "../../../shared/schemas/questionnaires.ts";
import { sha256 } from "../../platform/auth/tokens.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { eventQuestionnaires, events, users } from "../../platform/db/schema.ts";
import { AppError } from "../../platform/http/errors.ts";
import { speakerToday } from "../follow-ups/notification-settings.ts";
import { getSpeakerProfile } from "../profile/speaker-profile.ts";
import { saveAnswersIn } from "./answer-questionnaire.ts";
import {
  type EventQuestionnaireRow,
  findEventQuestionnaire,
  findQuestionnaireEvent,
  type QuestionnaireContext,
} from "./context.ts";
import { getQuestionnaire } from "./speaker-questionnaire.ts";

/** A questionnaire link works until 60 days after the event, like the booking link. */
const LINK_DAYS_AFTER_EVENT = 60;
const unavailable = () => new AppError("NOT_FOUND", QUESTIONNAIRE_UNAVAILABLE);

/** The questionnaire and event a `/q/<token>` opens, or the same 404 for unknown, replaced, expired or disabled. */
async function openQuestionnaire(db: Queryable, token: string, now: Date, lock = false) {
  if (token.length < 20 || token.length > 100) throw unavailable();
  const query = db
    .select({ questionnaire: eventQuestionnaires, event: events })
    .from(eventQuestionnaires)
    .innerJoin(users, eq(users.id, eventQuestionnaires.userId))
    .innerJoin(
      events,
      and(eq(events.id, eventQuestionnaires.eventId), eq(events.userId, eventQuestionnaires.userId)),
    )
    .where(and(eq(eventQuestionnaires.tokenHash, sha256(token)), isNull(users.disabledAt)));
  const [row] = lock ? await query.for("update", { of: [eventQuestionnaires, events] }) : await query;
  const lastDay = row && addDays(row.event.date, LINK_DAYS_AFTER_EVENT);
  if (!row || lastDay! < now.toISOString().slice(0, 10)) throw unavailable();
  return row;
}

const statusOf = (row: Pick<EventQuestionnaireRow, "answeredAt">): QuestionnaireForm["status"] =>
  row.answeredAt ? "answered" : "sent";

/**
 * The form as the planner sees it. Sent answers can still change until the talk's day in the speaker's
 * calendar (answer-questionnaire.ts decides the same): said here, so the page never guesses by its own clock.
 */
async function formOf(
  db: Queryable,
  row: Pick<EventQuestionnaireRow, "userId" | "questions" | "answers" | "answeredAt">,
  eventDate: string,
  now: Date,
): Promise<QuestionnaireForm> {
  return {
    questions: row.questions,
    answers: row.answers,
    status: statusOf(row),
    canChange: eventDate >= (await speakerToday(db, row.userId, now)),
  };
}

/** `GET /api/public/questionnaires/:token` (and the `/q/<token>` page's first paint). */
export async function viewQuestionnaire(
  db: Queryable,
  token: string,
  now: Date,
): Promise<PublicQuestionnaire> {
  const { questionnaire, event } = await openQuestionnaire(db, token, now);
  const profile = await getSpeakerProfile(db, questionnaire.userId);
  return {
    speaker: { name: profile.name, businessName: profile.businessName },
    event: { title: event.title, date: event.date, city: event.city, state: event.state },
    ...(await formOf(db, questionnaire, event.date, now)),
  };
}

/**
 * `POST /api/public/questionnaires/:token`: a draft or the final answers (answer-questionnaire.ts). A filled
 * honeypot gets the same answer as a real submission and changes nothing, as on the inquiry form.
 */
export async function submitQuestionnaire(
  context: QuestionnaireContext,
  token: string,
  input: ReturnType<typeof submitAnswersSchema.parse>,
  now: Date,
) {
  if (input.website) {
    const { questionnaire } = await openQuestionnaire(context.db, token, now);
    return { status: statusOf(questionnaire) };
  }
  const outbox = await context.db.transaction(async (tx) => {
    const { questionnaire, event } = await openQuestionnaire(tx, token, now, true);
    return saveAnswersIn(context, tx, {
      row: questionnaire,
      event,
      answers: input.answers,
      final: input.final,
      now,
    });
  });
  await context.mailer.dispatch(outbox);
  return { status: input.final ? ("answered" as const) : ("sent" as const) };
}

/**
 * The booking page's "Tell us about your event" step: the event's questionnaire as the planner sees it (the
 * speaker's current questions until one was saved or sent).
 */
export async function bookingQuestionnaireForm(
  db: Queryable,
  event: { userId: string; id: string; date: string },
  now: Date,
) {
  const row = await findEventQuestionnaire(db, event.userId, event.id);
  const shown = row ?? {
    userId: event.userId,
    questions: (await getQuestionnaire(db, event.userId)).questions,
    answers: {},
    answeredAt: null,
  };
  return formOf(db, shown, event.date, now);
}

/**
 * The booking page's answers (`POST /api/public/bookings/:token/questionnaire`), for a booking the caller has
 * opened: the event's questionnaire is made on the first save, as sent with the booking.
 */
export async function saveBookingAnswers(
  context: QuestionnaireContext,
  booking: { userId: string; eventId: string; recipientEmail: string; sentAt: Date },
  input: SubmitAnswersInput,
  now: Date,
) {
  const parsed = submitAnswersSchema.parse(input);
  if (parsed.website) return { status: "sent" as const };
  const { userId, eventId } = booking;
  const outbox = await context.db.transaction(async (tx) => {
    const event = await findQuestionnaireEvent(tx, userId, eventId, true);
    if (!event) throw unavailable();
    let row = await findEventQuestionnaire(tx, userId, eventId, true);
    if (!row) {
      const { questions } = await getQuestionnaire(tx, userId);
      const [made] = await tx
        .insert(eventQuestionnaires)
        .values({ userId, eventId, questions, sentTo: booking.recipientEmail, sentAt: booking.sentAt })
        .returning();
      row = made!;
    }
    return saveAnswersIn(context, tx, { row, event, answers: parsed.answers, final: parsed.final, now });
  });
  await context.mailer.dispatch(outbox);
  return { status: parsed.final ? ("answered" as const) : ("sent" as const) };
}

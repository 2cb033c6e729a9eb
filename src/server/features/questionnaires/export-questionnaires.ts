import { and, asc, eq } from "drizzle-orm";
import type { Queryable } from "../../platform/db/client.ts";
import { eventQuestionnaires, events } from "../../platform/db/schema.ts";

/** The speaker's questionnaires for the JSON export: each event's answers by question, drafts included. */
export async function exportQuestionnaires(db: Queryable, userId: string) {
  const rows = await db
    .select({ questionnaire: eventQuestionnaires, eventTitle: events.title })
    .from(eventQuestionnaires)
    .innerJoin(events, and(eq(events.id, eventQuestionnaires.eventId), eq(events.userId, userId)))
    .where(eq(eventQuestionnaires.userId, userId))
    .orderBy(asc(events.date), asc(events.id));
  return rows.map(({ questionnaire, eventTitle }) => ({
    eventId: questionnaire.eventId,
    eventTitle,
    status: questionnaire.answeredAt ? ("answered" as const) : ("sent" as const),
    sentTo: questionnaire.sentTo,
    sentAt: questionnaire.sentAt?.toISOString() ?? null,
    answeredAt: questionnaire.answeredAt?.toISOString() ?? null,
    answers: questionnaire.questions.flatMap((question) => {
      const value = questionnaire.answers[question.id];
      return value === undefined ? [] : [{ questionId: question.id, label: question.label, value }];
    }),
  }));
}

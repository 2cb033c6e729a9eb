import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Database, Queryable } from "../../platform/db/client.ts";
import { eventQuestionnaires, events } from "../../platform/db/schema.ts";
import type { Mailer } from "../../platform/mail/mailer.ts";

/** What questionnaire work needs beyond the database: mail, and the app's address for links. */
export type QuestionnaireContext = { db: Database; mailer: Mailer; appUrl: string; linkKey: string };

export const questionnaireContextOf = (app: FastifyInstance): QuestionnaireContext => ({
  db: app.db,
  mailer: app.mailer,
  appUrl: app.config.APP_URL,
  linkKey: app.tokenKeys["questionnaire-link"],
});

export type EventQuestionnaireRow = typeof eventQuestionnaires.$inferSelect;
export type QuestionnaireEventRow = typeof events.$inferSelect;

/** The speaker's event, whole (the answers are compared with its fields). */
export async function findQuestionnaireEvent(db: Queryable, userId: string, eventId: string, lock = false) {
  const query = db
    .select()
    .from(events)
    .where(and(eq(events.userId, userId), eq(events.id, eventId)));
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

/** The event's questionnaire, of this speaker only. */
export async function findEventQuestionnaire(db: Queryable, userId: string, eventId: string, lock = false) {
  const query = db
    .select()
    .from(eventQuestionnaires)
    .where(and(eq(eventQuestionnaires.userId, userId), eq(eventQuestionnaires.eventId, eventId)));
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

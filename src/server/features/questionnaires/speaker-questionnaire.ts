import { eq } from "drizzle-orm";
import { DEFAULT_QUESTIONS, type Questionnaire } from "../../../shared/schemas/questionnaires.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { questionnaires } from "../../platform/db/schema.ts";

/** `GET /api/questionnaire`: the speaker's questions, or the default set until they save their own. */
export async function getQuestionnaire(db: Queryable, userId: string): Promise<Questionnaire> {
  const [row] = await db
    .select({ questions: questionnaires.questions })
    .from(questionnaires)
    .where(eq(questionnaires.userId, userId));
  return { questions: row?.questions ?? DEFAULT_QUESTIONS };
}

/** `PUT /api/questionnaire`: replaces the questions; questionnaires already sent keep the ones they went with. */
export async function saveQuestionnaire(db: Queryable, userId: string, input: Questionnaire) {
  const questions = input.questions.map(({ options, mapsTo, ...question }) => ({
    ...question,
    ...(question.type === "choice" ? { options } : {}),
    ...(mapsTo ? { mapsTo } : {}),
  }));
  await db
    .insert(questionnaires)
    .values({ userId, questions })
    .onConflictDoUpdate({ target: questionnaires.userId, set: { questions, updatedAt: new Date() } });
  return { questions };
}

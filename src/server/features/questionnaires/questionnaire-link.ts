import { and, eq, isNotNull } from "drizzle-orm";
import { hmac, sha256 } from "../../platform/auth/tokens.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { eventQuestionnaires } from "../../platform/db/schema.ts";

/** What names a questionnaire's current link: its id and how many times it was sent alone. */
export type QuestionnaireLinkOf = { id: string; linkVersion: number };

/**
 * The `/q/<token>` token: an HMAC of the questionnaire's id and link version under its own key (256 bits,
 * decision 037), so the reminders can carry the very link the planner was sent while the database keeps only
 * its SHA-256. Sending again raises the version: the older link answers 404.
 */
export const questionnaireToken = (linkKey: string, link: QuestionnaireLinkOf) =>
  hmac(linkKey, `questionnaire-link:${link.id}:${link.linkVersion}`);

export const questionnaireTokenHash = (linkKey: string, link: QuestionnaireLinkOf) =>
  sha256(questionnaireToken(linkKey, link));

/** After the questionnaire links' key changed: every link follows the new key, the old ones stop. */
export async function rehashQuestionnaireLinks(db: Queryable, linkKey: string) {
  const rows = await db
    .select({
      id: eventQuestionnaires.id,
      userId: eventQuestionnaires.userId,
      linkVersion: eventQuestionnaires.linkVersion,
    })
    .from(eventQuestionnaires)
    .where(isNotNull(eventQuestionnaires.tokenHash));
  for (const row of rows) {
    await db
      .update(eventQuestionnaires)
      .set({ tokenHash: questionnaireTokenHash(linkKey, row) })
      .where(and(eq(eventQuestionnaires.userId, row.userId), eq(eventQuestionnaires.id, row.id)));
  }
}

export const questionnaireUrl = (appUrl: string, linkKey: string, link: QuestionnaireLinkOf) =>
  `${appUrl}/q/${questionnaireToken(linkKey, link)}`;

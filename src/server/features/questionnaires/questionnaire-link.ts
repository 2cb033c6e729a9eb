import { randomUUID } from "node:crypto";
import { and, eq, isNotNull } from "drizzle-orm";
import type { Question } from "../../../shared/schemas/questionnaires.ts";
import { hmac, sha256 } from "../../platform/auth/tokens.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { columns } from "../../platform/db/columns.ts";
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

/** What a questionnaire's link is sent with: to whom and when, the questions and the speaker's message. */
export type QuestionnaireSending = {
  sentTo: string;
  sentAt: Date;
  questions: Question[];
  message: string | null;
};

/**
 * Gives the event's questionnaire a new `/q/` link (the older one answers 404) and what it is sent with,
 * making the questionnaire if the event has none (`existing`, locked by the caller). Null when another
 * transaction made one meanwhile: the caller's link would not exist.
 */
export async function saveQuestionnaireLink(
  tx: Queryable,
  linkKey: string,
  of: { userId: string; eventId: string; existing: (QuestionnaireLinkOf & { id: string }) | null },
  sending: QuestionnaireSending,
): Promise<QuestionnaireLinkOf | null> {
  const { userId, eventId, existing } = of;
  const link = { id: existing?.id ?? randomUUID(), linkVersion: (existing?.linkVersion ?? 0) + 1 };
  const values = {
    ...sending,
    tokenHash: questionnaireTokenHash(linkKey, link),
    linkVersion: link.linkVersion,
  };
  if (existing) {
    await tx
      .update(eventQuestionnaires)
      .set(columns(eventQuestionnaires, values))
      .where(and(eq(eventQuestionnaires.userId, userId), eq(eventQuestionnaires.id, existing.id)));
    return link;
  }
  const made = await tx
    .insert(eventQuestionnaires)
    .values(columns(eventQuestionnaires, { ...values, id: link.id, userId, eventId }))
    .onConflictDoNothing({ target: eventQuestionnaires.eventId })
    .returning({ id: eventQuestionnaires.id });
  return made.length > 0 ? link : null;
}

import { and, eq, gte, inArray, isNotNull, isNull, lte, or } from "drizzle-orm";
import { addDays, daysBetween, formatLongDate } from "../../../shared/calendar-dates.ts";
import { eventQuestionnaires, events, users } from "../../platform/db/schema.ts";
import { renderEmail } from "../../platform/mail/render.ts";
import { MailRefusedError } from "../../platform/mail/third-party-mail.ts";
import { speakerToday } from "../follow-ups/notification-settings.ts";
import { speakerIdentity } from "../profile/speaker-identity.ts";
import type { QuestionnaireContext } from "./context.ts";
import { questionnaireUrl } from "./questionnaire-link.ts";

/** Days before the talk an unanswered questionnaire reminds the planner (DESIGN §11), each once. */
export const REMINDER_DAYS = { week: 7, threeDays: 3 } as const;

/**
 * One pass of the periodic sweep for questionnaires: one sent alone and still unanswered reminds the planner
 * when the talk is 7 days away (up to 4) and again 3 days away (up to the day), each once, with the very link
 * they were sent. Each is locked and checked again, so several processes sweeping at once remind once.
 */
export async function sweepQuestionnaires(context: QuestionnaireContext, now: Date) {
  // The speakers' todays lie within a day of UTC's.
  const utcToday = now.toISOString().slice(0, 10);
  const candidates = await context.db
    .select({ id: eventQuestionnaires.id, userId: eventQuestionnaires.userId })
    .from(eventQuestionnaires)
    .innerJoin(
      events,
      and(eq(events.id, eventQuestionnaires.eventId), eq(events.userId, eventQuestionnaires.userId)),
    )
    .innerJoin(users, eq(users.id, eventQuestionnaires.userId))
    .where(
      and(
        isNotNull(eventQuestionnaires.tokenHash),
        isNull(eventQuestionnaires.answeredAt),
        or(isNull(eventQuestionnaires.remindedWeekAt), isNull(eventQuestionnaires.remindedThreeDaysAt)),
        inArray(events.status, ["inquiry", "hold", "confirmed"]),
        gte(events.date, addDays(utcToday, -1)),
        lte(events.date, addDays(utcToday, REMINDER_DAYS.week + 1)),
        isNull(users.disabledAt),
      ),
    );
  let reminded = 0;
  for (const { id, userId } of candidates) {
    const outbox: string[] = [];
    await context.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ questionnaire: eventQuestionnaires, event: events })
        .from(eventQuestionnaires)
        .innerJoin(events, eq(events.id, eventQuestionnaires.eventId))
        .where(and(eq(eventQuestionnaires.userId, userId), eq(eventQuestionnaires.id, id)))
        .for("update", { of: eventQuestionnaires });
      const to = row?.questionnaire.sentTo;
      if (!row || !to || row.questionnaire.answeredAt) return;
      const { questionnaire, event } = row;
      const daysLeft = daysBetween(await speakerToday(tx, userId, now), event.date);
      const due =
        daysLeft >= 0 && daysLeft <= REMINDER_DAYS.threeDays
          ? !questionnaire.remindedThreeDaysAt && "threeDays"
          : daysLeft > REMINDER_DAYS.threeDays && daysLeft <= REMINDER_DAYS.week
            ? !questionnaire.remindedWeekAt && "week"
            : false;
      // A questionnaire sent within the last day is not chased at once.
      if (!due || questionnaire.sentAt! > new Date(now.getTime() - 24 * 3600 * 1000)) return;
      const speaker = await speakerIdentity(tx, userId);
      const url = questionnaireUrl(context.appUrl, context.linkKey, questionnaire);
      try {
        outbox.push(
          await context.mailer.queueToThirdParty(
            tx,
            { userId, now },
            {
              ...renderEmail({
                to,
                subject: `Reminder: ${speaker.name}'s questions about ${event.title}`,
                greeting: `Hi ${event.contactName ?? "there"},`,
                paragraphs: [
                  `${event.title} is ${daysLeft === 0 ? "today" : `${daysLeft} day${daysLeft === 1 ? "" : "s"} away`} (${formatLongDate(event.date)}). ${speaker.name} still needs a few details about the audience, the room and the day.`,
                  "Any answers you saved are kept.",
                ],
                action: { label: "Answer the questions", url },
                footnote: `Questions? Reply to ${speaker.email}.`,
              }),
              replyTo: speaker.email,
            },
          ),
        );
      } catch (error) {
        // Over the mail limits: marked as reminded all the same, so a full day is not retried every pass.
        if (!(error instanceof MailRefusedError)) throw error;
      }
      await tx
        .update(eventQuestionnaires)
        .set(
          due === "week"
            ? { remindedWeekAt: now }
            : { remindedThreeDaysAt: now, remindedWeekAt: questionnaire.remindedWeekAt ?? now },
        )
        .where(and(eq(eventQuestionnaires.userId, userId), eq(eventQuestionnaires.id, id)));
      reminded += 1;
    });
    await context.mailer.dispatch(outbox);
  }
  return { reminded };
}

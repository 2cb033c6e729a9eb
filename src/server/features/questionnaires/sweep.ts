import { and, eq, gte, inArray, isNotNull, isNull, lte, ne, or } from "drizzle-orm";
import { addDays, daysBetween, formatLongDate } from "../../../shared/calendar-dates.ts";
import { speakerDisplayName } from "../../../shared/speaker-name.ts";
import { bookings, eventQuestionnaires, events, users } from "../../platform/db/schema.ts";
import { REPLY_FOOTNOTE, renderEmail } from "../../platform/mail/render.ts";
import { MailRefusedError } from "../../platform/mail/third-party-mail.ts";
import { speakerToday } from "../follow-ups/notification-settings.ts";
import { speakerIdentity } from "../profile/speaker-identity.ts";
import { findEventQuestionnaire, type QuestionnaireContext } from "./context.ts";
import { questionnaireUrl, saveQuestionnaireLink } from "./questionnaire-link.ts";
import { getQuestionnaire } from "./speaker-questionnaire.ts";

/** Days before the talk an unanswered questionnaire reminds the planner (DESIGN §11), each once. */
export const REMINDER_DAYS = { week: 7, threeDays: 3 } as const;

/**
 * One pass of the periodic sweep for questionnaires: one sent alone and still unanswered reminds the planner
 * when the talk is 7 days away (up to 4) and again 3 days away (up to the day), each once, with the very link
 * they were sent; one that went with a booking is given its own link first. Each is locked and checked again,
 * so several processes sweeping at once remind once.
 */
export async function sweepQuestionnaires(context: QuestionnaireContext, now: Date) {
  // The speakers' todays lie within a day of UTC's.
  const utcToday = now.toISOString().slice(0, 10);
  const talkFrom = addDays(utcToday, -1);
  const talkTo = addDays(utcToday, REMINDER_DAYS.week + 1);
  await linkBookingQuestionnaires(context, talkFrom, talkTo);
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
        gte(events.date, talkFrom),
        lte(events.date, talkTo),
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
                subject: `Reminder: ${speakerDisplayName(speaker.names)}'s questions about ${event.title}`,
                greeting: `Hi ${event.contactName ?? "there"},`,
                paragraphs: [
                  `${event.title} is ${daysLeft === 0 ? "today" : `${daysLeft} day${daysLeft === 1 ? "" : "s"} away`} (${formatLongDate(event.date)}). ${speakerDisplayName(speaker.names, { atStart: true })} still needs a few details about the audience, the room and the day.`,
                  "Any answers you saved are kept.",
                ],
                action: { label: "Answer the questions", url },
                footnote: REPLY_FOOTNOTE,
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

/**
 * A booking carries the questionnaire, but its row is made only when the planner first saves an answer. Each
 * unanswered one of a live booking whose talk is `from`–`to` gets a `/q/` link of its own, to the booking's
 * planner and dated from the booking, as if sent alone then: its reminders lead straight to the questions,
 * whatever became of the booking page.
 */
async function linkBookingQuestionnaires(context: QuestionnaireContext, from: string, to: string) {
  const candidates = await context.db
    .select({ userId: bookings.userId, eventId: bookings.eventId })
    .from(bookings)
    .innerJoin(events, and(eq(events.id, bookings.eventId), eq(events.userId, bookings.userId)))
    .innerJoin(users, eq(users.id, bookings.userId))
    .leftJoin(eventQuestionnaires, eq(eventQuestionnaires.eventId, bookings.eventId))
    .where(
      and(
        ne(bookings.status, "revoked"),
        isNull(eventQuestionnaires.tokenHash),
        isNull(eventQuestionnaires.answeredAt),
        inArray(events.status, ["inquiry", "hold", "confirmed"]),
        gte(events.date, from),
        lte(events.date, to),
        isNull(users.disabledAt),
      ),
    );
  for (const { userId, eventId } of candidates) {
    await context.db.transaction(async (tx) => {
      const [booking] = await tx
        .select({ recipientEmail: bookings.recipientEmail, sentAt: bookings.sentAt })
        .from(bookings)
        .where(
          and(eq(bookings.userId, userId), eq(bookings.eventId, eventId), ne(bookings.status, "revoked")),
        );
      const existing = await findEventQuestionnaire(tx, userId, eventId, true);
      if (!booking || existing?.tokenHash || existing?.answeredAt) return;
      // Made by another process meanwhile (null), its link stands.
      await saveQuestionnaireLink(
        tx,
        context.linkKey,
        { userId, eventId, existing },
        {
          sentTo: existing?.sentTo ?? booking.recipientEmail,
          sentAt: existing?.sentAt ?? booking.sentAt,
          message: existing?.message ?? null,
          questions: existing?.questions ?? (await getQuestionnaire(tx, userId)).questions,
        },
      );
    });
  }
}

import { and, eq } from "drizzle-orm";
import { formatLongDate } from "../../../shared/calendar-dates.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { events, tasks } from "../../platform/db/schema.ts";
import { renderEmail } from "../../platform/mail/render.ts";
import { MailRefusedError } from "../../platform/mail/third-party-mail.ts";
import { findPlannerAddress, plannerCandidatesOf } from "../events/planner-address.ts";
import { speakerToday } from "../follow-ups/notification-settings.ts";
import { speakerIdentity } from "../profile/speaker-identity.ts";
import { findHoldEvent, type HoldContext } from "./context.ts";
import { getHoldSettings } from "./hold-settings.ts";

/**
 * Tells the speaker at once: a task due today on their dashboard (they mark it done), and an e-mail.
 * Returns the outbox id to dispatch after the commit.
 */
export async function tellSpeaker(
  context: HoldContext,
  db: Queryable,
  notice: { userId: string; eventId: string; task: string; subject: string; paragraph: string; now: Date },
): Promise<string> {
  const { userId, eventId, now } = notice;
  await db
    .insert(tasks)
    .values({ userId, eventId, title: notice.task, dueDate: await speakerToday(db, userId, now) });
  const speaker = await speakerIdentity(db, userId);
  return context.mailer.queue(
    db,
    renderEmail({
      to: speaker.email,
      subject: notice.subject,
      paragraphs: [notice.paragraph],
      action: { label: "Open the event", url: `${context.appUrl}/events/${eventId}` },
    }),
  );
}

/**
 * After a first hold left `date` (released, booked, moved, deleted, expired): the hold now first there, if
 * any, is put on the speaker's dashboard, and when the speaker asked for it its contact is e-mailed from the
 * speaker's template. Mail the limits refuse is left out: the release itself must not fail for it.
 */
export async function announceNewFirstHold(
  context: HoldContext,
  db: Queryable,
  userId: string,
  date: string,
  now: Date,
): Promise<string[]> {
  const [first] = await db
    .select({ id: events.id })
    .from(events)
    .where(
      and(
        eq(events.userId, userId),
        eq(events.date, date),
        eq(events.status, "hold"),
        eq(events.holdRank, 1),
      ),
    );
  if (!first) return [];
  const event = (await findHoldEvent(db, userId, first.id))!;
  const day = formatLongDate(date);
  const settings = await getHoldSettings(db, userId);
  const contact = findPlannerAddress(plannerCandidatesOf(event));
  const outbox: string[] = [];
  let emailed = false;
  if (settings.notifyNewFirstHold && contact) {
    const fill = (text: string) =>
      text
        .replaceAll("{contact}", contact.name ?? "there")
        .replaceAll("{event}", event.title)
        .replaceAll("{date}", day);
    const speaker = await speakerIdentity(db, userId);
    const message = renderEmail({
      to: contact.email,
      subject: `${event.title}: your hold on ${day} is now first`,
      paragraphs: fill(settings.newFirstHoldTemplate).split(/\n{2,}/),
    });
    try {
      outbox.push(
        await context.mailer.queueToThirdParty(db, { userId, now }, { ...message, replyTo: speaker.email }),
      );
      emailed = true;
    } catch (error) {
      if (!(error instanceof MailRefusedError)) throw error;
    }
  }
  await db.insert(tasks).values({
    userId,
    eventId: event.id,
    title: `Now the first hold on ${day}${emailed ? ` (we e-mailed ${contact!.email})` : ""}`,
    dueDate: await speakerToday(db, userId, now),
  });
  return outbox;
}

/** The first-hold notice when the event was first on `before.date` and has left it. */
export async function announceIfFirstLeft(
  context: HoldContext,
  db: Queryable,
  userId: string,
  before: { status: string; date: string; holdRank: number | null },
  after: { status: string; date: string } | null,
  now: Date,
): Promise<string[]> {
  const left = after?.status !== "hold" || after.date !== before.date;
  if (before.status !== "hold" || before.holdRank !== 1 || !left) return [];
  return announceNewFirstHold(context, db, userId, before.date, now);
}

import { and, eq, isNotNull, isNull, lte } from "drizzle-orm";
import { addDays, formatLongDate } from "../../../shared/calendar-dates.ts";
import type { Database, Queryable } from "../../platform/db/client.ts";
import { actionItems, clients, events, tasks, users } from "../../platform/db/schema.ts";
import { AppError } from "../../platform/http/errors.ts";
import type { Mailer } from "../../platform/mail/mailer.ts";
import { renderEmail } from "../../platform/mail/render.ts";
import {
  findPlannerAddress,
  PLANNER_CLIENT,
  PLANNER_COLUMNS,
  plannerCandidatesOf,
} from "../events/planner-address.ts";
import { getSpeakerProfile } from "../profile/speaker-profile.ts";
import { requestTestimonialIn } from "../testimonials/request-testimonial.ts";
import { speakerToday } from "./notification-settings.ts";
import { isOpenTask } from "./task-queries.ts";

export type AutomaticStepContext = { db: Database; mailer: Mailer; appUrl: string };

/**
 * One pass of the periodic sweep for automatic action-list steps (DESIGN §11): a task of a step marked
 * `automatic`, open and due on or before the speaker's today, sends its e-mail by itself — the testimonial
 * request for that step, else the step's template to the event's contact — and is marked done. Each task is
 * locked and checked again and `auto_sent_at` is written with the mail, so it is sent once however many
 * processes sweep. A task that cannot be sent (no contact e-mail, the mail limits, a talk not yet given)
 * stays open for the speaker.
 */
export async function sendAutomaticSteps(context: AutomaticStepContext, now: Date) {
  // Tomorrow in UTC is past today in every time zone; each speaker's own today decides below.
  const candidates = await context.db
    .select({ id: tasks.id, userId: tasks.userId })
    .from(tasks)
    .innerJoin(actionItems, eq(actionItems.id, tasks.actionItemId))
    .innerJoin(users, eq(users.id, tasks.userId))
    .where(
      and(
        eq(actionItems.automatic, true),
        isNull(tasks.autoSentAt),
        isOpenTask,
        isNotNull(tasks.eventId),
        lte(tasks.dueDate, addDays(now.toISOString().slice(0, 10), 1)),
        isNull(users.disabledAt),
      ),
    );
  let sent = 0;
  for (const { id, userId } of candidates) {
    try {
      const outbox = await context.db.transaction((tx) => sendStep(context, tx, userId, id, now));
      if (outbox.length === 0) continue;
      await context.mailer.dispatch(outbox);
      sent += 1;
    } catch (error) {
      // Refused mail or a request the event does not allow: the task stays open for the speaker.
      if (!(error instanceof AppError)) throw error;
    }
  }
  return { sent };
}

async function sendStep(
  context: AutomaticStepContext,
  tx: Queryable,
  userId: string,
  taskId: string,
  now: Date,
): Promise<string[]> {
  const [task] = await tx
    .select({
      eventId: tasks.eventId,
      dueDate: tasks.dueDate,
      emailTemplate: tasks.emailTemplate,
      automatic: actionItems.automatic,
      sends: actionItems.sends,
    })
    .from(tasks)
    .innerJoin(actionItems, and(eq(actionItems.id, tasks.actionItemId), eq(actionItems.userId, tasks.userId)))
    .where(and(eq(tasks.userId, userId), eq(tasks.id, taskId), isNull(tasks.autoSentAt), isOpenTask))
    .for("update", { of: tasks });
  if (!task?.eventId || !task.automatic) return [];
  if (task.dueDate > (await speakerToday(tx, userId, now))) return [];
  const eventId = task.eventId;
  let outboxId: string | null;
  if (task.sends === "testimonial_request") {
    outboxId = (await requestTestimonialIn(context, tx, { userId, eventId, now })).outboxId;
  } else {
    outboxId = task.emailTemplate
      ? await queueTemplate(context, tx, userId, eventId, task.emailTemplate, now)
      : null;
  }
  if (!outboxId) return [];
  await tx
    .update(tasks)
    .set({ autoSentAt: now, doneAt: now, updatedAt: now })
    .where(and(eq(tasks.userId, userId), eq(tasks.id, taskId)));
  return [outboxId];
}

/** The step's own template, filled in, to the planner (`findPlannerAddress`); null without an address. */
async function queueTemplate(
  context: AutomaticStepContext,
  tx: Queryable,
  userId: string,
  eventId: string,
  template: string,
  now: Date,
): Promise<string | null> {
  const [event] = await tx
    .select({
      title: events.title,
      date: events.date,
      ...PLANNER_COLUMNS,
    })
    .from(events)
    .leftJoin(clients, PLANNER_CLIENT)
    .where(and(eq(events.userId, userId), eq(events.id, eventId)));
  const planner = event ? findPlannerAddress(plannerCandidatesOf(event)) : null;
  if (!event || !planner) return null;
  const to = planner.email;
  const contact = planner.name ?? "there";
  const text = template
    .replaceAll("{contact}", contact)
    .replaceAll("{event}", event.title)
    .replaceAll("{date}", formatLongDate(event.date));
  const profile = await getSpeakerProfile(tx, userId);
  const [account] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return context.mailer.queueToThirdParty(
    tx,
    { userId, now },
    {
      ...renderEmail({ to, subject: event.title, paragraphs: text.split(/\n{2,}/) }),
      replyTo: profile.email ?? account!.email,
    },
  );
}

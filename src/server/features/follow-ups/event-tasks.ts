import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { EventStatus } from "../../../shared/schemas/event-status.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { actionItems, tasks } from "../../platform/db/schema.ts";
import { ensureActionList } from "./action-list.ts";
import { speakerToday } from "./notification-settings.ts";
import { isOpenTask } from "./task-queries.ts";

/** Statuses that close an event's open tasks: the work they ask for is off until the event comes back. */
const CLOSING_STATUSES: readonly EventStatus[] = ["postponed", "cancelled"];

export type EventAnchors = { status: EventStatus; date: string };

/**
 * Keeps an event's tasks in step with its status and date, inside the caller's transaction (the one that
 * writes the event). `before` is null for a new event.
 * - Reaching a status creates the action list's tasks for it at once: status-change steps due from the
 *   speaker's today, event-date steps due from the event's date. A step reached again reopens its task.
 * - A new date moves every open event-date task; done tasks keep their date.
 * - Postponed or cancelled closes the open tasks.
 */
export async function syncEventTasks(
  db: Queryable,
  userId: string,
  eventId: string,
  before: EventAnchors | null,
  after: EventAnchors,
  now: Date,
): Promise<void> {
  const statusChanged = before?.status !== after.status;
  if (before && before.date !== after.date) {
    await db
      .update(tasks)
      .set({ dueDate: sql`(${after.date}::date + ${tasks.offsetDays})` })
      .where(
        and(
          eq(tasks.userId, userId),
          eq(tasks.eventId, eventId),
          eq(tasks.anchor, "event_date"),
          isNull(tasks.doneAt),
        ),
      );
  }
  if (!statusChanged) return;
  if (CLOSING_STATUSES.includes(after.status)) {
    await db
      .update(tasks)
      .set({ closedAt: now })
      .where(and(eq(tasks.userId, userId), eq(tasks.eventId, eventId), isOpenTask));
    return;
  }
  await ensureActionList(db, userId);
  const today = await speakerToday(db, userId, now);
  const due = sql`case when ${actionItems.anchor} = 'status_change'
    then ${today}::date + ${actionItems.offsetDays}
    else ${after.date}::date + ${actionItems.offsetDays} end`;
  const reached = or(
    eq(actionItems.status, after.status),
    and(eq(actionItems.anchor, "event_date"), isNull(actionItems.status)),
  );
  await db.execute(sql`
    insert into ${tasks} (user_id, event_id, action_item_id, title, due_date, anchor, offset_days, email_template)
    select ${userId}, ${eventId}, ${actionItems.id}, ${actionItems.title}, ${due}, ${actionItems.anchor},
      ${actionItems.offsetDays}, ${actionItems.emailTemplate}
    from ${actionItems}
    where ${actionItems.userId} = ${userId} and ${reached}
    on conflict (event_id, action_item_id) do update
      set due_date = excluded.due_date, closed_at = null, updated_at = now()
      where ${tasks.doneAt} is null`);
}

/**
 * After a workbook import, inside its transaction: the speaker's events follow their action list as far as a
 * bulk write allows. Date-anchored steps still ahead of today become tasks for the events they apply to (a
 * step already past is not made an overdue task: an imported book is history up to today); open date tasks
 * move with a changed date; postponed and cancelled events close their open tasks. Status-change steps come
 * only from status changes made in Podium — an imported status was not just reached.
 */
export async function syncImportedEventTasks(db: Queryable, userId: string, now: Date): Promise<void> {
  await ensureActionList(db, userId);
  const today = await speakerToday(db, userId, now);
  const closing = sql.join(
    CLOSING_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  await db.execute(sql`
    update ${tasks} set due_date = e.date + ${tasks.offsetDays}, updated_at = now()
    from events e
    where e.id = ${tasks.eventId} and e.user_id = ${userId} and ${tasks.userId} = ${userId}
      and ${tasks.anchor} = 'event_date' and ${tasks.doneAt} is null
      and ${tasks.dueDate} <> e.date + ${tasks.offsetDays}`);
  await db.execute(sql`
    update ${tasks} set closed_at = ${now.toISOString()}::timestamptz, updated_at = now()
    from events e
    where e.id = ${tasks.eventId} and e.user_id = ${userId} and ${tasks.userId} = ${userId}
      and e.status::text in (${closing}) and ${tasks.doneAt} is null and ${tasks.closedAt} is null`);
  await db.execute(sql`
    insert into ${tasks} (user_id, event_id, action_item_id, title, due_date, anchor, offset_days, email_template)
    select ${userId}, e.id, ${actionItems.id}, ${actionItems.title}, e.date + ${actionItems.offsetDays},
      ${actionItems.anchor}, ${actionItems.offsetDays}, ${actionItems.emailTemplate}
    from events e join ${actionItems} on ${actionItems.userId} = e.user_id
    where e.user_id = ${userId} and ${actionItems.anchor} = 'event_date'
      and (${actionItems.status}::text = e.status::text or ${actionItems.status} is null)
      and e.status::text not in (${closing}) and e.date + ${actionItems.offsetDays} >= ${today}::date
    on conflict (event_id, action_item_id) do nothing`);
}

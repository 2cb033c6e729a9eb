import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { EventStatus } from "../../../shared/schemas/event-status.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { actionItems, tasks } from "../../platform/db/schema.ts";
import { ensureActionList } from "./action-list.ts";
import { speakerToday } from "./notification-settings.ts";

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
      .where(
        and(
          eq(tasks.userId, userId),
          eq(tasks.eventId, eventId),
          isNull(tasks.doneAt),
          isNull(tasks.closedAt),
        ),
      );
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

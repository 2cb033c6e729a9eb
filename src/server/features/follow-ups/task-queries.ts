import { and, asc, eq, gt, gte, isNotNull, isNull, lt, lte, or, type SQL } from "drizzle-orm";
import { addDays } from "../../../shared/calendar-dates.ts";
import type { Task } from "../../../shared/schemas/follow-ups.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { events, tasks } from "../../platform/db/schema.ts";

/** Open: neither done nor closed by a postponed or cancelled event. */
export const isOpenTask = and(isNull(tasks.doneAt), isNull(tasks.closedAt))!;

/** What `?due=` picks out, measured against the speaker's `today`. */
export function dueCondition(due: "overdue" | "today" | "week", today: string): SQL {
  if (due === "overdue") return and(isOpenTask, lt(tasks.dueDate, today))!;
  if (due === "today") return and(isOpenTask, eq(tasks.dueDate, today))!;
  return and(isOpenTask, gte(tasks.dueDate, today), lte(tasks.dueDate, addDays(today, 6)))!;
}

export const doneCondition = (done: boolean): SQL => (done ? isNotNull(tasks.doneAt) : isOpenTask);

/** After the cursor's (due date, id) in the list's order. */
export const afterCursor = (dueDate: string, id: string) =>
  or(gt(tasks.dueDate, dueDate), and(eq(tasks.dueDate, dueDate), gt(tasks.id, id)))!;

/** The user's tasks matching `where`, soonest first; the event join repeats the owner. */
export async function selectTasks(
  db: Queryable,
  userId: string,
  options: { where?: SQL; limit: number; today: string },
): Promise<Task[]> {
  const rows = await db
    .select({
      task: tasks,
      event: { id: events.id, title: events.title, date: events.date, status: events.status },
    })
    .from(tasks)
    .leftJoin(events, and(eq(events.id, tasks.eventId), eq(events.userId, tasks.userId)))
    .where(and(eq(tasks.userId, userId), options.where))
    .orderBy(asc(tasks.dueDate), asc(tasks.id))
    .limit(options.limit);
  return rows.map(({ task, event }) => toTask(task, event, options.today));
}

type TaskRow = typeof tasks.$inferSelect;
/** The left join's event: all its fields null when the task has none. */
type EventRef = { [K in keyof NonNullable<Task["event"]>]: NonNullable<Task["event"]>[K] | null } | null;

function toTask(task: TaskRow, event: EventRef, today: string): Task {
  const isOpen = !task.doneAt && !task.closedAt;
  return {
    id: task.id,
    title: task.title,
    dueDate: task.dueDate,
    eventId: task.eventId,
    event: event?.id ? (event as NonNullable<Task["event"]>) : null,
    anchor: task.anchor,
    emailTemplate: task.emailTemplate,
    done: task.doneAt !== null,
    doneAt: task.doneAt?.toISOString() ?? null,
    closedAt: task.closedAt?.toISOString() ?? null,
    isOverdue: isOpen && task.dueDate < today,
    createdAt: task.createdAt.toISOString(),
  };
}

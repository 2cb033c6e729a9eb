import { and, eq, lte, type SQL, sql } from "drizzle-orm";
import type {
  CreateTaskInput,
  Task,
  TaskListQuery,
  TaskPage,
  UpdateTaskInput,
} from "../../../shared/schemas/follow-ups.ts";
import type { Database, Queryable } from "../../platform/db/client.ts";
import { columns } from "../../platform/db/columns.ts";
import { events, tasks } from "../../platform/db/schema.ts";
import { buildPage, decodeCursor } from "../../platform/http/cursor.ts";
import { notFound } from "../../platform/http/errors.ts";
import { isUuid } from "../../platform/http/ids.ts";
import { speakerToday } from "./notification-settings.ts";
import { afterCursor, doneCondition, dueCondition, isOpenTask, selectTasks } from "./task-queries.ts";

export const taskNotFound = () => notFound("Task not found");
const eventNotFound = () => notFound("Event not found");
const SORT = "due";

/** `GET /api/tasks`: the speaker's tasks, soonest first, filtered by due window, event and done. */
export async function listTasks(
  db: Queryable,
  userId: string,
  query: TaskListQuery,
  now: Date,
): Promise<TaskPage> {
  const today = await speakerToday(db, userId, now);
  const cursor = query.cursor ? decodeCursor(query.cursor, SORT, "date") : null;
  const rows = await selectTasks(db, userId, {
    today,
    limit: query.limit + 1,
    where: and(
      query.due ? dueCondition(query.due, today) : undefined,
      query.eventId ? eq(tasks.eventId, query.eventId) : undefined,
      query.done ? doneCondition(query.done === "true") : undefined,
      cursor ? afterCursor(String(cursor.key), cursor.id) : undefined,
    ),
  });
  return buildPage(rows, {
    limit: query.limit,
    sort: SORT,
    keyOf: (row) => row.dueDate,
    toItem: (row) => row,
  });
}

/** Open tasks due on `today` or before, the oldest first (the dashboard's action items). */
export async function listDueTasks(
  db: Queryable,
  userId: string,
  today: string,
  limit: number,
): Promise<Task[]> {
  return selectTasks(db, userId, { today, limit, where: and(isOpenTask, lte(tasks.dueDate, today)) });
}

async function loadTask(db: Queryable, userId: string, id: string, now: Date): Promise<Task> {
  const [task] = await selectTasks(db, userId, {
    today: await speakerToday(db, userId, now),
    limit: 1,
    where: eq(tasks.id, id),
  });
  if (!task) throw taskNotFound();
  return task;
}

/** `POST /api/tasks`: a task written by hand, for one of the speaker's events or for none. */
export async function createTask(
  db: Database,
  userId: string,
  input: CreateTaskInput,
  now: Date,
): Promise<Task> {
  return db.transaction(async (tx) => {
    if (input.eventId) {
      const [event] = await tx
        .select({ id: events.id })
        .from(events)
        .where(and(eq(events.userId, userId), eq(events.id, input.eventId)));
      if (!event) throw eventNotFound();
    }
    const [row] = await tx
      .insert(tasks)
      .values({ userId, eventId: input.eventId ?? null, title: input.title, dueDate: input.dueDate })
      .returning({ id: tasks.id });
    return loadTask(tx, userId, row!.id, now);
  });
}

/**
 * `PATCH /api/tasks/:id`: rename, snooze (a new due date) or mark done and undo. A task reopened by undo
 * stays closed if its event was postponed or cancelled meanwhile.
 */
export async function updateTask(
  db: Database,
  userId: string,
  id: string,
  input: UpdateTaskInput,
  now: Date,
): Promise<Task> {
  if (!isUuid(id)) throw taskNotFound();
  return db.transaction(async (tx) => {
    const values: { title?: string; dueDate?: string; doneAt?: SQL | null } = {};
    if (input.title !== undefined) values.title = input.title;
    if (input.dueDate !== undefined) values.dueDate = input.dueDate;
    if (input.done !== undefined) {
      // Marking done twice keeps the first time it was done.
      values.doneAt = input.done ? sql`coalesce(${tasks.doneAt}, ${now.toISOString()}::timestamptz)` : null;
    }
    const updated = await tx
      .update(tasks)
      .set(columns(tasks, { ...values, updatedAt: now }))
      .where(and(eq(tasks.userId, userId), eq(tasks.id, id)))
      .returning({ id: tasks.id });
    if (updated.length === 0) throw taskNotFound();
    return loadTask(tx, userId, id, now);
  });
}

export async function deleteTask(db: Queryable, userId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw taskNotFound();
  const deleted = await db
    .delete(tasks)
    .where(and(eq(tasks.userId, userId), eq(tasks.id, id)))
    .returning({ id: tasks.id });
  if (deleted.length === 0) throw taskNotFound();
}

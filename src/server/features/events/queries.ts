import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Event } from "../../../shared/schemas/events.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { columns } from "../../platform/db/columns.ts";
import { preparedStatement } from "../../platform/db/prepared.ts";
import { bureauPartners, clients, events } from "../../platform/db/schema.ts";
import type { JsonText } from "../../platform/http/send-json.ts";
import { eventJson } from "./event-json.ts";

/** Events as API JSON; the joins repeat the owner so that no row of another user can leak in. */
export function selectEventRows<T extends Record<string, SQL>>(db: Queryable, extra: T) {
  return (
    db
      // Named, so that a raw statement built on this select (updateEventReturningJson) can read it by name.
      .select({ id: events.id, json: eventJson.as("json"), ...extra })
      .from(events)
      .leftJoin(clients, and(eq(clients.id, events.clientId), eq(clients.userId, events.userId)))
      .leftJoin(
        bureauPartners,
        and(eq(bureauPartners.id, events.bureauPartnerId), eq(bureauPartners.userId, events.userId)),
      )
  );
}

/** The user's event as API JSON, or null. */
export async function findEventJson(
  db: Queryable,
  userId: string,
  id: string,
): Promise<JsonText<Event> | null> {
  const statement = preparedStatement(db, "events_find_json", (name) =>
    selectEventRows(db, {})
      .where(and(eq(events.userId, sql.placeholder("userId")), eq(events.id, sql.placeholder("id"))))
      .prepare(name),
  );
  const [row] = await statement.execute({ userId, id });
  return row?.json ?? null;
}

export type EventValues = Partial<
  Omit<typeof events.$inferInsert, "id" | "userId" | "createdAt" | "updatedAt">
>;

export async function insertEvent(
  db: Queryable,
  userId: string,
  values: EventValues & { title: string; date: string },
): Promise<string> {
  const [row] = await db
    .insert(events)
    .values(columns(events, { ...values, userId }))
    .returning({ id: events.id });
  return row!.id;
}

/**
 * Locks the user's event for an update and returns its current status, date and hold rank, or null when there
 * is none.
 */
export async function lockEventAnchors(db: Queryable, userId: string, id: string) {
  const [row] = await db
    .select({ status: events.status, date: events.date, holdRank: events.holdRank })
    .from(events)
    .where(and(eq(events.userId, userId), eq(events.id, id)))
    .for("update");
  return row ?? null;
}

export async function updateEventRow(db: Queryable, userId: string, id: string, values: EventValues) {
  await db
    .update(events)
    .set(columns(events, values))
    .where(and(eq(events.userId, userId), eq(events.id, id)));
}

/**
 * Updates the user's event and answers it as API JSON, in one statement: the update is a WITH query named
 * `events`, so the JSON (written against `events`) is built over the row as updated. A plain select after the
 * update would read the row as it was before, within the same statement. Null when the user has no such event.
 */
export async function updateEventReturningJson(
  db: Queryable,
  userId: string,
  id: string,
  values: EventValues,
): Promise<JsonText<Event> | null> {
  const updated = db
    .update(events)
    .set(columns(events, values))
    .where(and(eq(events.userId, userId), eq(events.id, id)))
    .returning();
  const result = (await db.execute(
    sql`with ${events} as (${updated.getSQL()}) ${selectEventRows(db, {}).getSQL()}`,
  )) as unknown as { rows: { json: JsonText<Event> }[] };
  return result.rows[0]?.json ?? null;
}

export async function deleteEventRow(db: Queryable, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(events)
    .where(and(eq(events.userId, userId), eq(events.id, id)))
    .returning({ id: events.id });
  return deleted.length > 0;
}

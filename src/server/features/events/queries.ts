import { and, asc, desc, eq, gte, inArray, lte, or, type SQL, sql } from "drizzle-orm";
import type { Event, EventListQuery, EventSort } from "../../../shared/schemas/events.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { containsPattern } from "../../platform/db/like.ts";
import { bureauPartners, clients, events } from "../../platform/db/schema.ts";
import type { Cursor } from "../../platform/http/cursor.ts";
import type { JsonText } from "../../platform/http/send-json.ts";
import { eventJson } from "./event-json.ts";

/** Events as API JSON; the joins repeat the owner so that no row of another user can leak in. */
function selectEventRows<T extends Record<string, SQL>>(db: Queryable, extra: T) {
  return db
    .select({ id: events.id, json: eventJson, ...extra })
    .from(events)
    .leftJoin(clients, and(eq(clients.id, events.clientId), eq(clients.userId, events.userId)))
    .leftJoin(
      bureauPartners,
      and(eq(bureauPartners.id, events.bureauPartnerId), eq(bureauPartners.userId, events.userId)),
    );
}

/** The user's event as API JSON, or null. */
export async function findEventJson(
  db: Queryable,
  userId: string,
  id: string,
): Promise<JsonText<Event> | null> {
  const [row] = await selectEventRows(db, {}).where(and(eq(events.userId, userId), eq(events.id, id)));
  return row?.json ?? null;
}

type SortSpec = { key: SQL; isDescending: boolean; keyType: "string" | "number" };

/** Each sort orders by a key, then by id so that the order is total and a cursor is unambiguous. */
const SORTS: Record<EventSort, SortSpec> = {
  date: { key: sql`${events.date}::text`, isDescending: false, keyType: "string" },
  "-date": { key: sql`${events.date}::text`, isDescending: true, keyType: "string" },
  fee: { key: sql`${events.fee}`, isDescending: false, keyType: "number" },
  "-fee": { key: sql`${events.fee}`, isDescending: true, keyType: "number" },
  title: { key: sql`lower(${events.title})`, isDescending: false, keyType: "string" },
};

export function sortKeyType(sort: EventSort) {
  return SORTS[sort].keyType;
}

/** The column expression as the index sees it (a date, not its text), for ORDER BY and the keyset test. */
function orderExpression(sort: EventSort): SQL {
  if (sort === "date" || sort === "-date") return sql`${events.date}`;
  return SORTS[sort].key;
}

function keysetCondition(sort: EventSort, cursor: Cursor): SQL {
  const cast =
    SORTS[sort].keyType === "number" ? sql`::integer` : sort === "title" ? sql`::text` : sql`::date`;
  const left = sql`(${orderExpression(sort)}, ${events.id})`;
  const right = sql`(${cursor.key}${cast}, ${cursor.id}::uuid)`;
  return SORTS[sort].isDescending ? sql`${left} < ${right}` : sql`${left} > ${right}`;
}

function filterConditions(userId: string, query: EventListQuery): (SQL | undefined)[] {
  const pattern = query.q ? containsPattern(query.q) : undefined;
  return [
    eq(events.userId, userId),
    query.status?.length ? inArray(events.status, query.status) : undefined,
    query.from ? gte(events.date, query.from) : undefined,
    query.to ? lte(events.date, query.to) : undefined,
    query.clientId ? eq(events.clientId, query.clientId) : undefined,
    pattern
      ? or(
          sql`${events.title} ilike ${pattern}`,
          sql`${events.venueName} ilike ${pattern}`,
          sql`${events.city} ilike ${pattern}`,
          sql`${clients.name} ilike ${pattern}`,
          sql`${clients.company} ilike ${pattern}`,
        )
      : undefined,
  ];
}

/** One page of a user's events, plus one row more when another page follows. */
export async function listEventRows(
  db: Queryable,
  userId: string,
  query: EventListQuery,
  after: Cursor | null,
) {
  const spec = SORTS[query.sort];
  const order = spec.isDescending ? desc : asc;
  return selectEventRows(db, { sortKey: spec.key })
    .where(and(...filterConditions(userId, query), after ? keysetCondition(query.sort, after) : undefined))
    .orderBy(order(orderExpression(query.sort)), order(events.id))
    .limit(query.limit + 1);
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
    .values({ ...values, userId })
    .returning({ id: events.id });
  return row!.id;
}

/** Locks the user's event for an update and returns its current status, or null when there is none. */
export async function lockEventStatus(db: Queryable, userId: string, id: string) {
  const [row] = await db
    .select({ status: events.status })
    .from(events)
    .where(and(eq(events.userId, userId), eq(events.id, id)))
    .for("update");
  return row?.status ?? null;
}

export async function updateEventRow(db: Queryable, userId: string, id: string, values: EventValues) {
  await db
    .update(events)
    .set(values)
    .where(and(eq(events.userId, userId), eq(events.id, id)));
}

export async function deleteEventRow(db: Queryable, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(events)
    .where(and(eq(events.userId, userId), eq(events.id, id)))
    .returning({ id: events.id });
  return deleted.length > 0;
}

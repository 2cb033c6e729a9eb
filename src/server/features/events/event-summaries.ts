import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import { dollarsFromCents } from "../../../shared/money.ts";
import type { RecordTotals } from "../../../shared/schemas/fields.ts";
import type { EventSummary } from "../../../shared/schemas/summaries.ts";
import type { Queryable } from "../../platform/db/client.ts";
import type { NamedTable } from "../../platform/db/named-records.ts";
import { clients, events } from "../../platform/db/schema.ts";
import { netFeeCents } from "./commission.ts";

/**
 * A user's events in the short form other pages list (a client's events, the dashboard's upcoming ones),
 * filtered by `where` and ordered by date.
 */
export async function listEventSummaries(
  db: Queryable,
  userId: string,
  options: { where?: SQL; order: "asc" | "desc"; limit?: number },
): Promise<EventSummary[]> {
  const order = options.order === "asc" ? asc : desc;
  const query = db
    .select({
      id: events.id,
      title: events.title,
      date: events.date,
      time: events.time,
      status: events.status,
      venueName: events.venueName,
      city: events.city,
      state: events.state,
      fee: events.fee,
      travelFee: events.travelFee,
      clientId: clients.id,
      clientName: clients.name,
    })
    .from(events)
    .leftJoin(clients, and(eq(clients.id, events.clientId), eq(clients.userId, events.userId)))
    .where(and(eq(events.userId, userId), options.where))
    .orderBy(order(events.date), order(events.id));
  const rows = await (options.limit ? query.limit(options.limit) : query);
  return rows.map((row) => ({
    ...row,
    fee: dollarsFromCents(row.fee),
    travelFee: dollarsFromCents(row.travelFee),
    grossFee: dollarsFromCents(row.fee + row.travelFee),
  }));
}

/** Linked events of an owner's rows: the same user's events whose `link` names the row. */
/** The column that links an event to its client or to its bureau partner. */
export type EventLink = typeof events.clientId | typeof events.bureauPartnerId;

const linkedEvents = (owner: NamedTable, link: EventLink) =>
  sql`${events.userId} = ${owner.userId} and ${link} = ${owner.id}`;

const totalFeesOf = (cents: unknown) => dollarsFromCents(Number(cents));

/**
 * Per-row `eventCount` and `totalFees` (dollars) for a list of clients or bureau partners (DESIGN §8):
 * every linked event counts, and the gross fees of those not cancelled are summed.
 */
export function eventTotalsColumns(owner: NamedTable, link: EventLink) {
  const linked = linkedEvents(owner, link);
  return {
    eventCount: sql<number>`(select count(*) from ${events} where ${linked})`.mapWith(Number),
    totalFees: sql<number>`(select coalesce(sum(${events.fee} + ${events.travelFee}), 0) from ${events}
      where ${linked} and ${events.status} <> 'cancelled')`.mapWith(totalFeesOf),
    netFees: sql<number>`(select coalesce(sum(${netFeeCents}), 0) from ${events}
      where ${linked} and ${events.status} <> 'cancelled')`.mapWith(totalFeesOf),
  };
}

/**
 * The same totals over every client or bureau partner that `where` keeps, with how many there are: what a
 * list shows above its first page.
 */
export async function findEventTotals(
  db: Queryable,
  owner: NamedTable,
  link: EventLink,
  where: SQL | undefined,
): Promise<RecordTotals> {
  const [totals] = await db
    .select({
      count: sql<number>`count(distinct ${owner.id})`.mapWith(Number),
      eventCount: sql<number>`count(${events.id})`.mapWith(Number),
      totalFees: sql<number>`coalesce(sum(${events.fee} + ${events.travelFee})
        filter (where ${events.status} <> 'cancelled'), 0)`.mapWith(totalFeesOf),
      netFees: sql<number>`coalesce(sum(${netFeeCents})
        filter (where ${events.status} <> 'cancelled'), 0)`.mapWith(totalFeesOf),
    })
    .from(owner)
    .leftJoin(events, linkedEvents(owner, link))
    .where(where);
  // An aggregate without GROUP BY answers exactly one row, zeros included.
  return totals!;
}

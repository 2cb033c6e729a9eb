import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import { dollarsFromCents } from "../../../shared/money.ts";
import type { EventSummary } from "../../../shared/schemas/summaries.ts";
import type { Queryable } from "../../platform/db/client.ts";
import type { NamedTable } from "../../platform/db/named-records.ts";
import { clients, events } from "../../platform/db/schema.ts";

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

/**
 * Per-row `eventCount` and `totalFees` (dollars) for a list of clients or bureau partners (DESIGN §8):
 * every linked event counts, and the gross fees of those not cancelled are summed.
 */
export function eventTotalsColumns(
  owner: NamedTable,
  link: typeof events.clientId | typeof events.bureauPartnerId,
) {
  const linked = sql`${events.userId} = ${owner.userId} and ${link} = ${owner.id}`;
  return {
    eventCount: sql<number>`(select count(*) from ${events} where ${linked})`.mapWith(Number),
    totalFees: sql<number>`(select coalesce(sum(${events.fee} + ${events.travelFee}), 0) from ${events}
      where ${linked} and ${events.status} <> 'cancelled')`.mapWith((cents) =>
      dollarsFromCents(Number(cents)),
    ),
  };
}

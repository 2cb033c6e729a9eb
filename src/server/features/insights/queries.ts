import { and, between, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Queryable } from "../../platform/db/client.ts";
import {
  bureauPartners,
  clients,
  events,
  expenses,
  invoicePayments,
  invoices,
  testimonials,
} from "../../platform/db/schema.ts";
import {
  bookedEventsBetween,
  collectedBetween,
  grossFeeCents,
  invoicedBetween,
  isBooked,
  isNotCancelled,
} from "./figures.ts";

const int = (expression: ReturnType<typeof sql>) => expression.mapWith(Number);
const yearOf = (column: AnyPgColumn) => int(sql`extract(year from ${column})::int`);
const monthOf = (column: AnyPgColumn) => int(sql`extract(month from ${column})::int`);
const sumOf = (expression: unknown) => int(sql`coalesce(sum(${expression}), 0)::bigint`);
const count = () => int(sql`count(*)::int`);

/** An event's state as compared: trimmed, single-spaced, upper case; '' when none. */
export const stateKey = sql<string>`upper(regexp_replace(trim(coalesce(${events.state}, '')), '\\s+', ' ', 'g'))`;

/**
 * Booked, invoiced and collected cents by year and month from `start` to `end`, in one round trip: booked
 * from events, invoiced from invoices, collected from payments (figures.ts has the definitions).
 */
export function incomeByMonth(db: Queryable, userId: string, start: string, end: string) {
  const booked = db
    .select({
      figure: sql<IncomeFigure>`'booked'`.as("figure"),
      year: yearOf(events.date),
      month: monthOf(events.date),
      cents: sumOf(grossFeeCents),
    })
    .from(events)
    .where(bookedEventsBetween(userId, start, end))
    .groupBy(sql`2, 3`);
  const invoiced = db
    .select({
      figure: sql<IncomeFigure>`'invoiced'`.as("figure"),
      year: yearOf(invoices.issueDate),
      month: monthOf(invoices.issueDate),
      cents: sumOf(invoices.total),
    })
    .from(invoices)
    .where(invoicedBetween(userId, start, end))
    .groupBy(sql`2, 3`);
  const collected = db
    .select({
      figure: sql<IncomeFigure>`'collected'`.as("figure"),
      year: yearOf(invoicePayments.date),
      month: monthOf(invoicePayments.date),
      cents: sumOf(invoicePayments.amount),
    })
    .from(invoicePayments)
    .where(collectedBetween(userId, start, end))
    .groupBy(sql`2, 3`);
  return booked.unionAll(invoiced).unionAll(collected);
}

export type IncomeFigure = "booked" | "invoiced" | "collected";

/** Booked events of the year by state (as entered, normalised): count, gross fees, attendees. */
export function bookedByStateKey(db: Queryable, userId: string, start: string, end: string) {
  return db
    .select({
      key: stateKey,
      events: count(),
      cents: sumOf(grossFeeCents),
      attendees: sumOf(events.attendees),
    })
    .from(events)
    .where(bookedEventsBetween(userId, start, end))
    .groupBy(sql`1`);
}

/** Booked events and their attendees in every year. */
export function reachByYear(db: Queryable, userId: string) {
  return db
    .select({ year: yearOf(events.date), events: count(), attendees: sumOf(events.attendees) })
    .from(events)
    .where(and(eq(events.userId, userId), isBooked))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
}

/** Events of the year by status, cancelled ones left out. */
export function pipelineByStatus(db: Queryable, userId: string, start: string, end: string) {
  return db
    .select({ status: events.status, count: count(), cents: sumOf(grossFeeCents) })
    .from(events)
    .where(and(eq(events.userId, userId), between(events.date, start, end), isNotCancelled))
    .groupBy(events.status);
}

/** The clients (or bureau partners) whose booked events of the year brought the most in fees. */
export function topLinked(
  db: Queryable,
  userId: string,
  start: string,
  end: string,
  link: "client" | "bureau",
  limit: number,
) {
  const table = link === "client" ? clients : bureauPartners;
  const linkColumn = link === "client" ? events.clientId : events.bureauPartnerId;
  return db
    .select({ id: table.id, name: table.name, events: count(), cents: sumOf(grossFeeCents) })
    .from(events)
    .innerJoin(table, and(eq(table.id, linkColumn), eq(table.userId, userId)))
    .where(and(bookedEventsBetween(userId, start, end), isNotNull(linkColumn)))
    .groupBy(table.id, table.name)
    .orderBy(desc(sql`4`), table.name)
    .limit(limit);
}

export function expensesByCategory(db: Queryable, userId: string, start: string, end: string) {
  return db
    .select({ category: expenses.category, count: count(), cents: sumOf(expenses.amount) })
    .from(expenses)
    .where(and(eq(expenses.userId, userId), between(expenses.date, start, end)))
    .groupBy(expenses.category)
    .orderBy(desc(sql`3`));
}

/**
 * Hold conversion over the 12 months up to `today` (DESIGN §11): the events ever placed on hold dated then,
 * those of them now confirmed or completed, and the dates that more than one of them held.
 */
export async function holdConversion(db: Queryable, userId: string, today: string) {
  const [row] = await db
    .select({
      held: sql`count(*)`.mapWith(Number),
      booked: sql`count(*) filter (where ${events.status} in ('confirmed', 'completed'))`.mapWith(Number),
      datesHeldMoreThanOnce: sql`(select count(*) from (
        select 1 from ${events} where ${events.userId} = ${userId} and ${events.firstHeldAt} is not null
          and ${events.date} > ${today}::date - interval '12 months' and ${events.date} <= ${today}::date
        group by ${events.date} having count(*) > 1) as dates)`.mapWith(Number),
    })
    .from(events)
    .where(
      and(
        eq(events.userId, userId),
        isNotNull(events.firstHeldAt),
        sql`${events.date} > ${today}::date - interval '12 months' and ${events.date} <= ${today}::date`,
      ),
    );
  return row!;
}

/** The testimonials planners sent for talks dated from `start` to `end`, and their average rating. */
export async function testimonialFigures(db: Queryable, userId: string, start: string, end: string) {
  const [row] = await db
    .select({
      count: sql`count(*)`.mapWith(Number),
      averageRating: sql`round(avg(${testimonials.rating}), 2)`.mapWith((value) =>
        value === null ? null : Number(value),
      ),
    })
    .from(testimonials)
    .innerJoin(events, and(eq(events.id, testimonials.eventId), eq(events.userId, testimonials.userId)))
    .where(
      and(
        eq(testimonials.userId, userId),
        isNotNull(testimonials.submittedAt),
        between(events.date, start, end),
      ),
    );
  return { count: row?.count ?? 0, averageRating: row?.averageRating ?? null };
}

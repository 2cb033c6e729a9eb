import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import { countedHundredths, deductionCents } from "../../../shared/mileage.ts";
import { dollarsFromCents } from "../../../shared/money.ts";
import type { MileageEntry } from "../../../shared/schemas/expenses.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { events, mileageTrips } from "../../platform/db/schema.ts";
import { notFound } from "../../platform/http/errors.ts";
import { isUuid } from "../../platform/http/ids.ts";
import {
  loadOwnRates,
  loadRateTable,
  rateLookup,
  toMileageRates,
  withBuiltInRates,
} from "./mileage-rates.ts";

export const tripNotFound = () => notFound("Mileage entry not found");

type TripRow = { trip: typeof mileageTrips.$inferSelect; eventTitle: string | null };

export function selectTrips(db: Queryable, userId: string) {
  return db
    .select({ trip: mileageTrips, eventTitle: events.title })
    .from(mileageTrips)
    .leftJoin(events, and(eq(events.id, mileageTrips.eventId), eq(events.userId, userId)))
    .$dynamic();
}

const yearOf = (isoDate: string) => Number(isoDate.slice(0, 4));

export function toMileageEntry(
  { trip, eventTitle }: TripRow,
  rateOf: (year: number) => number,
): MileageEntry {
  const counted = countedHundredths(trip.milesHundredths, trip.roundTrip);
  const rate = rateOf(yearOf(trip.date));
  return {
    id: trip.id,
    date: trip.date,
    from: trip.fromPlace,
    to: trip.toPlace,
    purpose: trip.purpose,
    miles: trip.milesHundredths / 100,
    roundTrip: trip.roundTrip,
    totalMiles: counted / 100,
    eventId: trip.eventId,
    eventTitle,
    rateCents: rate / 10,
    deduction: dollarsFromCents(deductionCents(counted, rate)),
    createdAt: trip.createdAt.toISOString(),
    updatedAt: trip.updatedAt.toISOString(),
  };
}

export async function loadTrip(db: Queryable, userId: string, id: string): Promise<MileageEntry> {
  if (!isUuid(id)) throw tripNotFound();
  const [[row], table] = await Promise.all([
    selectTrips(db, userId).where(and(eq(mileageTrips.userId, userId), eq(mileageTrips.id, id))),
    loadRateTable(db, userId),
  ]);
  if (!row) throw tripNotFound();
  return toMileageEntry(row, rateLookup(table));
}

/**
 * The speaker's mileage log for the complete export, oldest first (each trip with its year's rate and
 * deduction), and the years of the rate table the speaker set.
 */
export async function exportMileage(db: Queryable, userId: string) {
  const [rows, ownRates] = await Promise.all([
    selectTrips(db, userId)
      .where(eq(mileageTrips.userId, userId))
      .orderBy(asc(mileageTrips.date), asc(mileageTrips.id)),
    loadOwnRates(db, userId),
  ]);
  const rateOf = rateLookup(withBuiltInRates(ownRates));
  return { trips: rows.map((row) => toMileageEntry(row, rateOf)), rates: toMileageRates(ownRates) };
}

/** SQL: the miles a trip counts, in hundredths (a round trip twice). */
export const countedMilesSql = sql`case when ${mileageTrips.roundTrip} then ${mileageTrips.milesHundredths} * 2 else ${mileageTrips.milesHundredths} end`;

/**
 * Miles of the trips matching `where` by year; totalMileage prices each year's counted miles at that year's
 * rate, rounded once per year (the IRS figure: business miles × the standard rate), in hundredths and cents.
 */
export function mileageByYear(db: Queryable, where: SQL | undefined) {
  return db
    .select({
      year: sql<number>`extract(year from ${mileageTrips.date})::int`,
      count: sql<number>`count(*)::int`,
      hundredths: sql`coalesce(sum(${countedMilesSql}), 0)::bigint`.mapWith(Number),
    })
    .from(mileageTrips)
    .where(where)
    .groupBy(sql`1`);
}

/** The year rows of mileageByYear summed, each year's miles at its own rate. */
export function totalMileage(
  byYear: Awaited<ReturnType<typeof mileageByYear>>,
  rateOf: (year: number) => number,
) {
  return byYear.reduce(
    (sum, row) => ({
      count: sum.count + row.count,
      hundredths: sum.hundredths + row.hundredths,
      cents: sum.cents + deductionCents(row.hundredths, rateOf(row.year)),
    }),
    { count: 0, hundredths: 0, cents: 0 },
  );
}

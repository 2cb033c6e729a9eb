import { asc, eq } from "drizzle-orm";
import { centsPerMileToTenths, DEFAULT_MILEAGE_RATES, rateForYear } from "../../../shared/mileage.ts";
import type { MileageRate } from "../../../shared/schemas/expenses.ts";
import type { Database, Queryable } from "../../platform/db/client.ts";
import { columnRows } from "../../platform/db/columns.ts";
import { mileageRates } from "../../platform/db/schema.ts";

export type RateTable = { year: number; tenths: number }[];

/** The years the speaker set themselves, earliest first. */
export function loadOwnRates(db: Queryable, userId: string): Promise<RateTable> {
  return db
    .select({ year: mileageRates.year, tenths: mileageRates.tenthsOfCentPerMile })
    .from(mileageRates)
    .where(eq(mileageRates.userId, userId))
    .orderBy(asc(mileageRates.year));
}

/** The built-in IRS rates with the speaker's own years laid over them. */
export async function loadRateTable(db: Queryable, userId: string): Promise<RateTable> {
  return withBuiltInRates(await loadOwnRates(db, userId));
}

/** The built-in IRS rates with `own` laid over them, earliest first. */
export function withBuiltInRates(own: RateTable): RateTable {
  const table = new Map<number, number>(
    DEFAULT_MILEAGE_RATES.map((rate) => [rate.year, centsPerMileToTenths(rate.centsPerMile)]),
  );
  for (const row of own) table.set(row.year, row.tenths);
  return [...table].map(([year, tenths]) => ({ year, tenths })).sort((a, b) => a.year - b.year);
}

export const toMileageRates = (table: RateTable): MileageRate[] =>
  table.map((row) => ({ year: row.year, centsPerMile: row.tenths / 10 }));

/** A lookup of each year's rate in tenths of a cent (see rateForYear for years not in the table). */
export function rateLookup(table: RateTable) {
  const cache = new Map<number, number>();
  return (year: number) => {
    let rate = cache.get(year);
    if (rate === undefined) {
      rate = rateForYear(table, year);
      cache.set(year, rate);
    }
    return rate;
  };
}

/** `PUT /api/mileage-rates`: the list replaces the speaker's own years; the built-in years stay beneath. */
export async function saveMileageRates(db: Database, userId: string, rates: MileageRate[]) {
  await db.transaction(async (tx) => {
    await tx.delete(mileageRates).where(eq(mileageRates.userId, userId));
    if (rates.length === 0) return;
    await tx.insert(mileageRates).values(
      columnRows(
        mileageRates,
        rates.map((rate) => ({
          userId,
          year: rate.year,
          tenthsOfCentPerMile: centsPerMileToTenths(rate.centsPerMile),
        })),
      ),
    );
  });
  return loadRateTable(db, userId);
}

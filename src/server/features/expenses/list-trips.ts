import { and, desc, eq, gte, lt, lte, or, type SQL } from "drizzle-orm";
import { dollarsFromCents } from "../../../shared/money.ts";
import type { MileageList, MileageListQuery } from "../../../shared/schemas/expenses.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { mileageTrips } from "../../platform/db/schema.ts";
import { buildPage, decodeCursor } from "../../platform/http/cursor.ts";
import { mileageByYear, selectTrips, toMileageEntry, totalMileage } from "./mileage-queries.ts";
import { loadRateTable, rateLookup } from "./mileage-rates.ts";

const SORT = "-date";

/** `GET /api/mileage`: the mileage log, newest first, with the miles and deduction of every matching trip. */
export async function listTrips(
  db: Queryable,
  userId: string,
  query: MileageListQuery,
): Promise<MileageList> {
  const filters = and(
    eq(mileageTrips.userId, userId),
    query.from ? gte(mileageTrips.date, query.from) : undefined,
    query.to ? lte(mileageTrips.date, query.to) : undefined,
    query.eventId ? eq(mileageTrips.eventId, query.eventId) : undefined,
  );
  let page: SQL | undefined;
  if (query.cursor) {
    const after = decodeCursor(query.cursor, SORT, "date");
    page = or(
      lt(mileageTrips.date, after.key as string),
      and(eq(mileageTrips.date, after.key as string), lt(mileageTrips.id, after.id)),
    );
  }
  const [rows, byYear, table] = await Promise.all([
    selectTrips(db, userId)
      .where(and(filters, page))
      .orderBy(desc(mileageTrips.date), desc(mileageTrips.id))
      .limit(query.limit + 1),
    mileageByYear(db, filters),
    loadRateTable(db, userId),
  ]);
  const rateOf = rateLookup(table);
  const totals = totalMileage(byYear, rateOf);
  return {
    ...buildPage(
      rows.map((row) => ({ ...row, id: row.trip.id })),
      {
        limit: query.limit,
        sort: SORT,
        keyOf: (row) => row.trip.date,
        toItem: (row) => toMileageEntry(row, rateOf),
      },
    ),
    totals: {
      count: totals.count,
      miles: totals.hundredths / 100,
      deduction: dollarsFromCents(totals.cents),
    },
  };
}

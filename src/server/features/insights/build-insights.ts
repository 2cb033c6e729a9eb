import { and, between, eq } from "drizzle-orm";
import { dollarsFromCents } from "../../../shared/money.ts";
import type { Insights } from "../../../shared/schemas/insights.ts";
import { TOP_LIMIT } from "../../../shared/schemas/insights.ts";
import { findUsState } from "../../../shared/us-states.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { mileageTrips } from "../../platform/db/schema.ts";
import { mileageByYear, totalMileage } from "../expenses/mileage-queries.ts";
import { loadRateTable, rateLookup } from "../expenses/mileage-rates.ts";
import { speakerToday } from "../follow-ups/notification-settings.ts";
import { getSpeakerProfile } from "../profile/speaker-profile.ts";
import { yearRange } from "./figures.ts";
import {
  bookedByStateKey,
  expensesByCategory,
  holdConversion,
  type IncomeFigure,
  incomeByMonth,
  pipelineByStatus,
  reachByYear,
  testimonialFigures,
  topLinked,
} from "./queries.ts";

type MonthSums = { year: number; month: number; cents: number }[];

/** Cents per month (index 0 = January) of one year. */
function monthly(rows: MonthSums, year: number): number[] {
  const months = Array<number>(12).fill(0);
  for (const row of rows) if (row.year === year) months[row.month - 1]! += row.cents;
  return months;
}

const total = (months: number[]) => months.reduce((sum, cents) => sum + cents, 0);

type StateRow = { key: string; events: number; cents: number; attendees: number };

/** Rows keyed by the text entered, merged per US state ("CA" and "California" are one row). */
export function mergeStates(rows: StateRow[]): Insights["byState"] {
  const merged = new Map<string, Insights["byState"][number] & { cents: number }>();
  for (const row of rows) {
    const state = findUsState(row.key);
    const key = state?.code ?? row.key;
    const entry = merged.get(key) ?? {
      state: key === "" ? null : key,
      name: state?.name ?? (key === "" ? "No state" : key),
      events: 0,
      fees: 0,
      attendees: 0,
      cents: 0,
    };
    entry.events += row.events;
    entry.cents += row.cents;
    entry.attendees += row.attendees;
    merged.set(key, entry);
  }
  return [...merged.values()]
    .sort((a, b) => b.cents - a.cents || a.name.localeCompare(b.name))
    .map(({ cents, ...entry }) => ({ ...entry, fees: dollarsFromCents(cents) }));
}

/** `GET /api/insights?year=` (DESIGN §10): every figure of the year, in a handful of grouped queries. */
export async function buildInsights(
  db: Queryable,
  userId: string,
  year: number,
  now = new Date(),
): Promise<Insights> {
  const { start, end } = yearRange(year);
  const lastYearStart = yearRange(year - 1).start;
  const [income, states, reach, pipeline, clients, bureaus, costs, miles, rateTable, profile, holds, praise] =
    await Promise.all([
      incomeByMonth(db, userId, lastYearStart, end),
      bookedByStateKey(db, userId, start, end),
      reachByYear(db, userId),
      pipelineByStatus(db, userId, start, end),
      topLinked(db, userId, start, end, "client", TOP_LIMIT),
      topLinked(db, userId, start, end, "bureau", TOP_LIMIT),
      expensesByCategory(db, userId, start, end),
      mileageByYear(db, and(eq(mileageTrips.userId, userId), between(mileageTrips.date, start, end))),
      loadRateTable(db, userId),
      getSpeakerProfile(db, userId),
      speakerToday(db, userId, now).then((today) => holdConversion(db, userId, today)),
      testimonialFigures(db, userId, start, end),
    ]);
  const rateOf = rateLookup(rateTable);
  const mileage = totalMileage(miles, rateOf);
  const rowsOf = (figure: IncomeFigure) => income.filter((row) => row.figure === figure);
  const booked = rowsOf("booked");
  const invoiced = rowsOf("invoiced");
  const collected = rowsOf("collected");

  const months = {
    booked: monthly(booked, year),
    invoiced: monthly(invoiced, year),
    collected: monthly(collected, year),
    lastBooked: monthly(booked, year - 1),
    lastInvoiced: monthly(invoiced, year - 1),
    lastCollected: monthly(collected, year - 1),
  };
  const collectedCents = total(months.collected);
  const expenseCents = costs.reduce((sum, row) => sum + row.cents, 0);
  const thisYear = reach.find((row) => row.year === year);
  const byStatus = (status: string) => {
    const row = pipeline.find((entry) => entry.status === status);
    return { count: row?.count ?? 0, amount: dollarsFromCents(row?.cents ?? 0) };
  };
  const statusCounts = pipeline.reduce((sum, row) => sum + row.count, 0);
  const won = byStatus("confirmed").count + byStatus("completed").count;
  const ranked = (rows: { id: string; name: string; events: number; cents: number }[]) =>
    rows.map(({ cents, ...row }) => ({ ...row, fees: dollarsFromCents(cents) }));

  return {
    year,
    income: {
      booked: dollarsFromCents(total(months.booked)),
      invoiced: dollarsFromCents(total(months.invoiced)),
      collected: dollarsFromCents(collectedCents),
      goal: profile.annualGoal,
      lastYear: {
        booked: dollarsFromCents(total(months.lastBooked)),
        invoiced: dollarsFromCents(total(months.lastInvoiced)),
        collected: dollarsFromCents(total(months.lastCollected)),
      },
      byMonth: months.booked.map((_, index) => ({
        month: index + 1,
        booked: dollarsFromCents(months.booked[index]!),
        invoiced: dollarsFromCents(months.invoiced[index]!),
        collected: dollarsFromCents(months.collected[index]!),
        lastYearBooked: dollarsFromCents(months.lastBooked[index]!),
        lastYearCollected: dollarsFromCents(months.lastCollected[index]!),
      })),
    },
    expenses: {
      total: dollarsFromCents(expenseCents),
      byCategory: costs.map((row) => ({
        category: row.category,
        amount: dollarsFromCents(row.cents),
        count: row.count,
      })),
    },
    mileage: {
      miles: mileage.hundredths / 100,
      deduction: dollarsFromCents(mileage.cents),
      centsPerMile: rateOf(year) / 10,
    },
    net: dollarsFromCents(collectedCents - expenseCents - mileage.cents),
    byState: mergeStates(states),
    reach: {
      attendees: thisYear?.attendees ?? 0,
      events: thisYear?.events ?? 0,
      allTimeAttendees: reach.reduce((sum, row) => sum + row.attendees, 0),
      allTimeEvents: reach.reduce((sum, row) => sum + row.events, 0),
      byYear: reach,
    },
    pipeline: {
      inquiry: byStatus("inquiry"),
      hold: byStatus("hold"),
      confirmed: byStatus("confirmed"),
      completed: byStatus("completed"),
      conversionRate: statusCounts === 0 ? null : Math.round((won / statusCounts) * 10_000) / 10_000,
      holdConversionRate: holds.held === 0 ? null : Math.round((holds.booked / holds.held) * 10_000) / 10_000,
      datesHeldMoreThanOnce: holds.datesHeldMoreThanOnce,
    },
    testimonials: praise,
    topClients: ranked(clients),
    topBureaus: ranked(bureaus),
  };
}

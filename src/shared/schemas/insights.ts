import { z } from "zod";
import { expenseCategorySchema } from "./expenses.ts";
import { idSchema } from "./fields.ts";

export const MIN_INSIGHTS_YEAR = 1900;
export const MAX_INSIGHTS_YEAR = 9998;
/** How many clients and bureau partners the "top" lists show. */
export const TOP_LIMIT = 10;
/** The `state` query value of the row of events without a state. */
export const NO_STATE = "none";

const year = z.coerce
  .number({ error: "Year must be a whole number" })
  .int("Year must be a whole number")
  .min(MIN_INSIGHTS_YEAR, `Year must be ${MIN_INSIGHTS_YEAR} or later`)
  .max(MAX_INSIGHTS_YEAR, `Year must be ${MAX_INSIGHTS_YEAR} or earlier`);

/** `?year=`: absent means the speaker's current year. */
export const insightsQuerySchema = z.object({ year: year.optional() });
export type InsightsQuery = z.output<typeof insightsQuerySchema>;

const incomeTotals = { booked: z.number(), invoiced: z.number(), collected: z.number() };

export const insightsSchema = z.object({
  year: z.number().int(),
  income: z.object({
    /** Gross fees (fee + travel fee) of Confirmed and Completed events dated in the year. */
    booked: z.number(),
    /** Totals of invoices issued in the year that are neither drafts nor void. */
    invoiced: z.number(),
    /** Payments dated in the year. */
    collected: z.number(),
    /** The profile's annual goal; null when not set. */
    goal: z.number().nullable(),
    /** The same three figures for the year before. */
    lastYear: z.object(incomeTotals),
    byMonth: z.array(
      z.object({
        month: z.number().int(),
        ...incomeTotals,
        lastYearBooked: z.number(),
        lastYearCollected: z.number(),
      }),
    ),
  }),
  expenses: z.object({
    total: z.number(),
    byCategory: z.array(
      z.object({ category: expenseCategorySchema, amount: z.number(), count: z.number().int() }),
    ),
  }),
  mileage: z.object({ miles: z.number(), deduction: z.number(), centsPerMile: z.number() }),
  /** collected − expenses − mileage deduction. */
  net: z.number(),
  /**
   * Booked events of the year by state: `state` is the postal code of a US state, the text as entered when
   * it names no US state, or null for events without a state (their own row).
   */
  byState: z.array(
    z.object({
      state: z.string().nullable(),
      name: z.string(),
      events: z.number().int(),
      fees: z.number(),
      attendees: z.number().int(),
    }),
  ),
  reach: z.object({
    /** Attendees of the year's booked events. */
    attendees: z.number().int(),
    events: z.number().int(),
    allTimeAttendees: z.number().int(),
    allTimeEvents: z.number().int(),
    byYear: z.array(
      z.object({ year: z.number().int(), attendees: z.number().int(), events: z.number().int() }),
    ),
  }),
  /** Events dated in the year by status; conversionRate = (confirmed + completed) / every event not cancelled. */
  pipeline: z.object({
    inquiry: z.object({ count: z.number().int(), amount: z.number() }),
    hold: z.object({ count: z.number().int(), amount: z.number() }),
    confirmed: z.object({ count: z.number().int(), amount: z.number() }),
    completed: z.object({ count: z.number().int(), amount: z.number() }),
    conversionRate: z.number().nullable(),
    /**
     * Of the events ever placed on hold dated in the 12 months up to today, the share now confirmed or
     * completed (0–1); null when there were none.
     */
    holdConversionRate: z.number().nullable(),
    /** Dates of those 12 months that more than one event held. */
    datesHeldMoreThanOnce: z.number().int(),
  }),
  /** Testimonials planners sent for talks dated in the year; averageRating (1–5, two decimals) null without any. */
  testimonials: z.object({ count: z.number().int(), averageRating: z.number().nullable() }),
  topClients: z.array(
    z.object({ id: idSchema, name: z.string(), events: z.number().int(), fees: z.number() }),
  ),
  topBureaus: z.array(
    z.object({ id: idSchema, name: z.string(), events: z.number().int(), fees: z.number() }),
  ),
});
export type Insights = z.infer<typeof insightsSchema>;

export const stateEventsQuerySchema = z.object({
  year: year.optional(),
  /** A row's `state`, or `none` for the events without a state. */
  state: z
    .string({ error: "State is required" })
    .trim()
    .min(1, "State is required")
    .max(200, "State is too long"),
});
export type StateEventsQuery = z.output<typeof stateEventsQuerySchema>;

export const stateEventsSchema = z.object({
  items: z.array(
    z.object({
      id: idSchema,
      title: z.string(),
      date: z.string(),
      city: z.string().nullable(),
      status: z.string(),
      fees: z.number(),
      attendees: z.number().int().nullable(),
    }),
  ),
});
export type StateEvents = z.infer<typeof stateEventsSchema>;

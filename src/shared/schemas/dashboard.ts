import { z } from "zod";
import { idSchema, optionalDate } from "./fields.ts";
import { eventSummarySchema } from "./summaries.ts";

/** Upcoming events are those of the next this-many days (today included), cancelled ones left out. */
export const UPCOMING_DAYS = 90;
/** An Inquiry or Hold unchanged for this long asks for a follow-up (DESIGN §8). */
export const FOLLOW_UP_AFTER_DAYS = 14;
/** An event this close without a street address asks for one. */
export const ADDRESS_NEEDED_WITHIN_DAYS = 14;
/** Each rule lists at most this many events, soonest first, so a long backlog stays readable. */
export const ACTION_ITEMS_PER_KIND = 20;
/** A hold this close to its expiry asks to be extended or let go. */
export const HOLD_EXPIRY_WARNING_DAYS = 2;
/** At most this many upcoming events, soonest first. */
export const UPCOMING_LIMIT = 50;

export const ACTION_ITEM_KINDS = [
  "task",
  "mark-completed",
  "add-contact-email",
  "follow-up",
  "add-venue-address",
  "invoice-overdue",
  "hold-expiring",
  "hold-challenge-unanswered",
] as const;
export type ActionItemKind = (typeof ACTION_ITEM_KINDS)[number];

export const actionItemSchema = z.object({
  kind: z.enum(ACTION_ITEM_KINDS),
  /** The event concerned; null for an invoice without one. */
  eventId: idSchema.nullable(),
  /** Set on `invoice-overdue` items. */
  invoiceId: idSchema.nullable().optional(),
  /**
   * Set on `task` items (tasks due today or overdue), which the dashboard can mark done; their `message`
   * is the task's title and `title` its event's.
   */
  taskId: idSchema.nullable().optional(),
  title: z.string(),
  date: z.string(),
  /** What to do, in a sentence. */
  message: z.string(),
  /** The page where it is done. */
  href: z.string(),
});
export type ActionItem = z.infer<typeof actionItemSchema>;

/** A booking that confirmed its event by itself shows as "Booked: <event>" for this many days. */
export const RECENTLY_BOOKED_DAYS = 14;

export const recentlyBookedSchema = z.object({
  eventId: idSchema,
  title: z.string(),
  date: z.string(),
  /** When the signed agreement and the paid deposit confirmed the event. */
  confirmedAt: z.string(),
});
export type RecentlyBooked = z.infer<typeof recentlyBookedSchema>;

const LAST_DASHBOARD_DAY = "9998-12-31";

export const dashboardQuerySchema = z.object({
  /** The caller's local date, so "today" and "this year" follow the speaker's calendar; default: UTC. */
  // The dashboard looks 90 days ahead and at the whole year: from the last days of 9999 that would be a
  // year PostgreSQL's dates and ISO strings cannot write (issue 10, item 5).
  today: optionalDate.refine(
    (value) => value === undefined || value <= LAST_DASHBOARD_DAY,
    `Enter a date no later than ${LAST_DASHBOARD_DAY}`,
  ),
});
export type DashboardQuery = z.output<typeof dashboardQuerySchema>;

export const dashboardTotalsSchema = z.object({
  year: z.number().int(),
  /** Gross fees (fee + travel fee) of Confirmed and Completed events dated this year, in dollars. */
  bookedThisYear: z.number(),
  /** Bureau commission on the speaking fees of those same events. */
  commissionThisYear: z.number(),
  /** bookedThisYear less commissionThisYear: what the speaker keeps. */
  netBookedThisYear: z.number(),
  /** Gross fees of Completed events dated this year. */
  completedThisYear: z.number(),
  /** Gross fees of Inquiry and Hold events dated in the next 12 months (today included), whatever the year. */
  pipeline: z.number(),
  /** From the speaker profile; null when not set. */
  annualGoal: z.number().nullable(),
  /** bookedThisYear / annualGoal (1 = goal reached; may exceed 1); null without a goal. */
  progress: z.number().nullable(),
});
export type DashboardTotals = z.infer<typeof dashboardTotalsSchema>;

export const dashboardSchema = z.object({
  today: z.string(),
  upcoming: z.array(eventSummarySchema),
  actionItems: z.array(actionItemSchema),
  /** "Booked: <event>": the booking links that confirmed their events lately (issue 32). */
  recentlyBooked: z.array(recentlyBookedSchema),
  totals: dashboardTotalsSchema,
  /** All events and clients of the speaker, so a new account can show its empty state. */
  counts: z.object({ events: z.number().int(), clients: z.number().int() }),
  /** Whether the speaker has imported a workbook: the getting-started step ticks from the import itself. */
  hasImported: z.boolean(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

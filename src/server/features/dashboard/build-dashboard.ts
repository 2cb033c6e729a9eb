import { dollarsFromCents } from "../../../shared/money.ts";
import {
  ACTION_ITEMS_PER_KIND,
  type ActionItem,
  ADDRESS_NEEDED_WITHIN_DAYS,
  type Dashboard,
  FOLLOW_UP_AFTER_DAYS,
  HOLD_EXPIRY_WARNING_DAYS,
  RECENTLY_BOOKED_DAYS,
  UPCOMING_DAYS,
  UPCOMING_LIMIT,
} from "../../../shared/schemas/dashboard.ts";
import { EVENT_STATUS_LABELS, type EventStatus } from "../../../shared/schemas/event-status.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { listRecentlyBooked } from "../bookings/recently-booked.ts";
import { listEventSummaries } from "../events/event-summaries.ts";
import { listDueTasks } from "../follow-ups/tasks.ts";
import { listOverdueInvoices } from "../invoices/overdue-invoices.ts";
import {
  ACTION_RULES,
  type ActionRuleKind,
  type DashboardClock,
  findActionEvents,
  sumYear,
  upcomingCondition,
} from "./queries.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

function addDays(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The clock for `today` (the caller's local date, or the UTC date) and the current instant. */
export function createClock(today: string | undefined, now = new Date()): DashboardClock {
  const day = today ?? now.toISOString().slice(0, 10);
  const year = day.slice(0, 4);
  return {
    today: day,
    yearStart: `${year}-01-01`,
    yearEnd: `${year}-12-31`,
    pipelineEnd: addDays(`${Number(year) + 1}${day.slice(4)}`.replace(/-02-29$/, "-02-28"), -1),
    upcomingEnd: addDays(day, UPCOMING_DAYS),
    addressDeadline: addDays(day, ADDRESS_NEEDED_WITHIN_DAYS),
    followUpBefore: new Date(now.getTime() - FOLLOW_UP_AFTER_DAYS * DAY_MS),
    now,
    holdExpiryWarning: addDays(day, HOLD_EXPIRY_WARNING_DAYS),
  };
}

const MESSAGES: Record<ActionRuleKind, (status: EventStatus) => string> = {
  "mark-completed": () => "This event has passed. Mark it completed.",
  "add-contact-email": () => "Add a contact email: neither the event nor its client has one.",
  "follow-up": (status) =>
    `${EVENT_STATUS_LABELS[status]} with no change for ${FOLLOW_UP_AFTER_DAYS} days. Follow up.`,
  "add-venue-address": () =>
    `Coming up within ${ADDRESS_NEEDED_WITHIN_DAYS} days and the venue has no street address.`,
  "hold-expiring": () =>
    `This hold expires within ${HOLD_EXPIRY_WARNING_DAYS} days. Extend it, book it or let it go.`,
  "hold-challenge-unanswered": () =>
    "The first hold did not answer by the deadline. Call them, or decide yourself: nothing was released.",
};

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** Overdue invoices as action items (issue 15), the longest overdue first. */
async function findOverdueInvoiceItems(db: Queryable, userId: string, today: string): Promise<ActionItem[]> {
  const overdue = await listOverdueInvoices(db, userId, today, ACTION_ITEMS_PER_KIND);
  return overdue.map((invoice) => ({
    kind: "invoice-overdue",
    eventId: null,
    invoiceId: invoice.id,
    title: `Invoice ${invoice.number}`,
    date: invoice.dueDate,
    message: `Overdue: ${usd.format(dollarsFromCents(invoice.balanceDue))} unpaid. Send a reminder or record the payment.`,
    href: `/invoices/${invoice.id}`,
  }));
}

/**
 * Tasks due today or overdue (issue 18), the oldest first: the task is what to do, its event (or "Your
 * task") what it concerns, and the link opens the event's tasks.
 */
async function findTaskItems(db: Queryable, userId: string, today: string): Promise<ActionItem[]> {
  const due = await listDueTasks(db, userId, today, ACTION_ITEMS_PER_KIND);
  return due.map((task) => ({
    kind: "task",
    eventId: task.eventId,
    taskId: task.id,
    title: task.event?.title ?? "Your task",
    date: task.dueDate,
    message: task.title,
    href: task.eventId ? `/events/${task.eventId}#tasks` : "/",
  }));
}

async function findActionItems(db: Queryable, userId: string, clock: DashboardClock): Promise<ActionItem[]> {
  const [tasks, found, invoices] = await Promise.all([
    findTaskItems(db, userId, clock.today),
    findActionEvents(db, userId, clock),
    findOverdueInvoiceItems(db, userId, clock.today),
  ]);
  const eventItems = (Object.keys(ACTION_RULES) as ActionRuleKind[]).flatMap((kind) =>
    found[kind].map((event) => ({
      kind,
      eventId: event.id,
      title: event.title,
      date: event.date,
      message: MESSAGES[kind](event.status),
      href: `/events/${event.id}`,
    })),
  );
  // The speaker's own tasks come first, above what the rules find.
  return [...tasks, ...invoices, ...eventItems];
}

/**
 * Everything the dashboard shows, for the user's calendar day `today`, and the instant (ms) it may change
 * though the book does not (the follow-up rule, "Booked: <event>" leaving), if any.
 */
export async function buildDashboard(
  db: Queryable,
  userId: string,
  clock: DashboardClock,
): Promise<{ value: Dashboard; until?: number }> {
  const [upcoming, actionItems, sums, recentlyBooked] = await Promise.all([
    listEventSummaries(db, userId, { where: upcomingCondition(clock), order: "asc", limit: UPCOMING_LIMIT }),
    findActionItems(db, userId, clock),
    sumYear(db, userId, clock),
    listRecentlyBooked(db, userId, clock.now),
  ]);
  const booked = dollarsFromCents(sums.booked);
  const goal = sums.annualGoal == null ? null : dollarsFromCents(sums.annualGoal);
  const changesAt = [
    sums.followUpDue,
    ...recentlyBooked.map((item) => Date.parse(item.confirmedAt) + RECENTLY_BOOKED_DAYS * DAY_MS),
  ].filter((time) => time !== undefined);
  const value: Dashboard = {
    today: clock.today,
    upcoming,
    actionItems,
    recentlyBooked,
    totals: {
      year: Number(clock.today.slice(0, 4)),
      bookedThisYear: booked,
      commissionThisYear: dollarsFromCents(sums.bookedCommission),
      netBookedThisYear: dollarsFromCents(sums.booked - sums.bookedCommission),
      completedThisYear: dollarsFromCents(sums.completed),
      pipeline: dollarsFromCents(sums.pipeline),
      annualGoal: goal,
      progress: goal ? Math.round((booked / goal) * 10_000) / 10_000 : null,
    },
    counts: { events: sums.events, clients: sums.clients },
    hasImported: sums.hasImported,
  };
  return { value, until: changesAt.length ? Math.min(...changesAt) : undefined };
}

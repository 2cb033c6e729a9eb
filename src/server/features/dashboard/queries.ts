import {
  and,
  asc,
  between,
  eq,
  gte,
  inArray,
  lt,
  lte,
  ne,
  type SQL,
  type SQLWrapper,
  sql,
} from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import { ACTION_ITEMS_PER_KIND, FOLLOW_UP_AFTER_DAYS } from "../../../shared/schemas/dashboard.ts";
import type { EventStatus } from "../../../shared/schemas/event-status.ts";
import type { Queryable } from "../../platform/db/client.ts";
import {
  clients,
  events,
  holdChallenges,
  speakerProfiles,
  workbookImports,
} from "../../platform/db/schema.ts";
import { commissionCents } from "../events/commission.ts";
import { grossFeeCents, isBooked } from "../insights/figures.ts";

/** The dates and the instant the dashboard's rules are measured against. */
export type DashboardClock = {
  today: string;
  yearStart: string;
  yearEnd: string;
  /** The pipeline looks this far ahead: the day before the same date next year. */
  pipelineEnd: string;
  upcomingEnd: string;
  addressDeadline: string;
  followUpBefore: Date;
  /** The instant the dashboard is built at. */
  now: Date;
  /** Holds expiring up to this day ask to be extended or let go. */
  holdExpiryWarning: string;
};

const isBlank = (column: SQLWrapper) => sql`coalesce(trim(${column}), '') = ''`;

/** Statuses that ask for a follow-up once unchanged for FOLLOW_UP_AFTER_DAYS. */
const FOLLOW_UP_STATUSES = ["inquiry" as const, "hold" as const];

/** The events each action-item rule picks out (DESIGN §8, issue 4). */
export const ACTION_RULES = {
  /** A past event still Confirmed. */
  "mark-completed": (clock: DashboardClock) =>
    and(eq(events.status, "confirmed"), lt(events.date, clock.today)),
  /** A Confirmed event with no contact e-mail on the event nor on its client. */
  "add-contact-email": () =>
    and(eq(events.status, "confirmed"), isBlank(events.contactEmail), isBlank(clients.email)),
  /** An Inquiry or Hold whose record has not changed for 14 days. */
  "follow-up": (clock: DashboardClock) =>
    and(inArray(events.status, FOLLOW_UP_STATUSES), lt(events.updatedAt, clock.followUpBefore)),
  /** An open event in the next 14 days without a street address. */
  "add-venue-address": (clock: DashboardClock) =>
    and(
      inArray(events.status, ["inquiry", "hold", "confirmed"]),
      gte(events.date, clock.today),
      lte(events.date, clock.addressDeadline),
      isBlank(events.streetAddress),
    ),
  /** A hold expiring within HOLD_EXPIRY_WARNING_DAYS (the sweep releases it once the day has passed). */
  "hold-expiring": (clock: DashboardClock) =>
    and(eq(events.status, "hold"), between(events.holdExpiresAt, clock.today, clock.holdExpiryWarning)),
  /** A first hold asked to decide that let its deadline pass: the speaker decides, nothing is released. */
  "hold-challenge-unanswered": (clock: DashboardClock) =>
    and(
      eq(events.status, "hold"),
      sql`exists (select 1 from ${holdChallenges} where ${holdChallenges.eventId} = ${events.id}
        and ${holdChallenges.userId} = ${events.userId} and ${holdChallenges.answer} is null
        and ${holdChallenges.deadline} < ${clock.today})`,
    ),
} satisfies Record<string, (clock: DashboardClock) => SQL | undefined>;

export type ActionRuleKind = keyof typeof ACTION_RULES;

export type ActionEvent = { id: string; title: string; date: string; status: EventStatus };

/**
 * The events each rule picks out (up to ACTION_ITEMS_PER_KIND a rule, soonest first), in one statement: the
 * dashboard is the read most often rebuilt after an edit, and each statement costs a round trip and a plan.
 */
export async function findActionEvents(
  db: Queryable,
  userId: string,
  clock: DashboardClock,
): Promise<Record<ActionRuleKind, ActionEvent[]>> {
  const kinds = Object.keys(ACTION_RULES) as ActionRuleKind[];
  const [first, second, ...rest] = kinds.map((kind) =>
    db
      .select({
        kind: sql<ActionRuleKind>`${kind}::text`.as("kind"),
        id: events.id,
        title: events.title,
        date: events.date,
        status: events.status,
      })
      .from(events)
      .leftJoin(clients, and(eq(clients.id, events.clientId), eq(clients.userId, events.userId)))
      .where(and(eq(events.userId, userId), ACTION_RULES[kind](clock)))
      .orderBy(asc(events.date), asc(events.id))
      .limit(ACTION_ITEMS_PER_KIND),
  );
  const rows = await unionAll(first!, second!, ...rest);
  const found = Object.fromEntries(kinds.map((kind) => [kind, [] as ActionEvent[]])) as Record<
    ActionRuleKind,
    ActionEvent[]
  >;
  // A union keeps no order of its own: each rule's events are put back soonest first.
  const soonestFirst = (a: ActionEvent, b: ActionEvent) =>
    a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  for (const { kind, ...event } of rows) found[kind].push(event);
  for (const kind of kinds) found[kind].sort(soonestFirst);
  return found;
}

/**
 * Sums of gross fees (cents) for the year, the bureaus' commission on the year's bookings, the pipeline of
 * the next 12 months, the counts behind the empty state, the annual goal (cents) and when the follow-up rule
 * next picks out an event, in one pass.
 */
export async function sumYear(db: Queryable, userId: string, clock: DashboardClock) {
  // Booked and its figures come from the insights' definitions, so the two pages always agree.
  const inYear = between(events.date, clock.yearStart, clock.yearEnd);
  const ahead = between(events.date, clock.today, clock.pipelineEnd);
  const sumWhere = (where: SQL | undefined, amount: SQL = grossFeeCents) =>
    sql`coalesce(sum(${amount}) filter (where ${where}), 0)`.mapWith(Number);
  const [row] = await db
    .select({
      events: sql`count(*)`.mapWith(Number),
      clients: sql`(select count(*) from ${clients} where ${clients.userId} = ${userId})`.mapWith(Number),
      hasImported: sql<boolean>`exists (select 1 from ${workbookImports} where ${workbookImports.userId} = ${userId})`,
      annualGoal: sql<
        number | null
      >`(select ${speakerProfiles.annualGoal} from ${speakerProfiles} where ${speakerProfiles.userId} = ${userId})`,
      booked: sumWhere(and(inYear, isBooked)),
      bookedCommission: sumWhere(and(inYear, isBooked), commissionCents),
      completed: sumWhere(and(inYear, eq(events.status, "completed"))),
      pipeline: sumWhere(and(ahead, inArray(events.status, ["inquiry", "hold"]))),
      // The least recently changed Inquiry or Hold not yet due for a follow-up.
      followUpOldest: sql`min(${events.updatedAt}) filter (where ${and(
        inArray(events.status, FOLLOW_UP_STATUSES),
        gte(events.updatedAt, clock.followUpBefore),
      )})`.mapWith(events.updatedAt),
    })
    .from(events)
    .where(eq(events.userId, userId));
  const { followUpOldest, ...sums } = row!;
  const oldest = followUpOldest as Date | null;
  return {
    ...sums,
    /**
     * The instant (ms) the follow-up rule next picks out an event although nothing changed: when that event
     * turns FOLLOW_UP_AFTER_DAYS unchanged. Every other rule moves only with the day.
     */
    followUpDue: oldest ? oldest.getTime() + FOLLOW_UP_AFTER_DAYS * 24 * 60 * 60 * 1000 : undefined,
  };
}

export function upcomingCondition(clock: DashboardClock) {
  return and(
    gte(events.date, clock.today),
    lt(events.date, clock.upcomingEnd),
    ne(events.status, "cancelled"),
  );
}

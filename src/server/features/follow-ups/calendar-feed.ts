import { getVtimezoneComponent } from "@touch4it/ical-timezones";
import { and, asc, eq, getTableColumns, isNull, ne } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import ical, { ICalEventStatus } from "ical-generator";
import { EVENT_STATUS_LABELS } from "../../../shared/schemas/event-status.ts";
import { holdRankLabel } from "../../../shared/schemas/holds.ts";
import { hmac, sha256 } from "../../platform/auth/tokens.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { columns } from "../../platform/db/columns.ts";
import { calendarFeeds, clients, events, users } from "../../platform/db/schema.ts";
import { getNotificationSettings } from "./notification-settings.ts";
import { parseTimeOfDay } from "./time-of-day.ts";

/** A timed event lasts an hour in the calendar: Podium keeps a start time only. */
const TIMED_EVENT_HOURS = 1;

/** The feed's token: an HMAC of the feed's key under the instance secret (decision 023's scheme). */
const feedToken = (secret: string, feedKey: string) => hmac(secret, `calendar-feed:${feedKey}`);

const feedUrl = (appUrl: string, token: string) => `${appUrl}/calendar/${token}.ics`;

/**
 * Whose feed: the speaker whose events it shows, and the team member it was made for (null: the speaker's
 * own). A member's feed lasts as long as their membership and role (decision 059).
 */
export type FeedHolder = { userId: string; memberId: string | null };

const feedOf = ({ userId, memberId }: FeedHolder) =>
  and(
    eq(calendarFeeds.userId, userId),
    memberId ? eq(calendarFeeds.memberId, memberId) : isNull(calendarFeeds.memberId),
  );

/** `GET /api/calendar-feed`: the feed address of the login reading the speaker's book, made on first use. */
export async function getCalendarFeedUrl(db: Queryable, holder: FeedHolder, appUrl: string, secret: string) {
  const [existing] = await db
    .select({ feedKey: calendarFeeds.feedKey })
    .from(calendarFeeds)
    .where(feedOf(holder));
  if (existing) return { url: feedUrl(appUrl, feedToken(secret, existing.feedKey)) };
  const feedKey = crypto.randomUUID();
  await db
    .insert(calendarFeeds)
    .values(columns(calendarFeeds, { ...holder, feedKey, tokenHash: sha256(feedToken(secret, feedKey)) }))
    .onConflictDoNothing();
  return getCalendarFeedUrl(db, holder, appUrl, secret);
}

/** `POST /api/calendar-feed/rotate`: a new address; the old token's hash is replaced, so it answers 404. */
export async function rotateCalendarFeed(db: Queryable, holder: FeedHolder, appUrl: string, secret: string) {
  const feedKey = crypto.randomUUID();
  const token = feedToken(secret, feedKey);
  const values = { feedKey, tokenHash: sha256(token), contentHash: null, contentChangedAt: null };
  await db
    .insert(calendarFeeds)
    .values(columns(calendarFeeds, { ...holder, ...values }))
    .onConflictDoUpdate({
      target: [calendarFeeds.userId, calendarFeeds.memberId],
      set: columns(calendarFeeds, values),
    });
  return { url: feedUrl(appUrl, token) };
}

const feedMembers = alias(users, "feed_members");

/**
 * The feed a token opens, or null: unknown, rotated away, of a disabled speaker or member, or not shaped like a
 * token. A member's feed that still exists belongs to a member with the role it was made for (decision 059).
 */
export async function findCalendarFeed(db: Queryable, token: string) {
  if (token.length < 20 || token.length > 100) return null;
  const [row] = await db
    .select(getTableColumns(calendarFeeds))
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .leftJoin(feedMembers, eq(feedMembers.id, calendarFeeds.memberId))
    .where(
      and(
        eq(calendarFeeds.tokenHash, sha256(token)),
        isNull(users.disabledAt),
        isNull(feedMembers.disabledAt),
      ),
    );
  return row ?? null;
}

const join = (parts: (string | null | undefined)[], separator: string) =>
  parts.filter((part) => part?.trim()).join(separator);

/** Wall-clock `YYYY-MM-DDTHH:MM:00` moved by `hours`, without any time zone arithmetic. */
function wallClock(date: string, hour: number, minute: number, plusHours = 0): string {
  const at = new Date(Date.parse(`${date}T00:00:00Z`) + ((hour + plusHours) * 60 + minute) * 60_000);
  return at.toISOString().slice(0, 19);
}

/**
 * The speaker's calendar as RFC 5545 text: every event not cancelled, its status in the title, the venue
 * and address as location, client and contact in the description, a link to its page. UIDs are the event
 * ids, so calendar apps update rather than duplicate. An event with a readable time is timed in the
 * speaker's time zone (with its VTIMEZONE); the others are all-day.
 */
export async function buildCalendar(db: Queryable, userId: string, appUrl: string): Promise<string> {
  const [{ timeZone }, rows] = await Promise.all([
    getNotificationSettings(db, userId),
    db
      .select({
        event: events,
        client: { name: clients.name, email: clients.email, phone: clients.phone },
      })
      .from(events)
      .leftJoin(clients, and(eq(clients.id, events.clientId), eq(clients.userId, events.userId)))
      .where(and(eq(events.userId, userId), ne(events.status, "cancelled")))
      .orderBy(asc(events.date), asc(events.id)),
  ]);
  const host = new URL(appUrl).host;
  const calendar = ical({
    name: "Podium events",
    prodId: { company: "Podium", product: "Podium calendar feed" },
    // Only zones the events use get a VTIMEZONE; the calendar itself names none.
    timezone: { name: null, generator: getVtimezoneComponent },
  });
  for (const { event, client } of rows) {
    const time = parseTimeOfDay(event.time);
    const page = `${appUrl}/events/${event.id}`;
    const description = join(
      [
        client?.name ? `Client: ${join([client.name, client.email, client.phone], ", ")}` : null,
        event.contactName || event.contactEmail || event.contactPhone
          ? `Contact: ${join([event.contactName, event.contactEmail, event.contactPhone], ", ")}`
          : null,
        event.time && !time ? `Time: ${event.time}` : null,
        `Open in Podium: ${page}`,
      ],
      "\n",
    );
    calendar.createEvent({
      id: `${event.id}@${host}`,
      summary: `${EVENT_STATUS_LABELS[event.status].toUpperCase()}: ${event.holdRank ? `${holdRankLabel(event.holdRank)} · ` : ""}${event.title}`,
      // A hold is not yet a booking: calendars show it as tentative (DESIGN §11).
      ...(event.status === "hold" && { status: ICalEventStatus.TENTATIVE }),
      location:
        join(
          [event.venueName, event.streetAddress, event.city, join([event.state, event.zipCode], " ")],
          ", ",
        ) || null,
      description,
      url: page,
      // The last change, not the time of the request: an unchanged event reads the same on every poll.
      stamp: event.updatedAt,
      lastModified: event.updatedAt,
      ...(time
        ? {
            start: wallClock(event.date, time.hour, time.minute),
            end: wallClock(event.date, time.hour, time.minute, TIMED_EVENT_HOURS),
            timezone: timeZone,
          }
        : { start: event.date, allDay: true }),
    });
  }
  return calendar.toString();
}

/** Stores again every feed's token hash under `key`, after the calendar feeds' key changed (decision 037). */
export async function rehashCalendarFeeds(db: Queryable, key: string) {
  const feeds = await db.select({ id: calendarFeeds.id, feedKey: calendarFeeds.feedKey }).from(calendarFeeds);
  for (const { id, feedKey } of feeds) {
    await db
      .update(calendarFeeds)
      .set({ tokenHash: sha256(feedToken(key, feedKey)) })
      .where(eq(calendarFeeds.id, id));
  }
}

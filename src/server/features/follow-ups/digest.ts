import { and, asc, eq, gte, isNull, lte, ne, or, sql } from "drizzle-orm";
import { addDays } from "../../../shared/calendar-dates.ts";
import { EVENT_STATUS_LABELS } from "../../../shared/schemas/event-status.ts";
import type { Task } from "../../../shared/schemas/follow-ups.ts";
import type { Database, Queryable } from "../../platform/db/client.ts";
import { events, notificationSettings, users } from "../../platform/db/schema.ts";
import type { Mailer } from "../../platform/mail/mailer.ts";
import { renderEmail } from "../../platform/mail/render.ts";
import { dueCondition, selectTasks } from "./task-queries.ts";

export type DigestContext = { db: Database; mailer: Mailer; appUrl: string };

/** A weekly digest goes out on Mondays, the start of the working week. */
const WEEKLY_DAY = "Mon";
/** Each section lists at most this many lines; the rest is counted. */
const SECTION_LIMIT = 25;

/** The speaker's local day, hour and weekday at `now` in their time zone. */
export function localClock(timeZone: string, now: Date) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      hourCycle: "h23",
      weekday: "short",
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    hour: Number(parts.hour),
    weekday: parts.weekday,
  };
}

/** Whether a speaker's digest is due at `now`: their hour has come today and today's has not gone out. */
export function isDigestDue(
  settings: {
    digest: "off" | "daily" | "weekly";
    digestHour: number;
    timeZone: string;
    lastDigestOn: string | null;
  },
  now: Date,
): boolean {
  if (settings.digest === "off") return false;
  const local = localClock(settings.timeZone, now);
  if (settings.digest === "weekly" && local.weekday !== WEEKLY_DAY) return false;
  return local.hour >= settings.digestHour && (settings.lastDigestOn ?? "") < local.day;
}

const shortDate = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString("en-US", {
    timeZone: "UTC",
    weekday: "short",
    month: "short",
    day: "numeric",
  });

function taskLine(task: Task): string {
  return `• ${task.title}${task.event ? ` — ${task.event.title}` : ""} (due ${shortDate(task.dueDate)})`;
}

function section(heading: string, lines: string[], total: number): string[] {
  if (total === 0) return [];
  const more = total > lines.length ? [`…and ${total - lines.length} more`] : [];
  return [`${heading} (${total})`, ...lines, ...more];
}

/** What the digest says for `today`, or null when there is nothing to say. */
export async function buildDigest(db: Queryable, userId: string, today: string) {
  const weekEnd = addDays(today, 6);
  const [overdue, upcoming, weekEvents] = await Promise.all([
    selectTasks(db, userId, { today, limit: 500, where: dueCondition("overdue", today) }),
    selectTasks(db, userId, { today, limit: 500, where: dueCondition("week", today) }),
    db
      .select({
        title: events.title,
        date: events.date,
        time: events.time,
        status: events.status,
        city: events.city,
      })
      .from(events)
      .where(
        and(
          eq(events.userId, userId),
          ne(events.status, "cancelled"),
          gte(events.date, today),
          lte(events.date, weekEnd),
        ),
      )
      .orderBy(asc(events.date), asc(events.id))
      .limit(500),
  ]);
  if (overdue.length + upcoming.length + weekEvents.length === 0) return null;
  const eventLines = weekEvents.map(
    (event) =>
      `• ${shortDate(event.date)}${event.time ? `, ${event.time}` : ""}: ${event.title} (${EVENT_STATUS_LABELS[event.status]}${event.city ? `, ${event.city}` : ""})`,
  );
  return {
    overdue: overdue.length,
    upcoming: upcoming.length,
    events: weekEvents.length,
    paragraphs: [
      ...section("Overdue tasks", overdue.slice(0, SECTION_LIMIT).map(taskLine), overdue.length),
      ...section(
        "Tasks for the next 7 days",
        upcoming.slice(0, SECTION_LIMIT).map(taskLine),
        upcoming.length,
      ),
      ...section("Events this week", eventLines.slice(0, SECTION_LIMIT), weekEvents.length),
    ],
  };
}

/**
 * The digest part of the periodic sweep: queues, through the outbox, the digest of every speaker whose hour
 * has come at `now` in their time zone. The speaker's row is locked and `last_digest_on` checked and set in
 * the transaction that queues the mail, so a day never gets two digests however many sweeps run. A day with
 * nothing to say is marked done and sends nothing. Returns how many were queued.
 */
export async function queueDueDigests(context: DigestContext, now: Date): Promise<number> {
  const rows = await context.db
    .select({ settings: notificationSettings })
    .from(notificationSettings)
    .innerJoin(users, eq(users.id, notificationSettings.userId))
    .where(and(ne(notificationSettings.digest, "off"), isNull(users.disabledAt)));
  // Read without a lock first: most sweeps find nobody due, and only those due are locked and checked again.
  const due = rows.filter((row) => isDigestDue(row.settings, now)).map((row) => row.settings.userId);
  let queued = 0;
  for (const userId of due) {
    const outboxId = await context.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ settings: notificationSettings, email: users.email, username: users.username })
        .from(notificationSettings)
        .innerJoin(users, eq(users.id, notificationSettings.userId))
        .where(and(eq(notificationSettings.userId, userId), isNull(users.disabledAt)))
        .for("update", { of: notificationSettings });
      if (!row || !isDigestDue(row.settings, now)) return null;
      const today = localClock(row.settings.timeZone, now).day;
      await tx
        .update(notificationSettings)
        .set({ lastDigestOn: today })
        .where(
          and(
            eq(notificationSettings.userId, userId),
            or(
              isNull(notificationSettings.lastDigestOn),
              sql`${notificationSettings.lastDigestOn} < ${today}`,
            ),
          ),
        );
      const digest = await buildDigest(tx, userId, today);
      if (!digest) return null;
      const label = row.settings.digest === "weekly" ? "week" : "day";
      return context.mailer.queue(
        tx,
        renderEmail({
          to: row.email,
          subject: `Your Podium ${label}: ${shortDate(today)}`,
          greeting: `Hi ${row.username},`,
          paragraphs: digest.paragraphs,
          action: { label: "Open your dashboard", url: `${context.appUrl}/` },
          footnote:
            "You get this e-mail because you turned on the digest in Account Settings → Notifications.",
        }),
      );
    });
    if (outboxId) {
      await context.mailer.dispatch([outboxId]);
      queued += 1;
    }
  }
  return queued;
}

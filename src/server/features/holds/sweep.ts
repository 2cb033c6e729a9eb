import { and, eq, isNull, lte } from "drizzle-orm";
import { addDays, formatLongDate } from "../../../shared/calendar-dates.ts";
import { events, users } from "../../platform/db/schema.ts";
import { endBookingLinkWithHoldIn } from "../bookings/booking-link.ts";
import { speakerToday } from "../follow-ups/notification-settings.ts";
import type { HoldContext } from "./context.ts";
import { releaseHoldIn } from "./manage-holds.ts";

/**
 * One pass of the periodic sweep for holds: a hold whose `holdExpiresAt` has passed in the speaker's calendar
 * goes back to inquiry (the later holds move up, the speaker hears who is first now, a note in the event's
 * activity). Each hold is locked and checked again, so several processes sweeping at once release it once.
 */
export async function sweepHolds(context: HoldContext, now: Date) {
  // Tomorrow in UTC is past today in every time zone; each speaker's own today decides below.
  const candidates = await context.db
    .select({ id: events.id, userId: events.userId })
    .from(events)
    .innerJoin(users, eq(users.id, events.userId))
    .where(
      and(
        eq(events.status, "hold"),
        lte(events.holdExpiresAt, addDays(now.toISOString().slice(0, 10), 1)),
        isNull(users.disabledAt),
      ),
    );
  let released = 0;
  for (const { id, userId } of candidates) {
    const outbox: string[] = [];
    await context.db.transaction(async (tx) => {
      const [hold] = await tx
        .select({ status: events.status, holdExpiresAt: events.holdExpiresAt })
        .from(events)
        .where(and(eq(events.userId, userId), eq(events.id, id)))
        .for("update");
      if (hold?.status !== "hold" || !hold.holdExpiresAt) return;
      if (hold.holdExpiresAt >= (await speakerToday(tx, userId, now))) return;
      await releaseHoldIn(context, tx, {
        userId,
        eventId: id,
        type: "hold_expired",
        actor: "system",
        detail: `The hold expired on ${formatLongDate(hold.holdExpiresAt)} and was released.`,
        now,
        outbox,
      });
      await endBookingLinkWithHoldIn(tx, userId, id, now);
      released += 1;
    });
    await context.mailer.dispatch(outbox);
  }
  return { released };
}

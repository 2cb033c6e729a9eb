import { and, asc, eq, sql } from "drizzle-orm";
import type { EventDetail } from "../../../shared/schemas/events.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { events } from "../../platform/db/schema.ts";
import { AppError } from "../../platform/http/errors.ts";
import { isUuid } from "../../platform/http/ids.ts";
import type { JsonText } from "../../platform/http/send-json.ts";
import { eventNotFound, getEvent } from "../events/get-event.ts";
import { applyEventUpdate } from "../events/update-event.ts";
import { type ActivityEntry, recordActivity } from "./activity.ts";
import { withConflicts } from "./conflicts.ts";
import { findHoldEvent, type HoldContext, type HoldEvent } from "./context.ts";

export const notOnHold = () => new AppError("CONFLICT", "This event is not on hold.");

/** Waits for the speaker's other writers of holds on `date` (the lock the rank trigger takes, migration 0031). */
const lockHoldDate = (db: Queryable, userId: string, date: string) =>
  db.execute(sql`select hold_lock(${userId}::uuid, ${date}::date)`);

/** The user's hold, locked; 404 for another speaker's event or an unknown one, 409 when not on hold. */
async function lockHold(db: Queryable, userId: string, id: string): Promise<HoldEvent> {
  const event = isUuid(id) ? await findHoldEvent(db, userId, id, true) : null;
  if (!event) throw eventNotFound();
  if (event.status !== "hold") throw notOnHold();
  return event;
}

/**
 * `POST /api/events/:id/hold-rank`: moves the hold to `rank` (the last place when beyond it); the other holds
 * of its date renumber 1..n in their order. The speaker's own choice, so nobody is told of a new first.
 */
export async function setHoldRank(
  context: HoldContext,
  userId: string,
  id: string,
  rank: number,
): Promise<JsonText<EventDetail>> {
  return context.db.transaction(async (tx) => {
    const event = await lockHold(tx, userId, id);
    await lockHoldDate(tx, userId, event.date);
    const held = await tx
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.userId, userId), eq(events.date, event.date), eq(events.status, "hold")))
      .orderBy(asc(events.holdRank), asc(events.id));
    const order = held.map((row) => row.id).filter((heldId) => heldId !== id);
    order.splice(Math.min(rank, order.length + 1) - 1, 0, id);
    const ranks = sql.join(
      order.map((heldId, index) => sql`(${heldId}::uuid, ${index + 1}::integer)`),
      sql`, `,
    );
    await tx.execute(sql`
      update ${events} set hold_rank = ranked.rank
      from (values ${ranks}) as ranked (id, rank)
      where ${events.userId} = ${userId} and ${events.id} = ranked.id and ${events.holdRank} <> ranked.rank`);
    return withConflicts(tx, userId, id, await getEvent(tx, userId, id));
  });
}

/**
 * Puts a hold back to inquiry inside the caller's transaction (the later holds move up, the speaker hears who
 * is first now), noting why in its activity. Mail to dispatch after the commit goes to `outbox`.
 */
export async function releaseHoldIn(
  context: HoldContext,
  tx: Queryable,
  release: Omit<ActivityEntry, "at"> & { now: Date; outbox: string[] },
): Promise<JsonText<EventDetail>> {
  const { userId, eventId, now, outbox, ...note } = release;
  await lockHold(tx, userId, eventId);
  const detail = await applyEventUpdate(context, tx, {
    userId,
    id: eventId,
    input: { status: "inquiry" },
    now,
    outbox,
  });
  await recordActivity(tx, { userId, eventId, ...note, at: now });
  return detail;
}

/** `POST /api/events/:id/release`: the speaker lets the date go. */
export async function releaseHold(context: HoldContext, userId: string, id: string, now = new Date()) {
  if (!isUuid(id)) throw eventNotFound();
  const outbox: string[] = [];
  const detail = await context.db.transaction((tx) =>
    releaseHoldIn(context, tx, {
      userId,
      eventId: id,
      type: "hold_released",
      actor: "speaker",
      detail: "Hold released by the speaker.",
      now,
      outbox,
    }),
  );
  await context.mailer.dispatch(outbox);
  return detail;
}

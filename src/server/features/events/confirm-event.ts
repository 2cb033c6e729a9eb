import { and, eq } from "drizzle-orm";
import type { Queryable } from "../../platform/db/client.ts";
import { columns } from "../../platform/db/columns.ts";
import { events } from "../../platform/db/schema.ts";
import { syncEventTasks } from "../follow-ups/event-tasks.ts";
import { recordActivity } from "../holds/activity.ts";

const CONFIRMABLE: Record<string, string> = { inquiry: "Inquiry", hold: "Hold" };

/**
 * The one way the system (not the speaker's form) books an event: Inquiry or Hold becomes Confirmed in the
 * caller's transaction, with a dated note saying why (in its notes and its activity), and its tasks follow the
 * new status. Any other status only gets the note. Answers whether the status changed.
 */
export async function confirmEventIn(
  tx: Queryable,
  userId: string,
  eventId: string,
  reason: string,
  now: Date,
): Promise<boolean> {
  const owned = and(eq(events.userId, userId), eq(events.id, eventId));
  const [event] = await tx
    .select({ status: events.status, date: events.date, notes: events.notes })
    .from(events)
    .where(owned)
    .for("update");
  if (!event) return false;
  const from = CONFIRMABLE[event.status];
  const note = `${now.toISOString().slice(0, 10)}: ${reason}${from ? `; status ${from} → Confirmed` : ""}.`;
  await tx
    .update(events)
    .set(
      columns(events, {
        notes: event.notes ? `${event.notes}\n${note}` : note,
        ...(from ? { status: "confirmed" as const } : {}),
      }),
    )
    .where(owned);
  if (from) {
    await syncEventTasks(tx, userId, eventId, event, { status: "confirmed", date: event.date }, now);
    const detail = `Status ${from} → Confirmed: ${reason}.`;
    await recordActivity(tx, { userId, eventId, type: "status_changed", actor: "system", detail, at: now });
  }
  return Boolean(from);
}

import { and, asc, inArray, type SQL, sql } from "drizzle-orm";
import { dollarsFromCents } from "../../../shared/money.ts";
import { NO_STATE, type StateEvents } from "../../../shared/schemas/insights.ts";
import { findUsState, spellingsOf } from "../../../shared/us-states.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { events } from "../../platform/db/schema.ts";
import { bookedEventsBetween, grossFeeCents, yearRange } from "./figures.ts";
import { stateKey } from "./queries.ts";

/** The `stateKey` values one `byState` row stands for. */
function stateCondition(state: string): SQL {
  if (state === NO_STATE) return sql`${stateKey} = ''`;
  const known = findUsState(state);
  const keys = known ? spellingsOf(known) : [state.trim().replace(/\s+/g, " ").toUpperCase()];
  return inArray(stateKey, keys);
}

/** `GET /api/insights/state-events`: the booked events of one `byState` row, by date. */
export async function listStateEvents(
  db: Queryable,
  userId: string,
  year: number,
  state: string,
): Promise<StateEvents> {
  const { start, end } = yearRange(year);
  const rows = await db
    .select({
      id: events.id,
      title: events.title,
      date: events.date,
      city: events.city,
      status: events.status,
      cents: grossFeeCents.mapWith(Number),
      attendees: events.attendees,
    })
    .from(events)
    .where(and(bookedEventsBetween(userId, start, end), stateCondition(state)))
    .orderBy(asc(events.date), asc(events.id));
  return { items: rows.map(({ cents, ...row }) => ({ ...row, fees: dollarsFromCents(cents) })) };
}

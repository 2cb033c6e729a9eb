import { and, eq } from "drizzle-orm";
import { formatLongDate } from "../../../shared/calendar-dates.ts";
import { formatCents } from "../../../shared/money.ts";
import { EVENT_STATUS_LABELS } from "../../../shared/schemas/event-status.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { events } from "../../platform/db/schema.ts";
import { type ActivityEntry, recordActivities, recordActivity } from "../holds/activity.ts";
import { eventNotFound } from "./get-event.ts";
import { type EventValues, updateEventRow } from "./queries.ts";

export type EventRow = typeof events.$inferSelect;

/** How the activity names each field a change may touch, in the order it lists them. */
const FIELD_NAMES = {
  status: "status",
  date: "date",
  fee: "speaking fee",
  travelFee: "travel fee",
  title: "name",
  time: "time",
  arrivalTime: "arrival time",
  venueName: "venue",
  streetAddress: "street address",
  city: "city",
  state: "state",
  zipCode: "zip code",
  clientId: "client",
  bureauPartnerId: "bureau partner",
  bureauRepName: "bureau rep",
  contactName: "contact name",
  contactEmail: "contact e-mail",
  contactPhone: "contact phone",
  attendees: "attendees",
  source: "source",
  description: "description",
  notes: "notes",
  holdExpiresAt: "hold expiry",
} satisfies Partial<Record<keyof EventRow, string>>;

/** The fields a note of a change compares. */
export type NamedFields = Pick<EventRow, keyof typeof FIELD_NAMES>;

/** The fields whose old and new values the activity shows; the others it only names. */
const SHOWN = {
  status: (value: EventRow["status"]) => EVENT_STATUS_LABELS[value],
  date: formatLongDate,
  fee: formatCents,
  travelFee: formatCents,
} satisfies { [K in keyof EventRow]?: (value: EventRow[K]) => string };

/** The user's event, locked for a change whose activity compares it with what it becomes; 404 without one. */
export async function lockEventRow(db: Queryable, userId: string, id: string): Promise<EventRow> {
  const [row] = await db
    .select()
    .from(events)
    .where(and(eq(events.userId, userId), eq(events.id, id)))
    .for("update");
  if (!row) throw eventNotFound();
  return row;
}

/**
 * "Status Inquiry → Hold, speaking fee $5,000.00 → $6,000.00, venue and notes": the fields that differ,
 * or null when none does.
 */
export function describeEventChange(before: NamedFields, after: NamedFields): string | null {
  const parts = (Object.keys(FIELD_NAMES) as (keyof typeof FIELD_NAMES)[])
    .filter((field) => before[field] !== after[field])
    .map((field) => {
      const name = FIELD_NAMES[field];
      if (!(field in SHOWN)) return name;
      const show = SHOWN[field as keyof typeof SHOWN] as (value: unknown) => string;
      return `${name} ${show(before[field])} → ${show(after[field])}`;
    });
  if (parts.length === 0) return null;
  const list = parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
  return `${list.charAt(0).toUpperCase()}${list.slice(1)}.`;
}

/** Notes a change of the event in its activity (nothing when nothing changed), in the caller's transaction. */
export async function recordEventChange(
  db: Queryable,
  before: EventRow,
  after: EventRow,
  at: Date,
  actor: ActivityEntry["actor"] = "speaker",
) {
  const detail = describeEventChange(before, after);
  if (!detail) return;
  const type = before.status === after.status ? "changed" : "status_changed";
  await recordActivity(db, { userId: before.userId, eventId: before.id, type, actor, detail, at });
}

/**
 * A change of the event that does not come through its form (the planner's questionnaire answers, a proposal
 * the speaker takes), written with the note of what changed and who changed it, in the caller's transaction.
 */
export async function changeEventIn(
  db: Queryable,
  userId: string,
  id: string,
  values: EventValues,
  change: { actor: ActivityEntry["actor"]; at: Date },
) {
  const before = await lockEventRow(db, userId, id);
  await updateEventRow(db, userId, id, values);
  await recordEventChange(db, before, { ...before, ...values }, change.at, change.actor);
}

/** Who made a new event, for its activity: the speaker (or their team), or a planner through a form. */
export type EventOrigin = { actor: ActivityEntry["actor"]; via: string | null };

export const BY_THE_SPEAKER: EventOrigin = { actor: "speaker", via: null };

/** Notes the event's creation in its activity, in the caller's transaction. */
export async function recordEventCreation(
  db: Queryable,
  userId: string,
  event: { id: string; status: EventRow["status"]; date: string },
  origin: EventOrigin,
  at: Date,
) {
  const detail = creationDetail(event, origin);
  await recordActivity(db, { userId, eventId: event.id, type: "created", actor: origin.actor, detail, at });
}

function creationDetail(event: { status: EventRow["status"]; date: string }, origin: EventOrigin) {
  const how = origin.via ? ` from ${origin.via}` : "";
  return `Created${how} as ${EVENT_STATUS_LABELS[event.status]} for ${formatLongDate(event.date)}.`;
}

/** What a workbook import did to the events: each new one's creation and each updated one's changes. */
export async function recordImportedEvents(
  db: Queryable,
  userId: string,
  imported: {
    created: { id: string; status: EventRow["status"]; date: string }[];
    changed: { id: string; before: NamedFields; after: NamedFields }[];
  },
  at: Date,
) {
  const origin: EventOrigin = { actor: "speaker", via: "a workbook import" };
  const created = imported.created.map((event) => ({
    eventId: event.id,
    type: "created" as const,
    detail: creationDetail(event, origin),
  }));
  const changed = imported.changed.flatMap(({ id, before, after }) => {
    const detail = describeEventChange(before, after);
    if (!detail) return [];
    const type = before.status === after.status ? ("changed" as const) : ("status_changed" as const);
    return [{ eventId: id, type, detail: `${detail.slice(0, -1)}, by a workbook import.` }];
  });
  await recordActivities(
    db,
    [...created, ...changed].map((note) => ({ ...note, userId, actor: "speaker" as const, at })),
  );
}

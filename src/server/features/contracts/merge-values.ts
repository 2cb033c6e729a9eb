import { and, eq } from "drizzle-orm";
import { formatLongDate } from "../../../shared/calendar-dates.ts";
import type { MergeValues } from "../../../shared/contract-merge.ts";
import { percentOfCents } from "../../../shared/money.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { clients, events, speakerProfiles, users } from "../../platform/db/schema.ts";
import { findEventPlanner, findPlannerAddress } from "../events/planner-address.ts";

const money = (cents: number) =>
  `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The deposit of `{{deposit.amount}}`: half the gross fee, by the rounding rule of invoices' deposits. */
const HALF_BASIS_POINTS = 5_000;

const addDays = (isoDate: string, days: number) =>
  new Date(Date.parse(`${isoDate}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const joined = (parts: (string | null | undefined)[], separator = ", ") =>
  parts.filter((part) => part?.trim()).join(separator) || null;

/** The values of every merge field for one speaker and (optionally) one of their events, as of `today`. */
export async function loadMergeValues(
  db: Queryable,
  userId: string,
  eventId: string | null,
  today: string,
): Promise<MergeValues> {
  const [speaker] = await db
    .select({ profile: speakerProfiles, accountEmail: users.email })
    .from(users)
    .leftJoin(speakerProfiles, eq(speakerProfiles.userId, users.id))
    .where(eq(users.id, userId));
  const profile = speaker?.profile;
  const values: MergeValues = {
    "speaker.name": profile?.name,
    "speaker.businessName": profile?.businessName,
    "speaker.email": profile?.email ?? speaker?.accountEmail,
    "speaker.phone": profile?.phone,
    "speaker.address": joined([
      profile?.address,
      profile?.city,
      joined([profile?.state, profile?.zipCode], " "),
    ]),
    today: formatLongDate(today),
  };
  if (!eventId) return values;
  const [row] = await db
    .select({ event: events, client: clients })
    .from(events)
    .leftJoin(clients, and(eq(clients.id, events.clientId), eq(clients.userId, userId)))
    .where(and(eq(events.userId, userId), eq(events.id, eventId)));
  if (!row) return values;
  const { event, client } = row;
  const total = event.fee + event.travelFee;
  const deposit = percentOfCents(total, HALF_BASIS_POINTS);
  const depositDue = addDays(today, 14) < event.date ? addDays(today, 14) : event.date;
  return {
    ...values,
    "event.title": event.title,
    "event.date": formatLongDate(event.date),
    "event.time": event.time,
    "event.venue": event.venueName,
    "event.address": joined([event.streetAddress, event.city, joined([event.state, event.zipCode], " ")]),
    "event.attendees": event.attendees === null ? null : event.attendees.toLocaleString("en-US"),
    "event.description": event.description,
    "fee.speaking": money(event.fee),
    "fee.travel": money(event.travelFee),
    "fee.total": money(total),
    "deposit.amount": money(deposit),
    "deposit.dueDate": formatLongDate(depositDue),
    "balance.amount": money(total - deposit),
    "balance.dueDate": formatLongDate(event.date),
    "client.name": client?.name,
    "client.company": client?.company,
    "client.email": client?.email,
    "contact.name": event.contactName,
    "contact.email": event.contactEmail,
    "contact.phone": event.contactPhone,
  };
}

/** Who signs for the client by default: the planner of `plannerAddress` (the event's contact, else the client). */
export async function defaultSigner(db: Queryable, userId: string, eventId: string | null) {
  const candidates = eventId ? await findEventPlanner(db, userId, eventId) : null;
  const planner = candidates ? findPlannerAddress(candidates) : null;
  return planner?.name ? { name: planner.name, email: planner.email } : null;
}

import { and, eq } from "drizzle-orm";
import { formatLongDate } from "../../../shared/calendar-dates.ts";
import type { MergeValues } from "../../../shared/contract-merge.ts";
import { type DepositBasis, paymentTerms } from "../../../shared/payment-terms.ts";
import { DEFAULT_DEPOSIT_PERCENT } from "../../../shared/schemas/invoices.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { clients, events, speakerProfiles, users } from "../../platform/db/schema.ts";
import { findEventPlanner, findPlannerAddress } from "../events/planner-address.ts";

const money = (cents: number) =>
  `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const joined = (parts: (string | null | undefined)[], separator = ", ") =>
  parts.filter((part) => part?.trim()).join(separator) || null;

/**
 * The values of every merge field for one speaker and (optionally) one of their events, as of `today`. The
 * deposit and balance follow `paymentTerms`, of the booking's chosen deposit when there is one.
 */
export async function loadMergeValues(
  db: Queryable,
  userId: string,
  eventId: string | null,
  today: string,
  deposit: DepositBasis = { percent: DEFAULT_DEPOSIT_PERCENT },
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
  const terms = paymentTerms(total, event.date, today, deposit);
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
    "deposit.amount": money(terms.depositCents),
    "deposit.dueDate": formatLongDate(terms.depositDue),
    "balance.amount": money(terms.balanceCents),
    "balance.dueDate": formatLongDate(terms.balanceDue),
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

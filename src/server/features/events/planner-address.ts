import { and, eq } from "drizzle-orm";
import { NO_CLIENT_EMAIL, NO_PLANNER_EMAIL } from "../../../shared/schemas/planner-address.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { clients, events } from "../../platform/db/schema.ts";
import { AppError } from "../../platform/http/errors.ts";

type Party = { name: string | null; email: string | null };

/**
 * Who an e-mail to the planner may go to. `contact` is the event's contact (undefined when the mail has no
 * event, as a lone invoice); `client` the client's.
 */
export type PlannerCandidates = { to?: string | null; contact?: Party; client?: Party | null };
export type PlannerAddress = { email: string; name: string | null };

const present = (email: string | null | undefined) => email?.trim() || null;

/**
 * The one rule for every e-mail to a planner (booking, contract, invoice, questionnaire, testimonial, hold,
 * the action list's e-mails): the address given, else the event's contact e-mail, else the client's; null
 * when there is none. The name greets the person written to, when the address is theirs.
 */
export function findPlannerAddress({ to, contact, client }: PlannerCandidates): PlannerAddress | null {
  const given = present(to);
  const parties = [contact, client].filter((party): party is Party => Boolean(party));
  if (given) {
    const owner = parties.find((party) => present(party.email)?.toLowerCase() === given.toLowerCase());
    return { email: given, name: owner?.name ?? null };
  }
  for (const party of parties) {
    const email = present(party.email);
    if (email) return { email, name: party.name };
  }
  return null;
}

/** `findPlannerAddress`, or 409 naming what to add. */
export function plannerAddress(candidates: PlannerCandidates): PlannerAddress {
  const found = findPlannerAddress(candidates);
  if (found) return found;
  const message = candidates.contact ? NO_PLANNER_EMAIL : NO_CLIENT_EMAIL;
  throw new AppError("CONFLICT", message, { fields: { to: message } });
}

/**
 * What `plannerCandidatesOf` reads of an event, to spread into a select of `events` left-joined to its
 * client on `PLANNER_CLIENT`.
 */
export const PLANNER_COLUMNS = {
  contactName: events.contactName,
  contactEmail: events.contactEmail,
  clientName: clients.name,
  clientEmail: clients.email,
};

/** The event's own client: the join of every read of `PLANNER_COLUMNS`. */
export const PLANNER_CLIENT = and(eq(clients.id, events.clientId), eq(clients.userId, events.userId));

/** The event's contact and client, the candidates of `plannerAddress`; null for another speaker's event. */
export async function findEventPlanner(
  db: Queryable,
  userId: string,
  eventId: string,
): Promise<Omit<PlannerCandidates, "to"> | null> {
  const [row] = await db
    .select(PLANNER_COLUMNS)
    .from(events)
    .leftJoin(clients, PLANNER_CLIENT)
    .where(and(eq(events.userId, userId), eq(events.id, eventId)));
  if (!row) return null;
  return plannerCandidatesOf(row);
}

/** The candidates of an event row read with its client's name and e-mail. */
export const plannerCandidatesOf = (row: {
  contactName: string | null;
  contactEmail: string | null;
  clientName: string | null;
  clientEmail: string | null;
}): Omit<PlannerCandidates, "to"> => ({
  contact: { name: row.contactName, email: row.contactEmail },
  client:
    row.clientName === null && row.clientEmail === null
      ? null
      : { name: row.clientName, email: row.clientEmail },
});

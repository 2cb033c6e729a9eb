import { centsToDollars, dollarsToCents } from "../../../shared/money.ts";
import type { CreateEvent, Event, UpdateEvent } from "../../../shared/schemas/events.ts";
import type { EventRow, EventValues } from "./queries.ts";

/** A database row as the API shows it: dollars, ISO instants, the linked records' names at hand. */
export function toEvent(row: EventRow): Event {
  return {
    id: row.id,
    title: row.title,
    date: row.date,
    time: row.time,
    venueName: row.venueName,
    streetAddress: row.streetAddress,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    fee: centsToDollars(row.fee),
    travelFee: centsToDollars(row.travelFee),
    grossFee: centsToDollars(row.fee + row.travelFee),
    status: row.status,
    description: row.description,
    notes: row.notes,
    source: row.source,
    attendees: row.attendees,
    bureauRepName: row.bureauRepName,
    contactName: row.contactName,
    contactEmail: row.contactEmail,
    clientId: row.client ? row.clientId : null,
    bureauPartnerId: row.bureauPartner ? row.bureauPartnerId : null,
    client: row.client,
    bureauPartner: row.bureauPartner,
    clientCompany: row.client?.company ?? null,
    bureauPartnerName: row.bureauPartner?.name ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The columns an input sets (absent fields left out); a money field sent as null is stored as 0. */
export function toEventValues(input: CreateEvent | UpdateEvent): EventValues {
  const {
    clientId: _clientId,
    clientName: _clientName,
    bureauPartnerId: _bureauPartnerId,
    bureauPartnerName: _bureauPartnerName,
    fee,
    travelFee,
    ...fields
  } = input;
  const values: EventValues = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) Object.assign(values, { [key]: value });
  }
  if (fee !== undefined) values.fee = dollarsToCents(fee ?? 0);
  if (travelFee !== undefined) values.travelFee = dollarsToCents(travelFee ?? 0);
  return values;
}

import { sql } from "drizzle-orm";
import { dollars, isoInstant, jsonObject, jsonObjectOrNull } from "../../platform/db/json.ts";
import { bureauPartners, clients, events } from "../../platform/db/schema.ts";

/**
 * The API's event (eventSchema in shared/schemas/events.ts), built by the database as JSON text over
 * `events` left-joined to `clients` and `bureau_partners`. The list is the hottest call of the app: sending
 * the database's JSON as is spares Node from parsing ~30 columns a row and serialising them again.
 * Outside production every such answer is still checked against the schema (see send-json.ts).
 */
export const eventJson = sql<string>`${jsonObject({
  id: events.id,
  title: events.title,
  date: sql`to_char(${events.date}, 'YYYY-MM-DD')`,
  time: events.time,
  venueName: events.venueName,
  streetAddress: events.streetAddress,
  city: events.city,
  state: events.state,
  zipCode: events.zipCode,
  fee: dollars(events.fee),
  travelFee: dollars(events.travelFee),
  grossFee: dollars(sql`${events.fee} + ${events.travelFee}`),
  // The partner is joined here already, so its rate is read from the row rather than a subquery.
  commission: sql`case when ${bureauPartners.commissionBasisPoints} is null then null
    else ${dollars(sql`round(${events.fee}::bigint * ${bureauPartners.commissionBasisPoints} / 10000.0)`)} end`,
  netFee: dollars(
    sql`${events.fee} + ${events.travelFee} - coalesce(round(${events.fee}::bigint * ${bureauPartners.commissionBasisPoints} / 10000.0), 0)`,
  ),
  status: events.status,
  description: events.description,
  notes: events.notes,
  source: events.source,
  attendees: events.attendees,
  bureauRepName: events.bureauRepName,
  contactName: events.contactName,
  contactEmail: events.contactEmail,
  contactPhone: events.contactPhone,
  arrivalTime: events.arrivalTime,
  clientId: clients.id,
  bureauPartnerId: bureauPartners.id,
  client: jsonObjectOrNull(clients.id, {
    id: clients.id,
    name: clients.name,
    company: clients.company,
    email: clients.email,
    phone: clients.phone,
    website: clients.website,
  }),
  bureauPartner: jsonObjectOrNull(bureauPartners.id, {
    id: bureauPartners.id,
    name: bureauPartners.name,
    contactName: bureauPartners.contactName,
    email: bureauPartners.email,
    phone: bureauPartners.phone,
    website: bureauPartners.website,
  }),
  clientCompany: clients.company,
  bureauPartnerName: bureauPartners.name,
  holdRank: events.holdRank,
  holdExpiresAt: sql`to_char(${events.holdExpiresAt}, 'YYYY-MM-DD')`,
  createdAt: isoInstant(events.createdAt),
  updatedAt: isoInstant(events.updatedAt),
})}::text`;

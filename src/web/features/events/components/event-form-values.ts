import {
  type CreateEventInput,
  EVENT_STATUS_TRANSITIONS,
  EVENT_STATUSES,
  type Event,
  type EventStatus,
} from "../../../../shared/schemas/events.ts";

type NamedLink = { id: string; name: string };

/** The client and bureau partner a new event starts linked to (e.g. when added from a client's page). */
export type EventLinks = { client?: NamedLink; bureauPartner?: NamedLink };

/** The client and bureau partner of the event being edited, or else those a new event starts with. */
export function readEventLinks(event: Event | undefined, links: EventLinks = {}): EventLinks {
  if (!event) return links;
  return { client: event.client ?? undefined, bureauPartner: event.bureauPartner ?? undefined };
}

/**
 * The form's starting values: the event's own when editing, blanks (an Inquiry) for a new one, linked to
 * `links` and on `date` (a day chosen on the calendar) when given.
 */
export function toEventFormValues(event?: Event, links: EventLinks = {}, date = ""): CreateEventInput {
  return {
    title: event?.title ?? "",
    date: event?.date ?? date,
    time: event?.time ?? "",
    arrivalTime: event?.arrivalTime ?? "",
    status: event?.status ?? "inquiry",
    venueName: event?.venueName ?? "",
    streetAddress: event?.streetAddress ?? "",
    city: event?.city ?? "",
    state: event?.state ?? "",
    zipCode: event?.zipCode ?? "",
    fee: event?.fee ?? null,
    travelFee: event?.travelFee ?? null,
    clientId: readEventLinks(event, links).client?.id ?? null,
    clientName: null,
    contactName: event?.contactName ?? "",
    contactEmail: event?.contactEmail ?? "",
    contactPhone: event?.contactPhone ?? "",
    bureauPartnerId: readEventLinks(event, links).bureauPartner?.id ?? null,
    bureauPartnerName: null,
    bureauRepName: event?.bureauRepName ?? "",
    attendees: event?.attendees ?? null,
    source: event?.source ?? "",
    description: event?.description ?? "",
    notes: event?.notes ?? "",
  };
}

/** Every field the server may name in a 400 answer, in the order the form shows them. */
export const EVENT_FORM_FIELDS = Object.keys(toEventFormValues()) as (keyof CreateEventInput)[];

/** The statuses the form offers: any for a new event; for an existing one, its own and where it may go. */
export function listStatusChoices(current?: EventStatus): readonly EventStatus[] {
  return current ? [current, ...EVENT_STATUS_TRANSITIONS[current]] : EVENT_STATUSES;
}

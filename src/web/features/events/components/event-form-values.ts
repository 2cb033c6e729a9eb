import {
  type CreateEventInput,
  EVENT_STATUS_TRANSITIONS,
  EVENT_STATUSES,
  type Event,
  type EventStatus,
} from "../../../../shared/schemas/events.ts";

/** The form's starting values: the event's own when editing, blanks (an Inquiry) for a new one. */
export function toEventFormValues(event?: Event): CreateEventInput {
  return {
    title: event?.title ?? "",
    date: event?.date ?? "",
    time: event?.time ?? "",
    status: event?.status ?? "inquiry",
    venueName: event?.venueName ?? "",
    streetAddress: event?.streetAddress ?? "",
    city: event?.city ?? "",
    state: event?.state ?? "",
    zipCode: event?.zipCode ?? "",
    fee: event?.fee ?? null,
    travelFee: event?.travelFee ?? null,
    clientId: event?.clientId ?? null,
    clientName: null,
    contactName: event?.contactName ?? "",
    contactEmail: event?.contactEmail ?? "",
    bureauPartnerId: event?.bureauPartnerId ?? null,
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

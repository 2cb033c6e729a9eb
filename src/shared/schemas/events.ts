import { z } from "zod";
import { eventStatusSchema } from "./event-status.ts";
import {
  idSchema,
  instantSchema,
  MAX_ATTENDEES,
  money,
  optionalDate,
  optionalEmail,
  optionalText,
  pageQuery,
  pageSchema,
  requiredDate,
  singleLine,
} from "./fields.ts";
import { eventConflictSchema } from "./holds.ts";
import { bureauPartnerSummarySchema, clientSummarySchema } from "./summaries.ts";

export * from "./event-status.ts";

/** How to reach a linked client or bureau: the event page shows these beside its summary. */
const reachFields = { phone: z.string().nullable(), website: z.string().nullable() };

const eventFields = {
  title: singleLine.required("Event name", 200),
  date: requiredDate("Date"),
  time: singleLine.optional("Time", 50),
  venueName: singleLine.optional("Venue name", 500),
  streetAddress: singleLine.optional("Street address", 500),
  city: singleLine.optional("City", 200),
  state: singleLine.optional("State", 200),
  zipCode: singleLine.optional("Zip code", 20),
  fee: money("Speaking fee"),
  travelFee: money("Travel fee"),
  status: eventStatusSchema.optional(),
  description: optionalText("Description", 5000),
  notes: optionalText("Notes", 5000),
  source: singleLine.optional("Source", 200),
  attendees: z
    .number({ error: "Attendees must be a whole number" })
    .int("Attendees must be a whole number")
    .min(0, "Attendees cannot be negative")
    .max(MAX_ATTENDEES, "Attendees cannot be more than 10,000,000")
    .nullable()
    .optional(),
  bureauRepName: singleLine.optional("Bureau rep", 200),
  contactName: singleLine.optional("Contact name", 200),
  contactEmail: optionalEmail("Contact email"),
  contactPhone: singleLine.optional("Contact phone", 50),
  /** When the speaker should be there, HH:MM; blank clears it. */
  arrivalTime: singleLine
    .optional("Arrival time", 5)
    .refine(
      (value) => value == null || /^([01]\d|2[0-3]):[0-5]\d$/.test(value),
      "Enter the arrival time as HH:MM",
    ),
  /** Links an existing client; null unlinks. */
  clientId: idSchema.nullable().optional(),
  /** Links the client of that name (any case), creating it when new; blank unlinks. */
  clientName: singleLine.optional("Client name", 200),
  bureauPartnerId: idSchema.nullable().optional(),
  bureauPartnerName: singleLine.optional("Bureau partner name", 200),
  /** The day a hold lapses; null = never. Left out when entering hold: the hold settings' default. */
  holdExpiresAt: requiredDate("Hold expiry").nullable().optional(),
  /** Confirms a second talk on a day that already has a confirmed one (otherwise a 409). */
  bookAnyway: z.boolean({ error: "bookAnyway must be true or false" }).optional(),
};

type LinkFields = {
  clientId?: string | null;
  clientName?: string | null;
  bureauPartnerId?: string | null;
  bureauPartnerName?: string | null;
};

/** An id and a name for the same link would be ambiguous, so only one may be given. */
function refuseIdAndName(value: LinkFields, ctx: z.RefinementCtx) {
  if (value.clientId && value.clientName) {
    ctx.addIssue({
      code: "custom",
      path: ["clientName"],
      message: "Choose an existing client or type a new client name, not both",
    });
  }
  if (value.bureauPartnerId && value.bureauPartnerName) {
    ctx.addIssue({
      code: "custom",
      path: ["bureauPartnerName"],
      message: "Choose an existing bureau partner or type a new name, not both",
    });
  }
}

export const createEventSchema = z.object(eventFields).superRefine(refuseIdAndName);
export type CreateEventInput = z.input<typeof createEventSchema>;
export type CreateEvent = z.output<typeof createEventSchema>;

/** A partial update: absent fields stay as they are; null (or blank text) clears a field. */
export const updateEventSchema = z
  .object({
    ...eventFields,
    title: eventFields.title.optional(),
    date: eventFields.date.optional(),
  })
  .superRefine(refuseIdAndName);
export type UpdateEventInput = z.input<typeof updateEventSchema>;
export type UpdateEvent = z.output<typeof updateEventSchema>;

export const eventSchema = z.object({
  id: idSchema,
  title: z.string(),
  date: z.string(),
  time: z.string().nullable(),
  venueName: z.string().nullable(),
  streetAddress: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  fee: z.number(),
  travelFee: z.number(),
  /** fee + travelFee (DESIGN §4). */
  grossFee: z.number(),
  /** The bureau partner's commission on the speaking fee; null without a partner or a rate. */
  commission: z.number().nullable(),
  /** grossFee less commission: what the speaker keeps. */
  netFee: z.number(),
  status: eventStatusSchema,
  description: z.string().nullable(),
  notes: z.string().nullable(),
  source: z.string().nullable(),
  attendees: z.number().nullable(),
  bureauRepName: z.string().nullable(),
  contactName: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  arrivalTime: z.string().nullable(),
  clientId: idSchema.nullable(),
  bureauPartnerId: idSchema.nullable(),
  client: clientSummarySchema.extend(reachFields).nullable(),
  bureauPartner: bureauPartnerSummarySchema.extend(reachFields).nullable(),
  /** The linked client's company (spec §3 `clientCompany`). */
  clientCompany: z.string().nullable(),
  bureauPartnerName: z.string().nullable(),
  /** 1 = first hold among the holds on the date; null unless the status is hold. */
  holdRank: z.number().int().nullable(),
  holdExpiresAt: z.string().nullable(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type Event = z.infer<typeof eventSchema>;

/** One event as create, update and get answer it: with the other events it conflicts with. */
export const eventDetailSchema = eventSchema.extend({ conflicts: z.array(eventConflictSchema) });
export type EventDetail = z.infer<typeof eventDetailSchema>;

export const EVENT_SORTS = ["date", "-date", "fee", "-fee", "title"] as const;
export type EventSort = (typeof EVENT_SORTS)[number];

export const eventListQuerySchema = z
  .object({
    /** One status, or several separated by commas: `inquiry,hold`. */
    status: z
      .string()
      .transform((value) => value.split(",").map((part) => part.trim().toLowerCase()))
      .pipe(z.array(eventStatusSchema))
      .optional(),
    from: optionalDate,
    to: optionalDate,
    clientId: z.guid("Client not found").optional(),
    sort: z.enum(EVENT_SORTS, { error: `Sort must be one of ${EVENT_SORTS.join(", ")}` }).default("-date"),
    ...pageQuery,
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ["to"],
    message: "The end date must be on or after the start date",
  });
export type EventListQuery = z.output<typeof eventListQuerySchema>;

export const eventPageSchema = pageSchema(eventSchema);
export type EventPage = z.infer<typeof eventPageSchema>;

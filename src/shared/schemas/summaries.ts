import { z } from "zod";
import { eventStatusSchema } from "./event-status.ts";
import { idSchema } from "./fields.ts";

/** A client as shown inside another record (an event, a search result: spec §3). */
export const clientSummarySchema = z.object({
  id: idSchema,
  name: z.string(),
  company: z.string().nullable(),
  email: z.string().nullable(),
});
export type ClientSummary = z.infer<typeof clientSummarySchema>;

export const bureauPartnerSummarySchema = z.object({
  id: idSchema,
  name: z.string(),
  contactName: z.string().nullable(),
  email: z.string().nullable(),
});
export type BureauPartnerSummary = z.infer<typeof bureauPartnerSummarySchema>;

/** An event as listed inside a client, a bureau partner or the dashboard. Money in dollars. */
export const eventSummarySchema = z.object({
  id: idSchema,
  title: z.string(),
  date: z.string(),
  time: z.string().nullable(),
  status: eventStatusSchema,
  venueName: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  fee: z.number(),
  travelFee: z.number(),
  grossFee: z.number(),
  clientId: idSchema.nullable(),
  clientName: z.string().nullable(),
});
export type EventSummary = z.infer<typeof eventSummarySchema>;

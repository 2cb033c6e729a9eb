import { z } from "zod";
import {
  eventTotalsShape,
  idSchema,
  instantSchema,
  namedRecordPageSchema,
  nameListQuerySchema,
  optionalEmail,
  optionalText,
  optionalUrl,
  singleLine,
} from "./fields.ts";
import { eventSummarySchema } from "./summaries.ts";

export { type ClientSummary, clientSummarySchema } from "./summaries.ts";

const clientFields = {
  name: singleLine.required("Client name", 200),
  company: singleLine.optional("Company", 200),
  email: optionalEmail("Email"),
  phone: singleLine.optional("Phone", 50),
  website: optionalUrl("Website"),
  notes: optionalText("Notes", 5000),
};

export const createClientSchema = z.object(clientFields);
export type CreateClientInput = z.input<typeof createClientSchema>;
export type CreateClient = z.output<typeof createClientSchema>;

/** A partial update: absent fields stay; null or blank clears (the name cannot be cleared). */
export const updateClientSchema = z.object({ ...clientFields, name: clientFields.name.optional() });
export type UpdateClientInput = z.input<typeof updateClientSchema>;
export type UpdateClient = z.output<typeof updateClientSchema>;

export const clientSchema = z.object({
  id: idSchema,
  name: z.string(),
  company: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
  ...eventTotalsShape,
});
export type Client = z.infer<typeof clientSchema>;

/** One client with all its events, newest first. */
export const clientDetailSchema = clientSchema.extend({ events: z.array(eventSummarySchema) });
export type ClientDetail = z.infer<typeof clientDetailSchema>;

export const clientListQuerySchema = nameListQuerySchema;
export type ClientListQuery = z.output<typeof clientListQuerySchema>;

export const clientPageSchema = namedRecordPageSchema(clientSchema);
export type ClientPage = z.infer<typeof clientPageSchema>;

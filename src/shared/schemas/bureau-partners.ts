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
  percentage,
  singleLine,
} from "./fields.ts";
import { eventSummarySchema } from "./summaries.ts";

export { type BureauPartnerSummary, bureauPartnerSummarySchema } from "./summaries.ts";

const bureauPartnerFields = {
  name: singleLine.required("Bureau name", 200),
  contactName: singleLine.optional("Contact name", 200),
  email: optionalEmail("Email"),
  phone: singleLine.optional("Phone", 50),
  website: optionalUrl("Website"),
  notes: optionalText("Notes", 5000),
  /** The bureau's commission on the speaking fee, in percent (25 = 25 %). */
  commissionRate: percentage("Commission rate"),
};

export const createBureauPartnerSchema = z.object(bureauPartnerFields);
export type CreateBureauPartnerInput = z.input<typeof createBureauPartnerSchema>;
export type CreateBureauPartner = z.output<typeof createBureauPartnerSchema>;

export const updateBureauPartnerSchema = z.object({
  ...bureauPartnerFields,
  name: bureauPartnerFields.name.optional(),
});
export type UpdateBureauPartnerInput = z.input<typeof updateBureauPartnerSchema>;
export type UpdateBureauPartner = z.output<typeof updateBureauPartnerSchema>;

export const bureauPartnerSchema = z.object({
  id: idSchema,
  name: z.string(),
  contactName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  notes: z.string().nullable(),
  commissionRate: z.number().nullable(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
  ...eventTotalsShape,
});
export type BureauPartner = z.infer<typeof bureauPartnerSchema>;

export const bureauPartnerDetailSchema = bureauPartnerSchema.extend({ events: z.array(eventSummarySchema) });
export type BureauPartnerDetail = z.infer<typeof bureauPartnerDetailSchema>;

export const bureauPartnerListQuerySchema = nameListQuerySchema;
export type BureauPartnerListQuery = z.output<typeof bureauPartnerListQuerySchema>;

export const bureauPartnerPageSchema = namedRecordPageSchema(bureauPartnerSchema);
export type BureauPartnerPage = z.infer<typeof bureauPartnerPageSchema>;

import { z } from "zod";
import { auditEntrySchema, contractSchema } from "./contracts.ts";
import { eventStatusSchema } from "./event-status.ts";
import { expenseSchema, mileageEntrySchema, mileageRateSchema } from "./expenses.ts";
import { idSchema } from "./fields.ts";
import { eventConflictSchema } from "./holds.ts";
import { invoiceSchema } from "./invoices.ts";
import { speakerProfileSchema } from "./profile.ts";
import { answerValueSchema } from "./questionnaires.ts";
import { testimonialSchema } from "./testimonials.ts";

/** An event in the complete export: the spec §3 fields, money in dollars, linked records by name. */
export const exportedEventSchema = z.object({
  id: idSchema,
  title: z.string(),
  date: z.string(),
  venueName: z.string().nullable(),
  streetAddress: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  fee: z.number(),
  travelFee: z.number(),
  status: eventStatusSchema,
  description: z.string().nullable(),
  notes: z.string().nullable(),
  source: z.string().nullable(),
  attendees: z.number().nullable(),
  time: z.string().nullable(),
  bureauPartnerName: z.string().nullable(),
  bureauRepName: z.string().nullable(),
  contactName: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  arrivalTime: z.string().nullable(),
  clientName: z.string().nullable(),
  clientCompany: z.string().nullable(),
});
export type ExportedEvent = z.infer<typeof exportedEventSchema>;

export const exportedClientSchema = z.object({
  id: idSchema,
  name: z.string(),
  company: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  notes: z.string().nullable(),
});

export const exportedBureauPartnerSchema = z.object({
  id: idSchema,
  name: z.string(),
  contactName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  notes: z.string().nullable(),
});

/** `GET /api/export-complete-data` (spec §7). */
/** An invoice with its lines, payments and activity; no public link (its token is a secret). */
export const exportedInvoiceSchema = invoiceSchema.omit({ publicUrl: true });

const exportedSignatureSchema = z
  .object({
    typedName: z.string(),
    signatureImage: z.string().nullable(),
    at: z.string(),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
  })
  .nullable();

/** A contract with both signatures and its audit trail; no signing link. */
export const exportedContractSchema = contractSchema.omit({ publicUrl: true }).extend({
  clientSignature: exportedSignatureSchema,
  speakerSignature: exportedSignatureSchema,
  audit: z.array(auditEntrySchema),
});

export const exportedQuestionnaireSchema = z.object({
  eventId: z.string(),
  eventTitle: z.string(),
  status: z.enum(["sent", "answered"]),
  sentTo: z.string().nullable(),
  sentAt: z.string().nullable(),
  answeredAt: z.string().nullable(),
  answers: z.array(z.object({ questionId: z.string(), label: z.string(), value: answerValueSchema })),
});

export const completeExportSchema = z.object({
  events: z.array(exportedEventSchema),
  clients: z.array(exportedClientSchema),
  bureauPartners: z.array(exportedBureauPartnerSchema),
  profile: speakerProfileSchema,
  invoices: z.array(exportedInvoiceSchema),
  contracts: z.array(exportedContractSchema),
  /** Each receipt is a file reference (id, name, type, size); its bytes are at `/api/files/:id/content`. */
  expenses: z.array(expenseSchema),
  mileage: z.array(mileageEntrySchema),
  /** The years the speaker set; the built-in IRS years beneath them are not listed. */
  mileageRates: z.array(mileageRateSchema),
  /** Each event's questionnaire as sent, with the planner's answers (issue 33). */
  questionnaires: z.array(exportedQuestionnaireSchema),
  /** The planners' testimonials, newest first; a referral's colleague is an inquiry among the events. */
  testimonials: z.array(testimonialSchema),
});
export type CompleteExport = z.infer<typeof completeExportSchema>;

const importCountsSchema = z.object({
  events: z.number(),
  clients: z.number(),
  bureauPartners: z.number(),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;

/** One thing wrong in the workbook; `row` is the spreadsheet's own row number. */
export const importProblemSchema = z.object({
  sheet: z.string(),
  row: z.number(),
  column: z.string().nullable(),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

/** The answer of `POST /api/import`, for a dry run and a real import alike (DESIGN §5, §8). */
/** At most this many records of each kind are named in an import's summary; the counts cover them all. */
export const IMPORT_NAMED_RECORDS = 50;

const namedRecordsSchema = z.object({
  /** Names (events: title and date) of the records the import creates, in sheet order. */
  created: z.array(z.string()),
  /** Names of the stored records it changes. */
  updated: z.array(z.string()),
});

export const importSummarySchema = z.object({
  dryRun: z.boolean(),
  created: importCountsSchema,
  updated: importCountsSchema,
  unchanged: importCountsSchema,
  /** What happens to the speaker profile; "absent" when the workbook has no Profile sheet. */
  profile: z.enum(["created", "updated", "unchanged", "absent"]),
  /** Which records it creates and updates, by name (at most IMPORT_NAMED_RECORDS of each). */
  records: z.object({
    events: namedRecordsSchema,
    clients: namedRecordsSchema,
    bureauPartners: namedRecordsSchema,
  }),
  /** Each profile field the import changes, by its workbook label, with the value before and after. */
  profileChanges: z.array(
    z.object({ field: z.string(), before: z.string().nullable(), after: z.string().nullable() }),
  ),
  errors: z.array(importProblemSchema),
  /**
   * Imported events that conflict with others (DESIGN §11: same day, or travel), at most
   * IMPORT_NAMED_RECORDS; known once the rows are written, so a dry run answers none.
   */
  conflicts: z.array(
    z.object({ id: idSchema, title: z.string(), date: z.string(), conflicts: z.array(eventConflictSchema) }),
  ),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

export const importQuerySchema = z.object({
  dryRun: z
    .enum(["true", "false"], { error: "dryRun must be true or false" })
    .default("false")
    .transform((value) => value === "true"),
});

export const deleteAccountSchema = z.object({
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(1024),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

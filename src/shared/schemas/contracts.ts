import { z } from "zod";
import { idSchema, instantSchema, requiredText, singleLine } from "./fields.ts";
import { speakerNamesSchema } from "./profile.ts";
import { actingLoginSchema } from "./team.ts";

export const NO_SIGNER_NAME = "Add the signer's name first.";
export const CONTRACT_STATUSES = [
  "draft",
  "sent",
  "viewed",
  "signed",
  "completed",
  "declined",
  "voided",
  "expired",
] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

export const AUDIT_TYPES = [
  "created",
  "sent",
  "viewed",
  "consented",
  "signed",
  "countersigned",
  "completed",
  "reminded",
  "declined",
  "voided",
  "expired",
] as const;

/** Largest drawn signature accepted (a PNG data URL), in characters. */
export const SIGNATURE_IMAGE_MAX = 300_000;
export const CONSENT_REQUIRED_MESSAGE = "Agree to do business electronically before signing.";
export const ALREADY_SIGNED_MESSAGE = "This agreement has already been signed.";
export const NO_LONGER_SIGNABLE_MESSAGE = "This agreement can no longer be signed.";
/** The signing page showed another text than the one sent (DESIGN §11 "Trust additions"). */
export const DOCUMENT_CHANGED_MESSAGE =
  "This agreement is not the one you were shown. Reload the page and read it again before signing.";
/** The stored text no longer hashes to the SHA-256 recorded at sending: nothing may be signed or sealed. */
export const TEXT_NOT_AS_SENT_MESSAGE =
  "This agreement's text differs from the one sent, so it cannot be signed or sealed. The sender must void it and send a new one.";

/** The consent to do business electronically shown on the signing page and recorded with the signature. */
export const ESIGN_DISCLOSURE = [
  "By checking the box you agree to use electronic records and signatures for this agreement, and that your electronic signature has the same effect as a handwritten one.",
  "You have the right to receive this agreement on paper: ask the sender named on this page and they will send a paper copy at no charge.",
  "You may withdraw your consent at any time before you sign by declining or by writing to the sender; withdrawing does not undo a signature already given.",
  "To sign and keep a copy you need a device with a current web browser (for example Chrome, Safari, Firefox or Edge), an e-mail address, and software that opens PDF files.",
];

const mergeBody = z
  .string({ error: "Body must be text" })
  .max(100_000, "Body must be at most 100,000 characters")
  .refine((value) => value.trim().length > 0, "Body is required");

export const contractTemplateInputSchema = z.object({
  name: singleLine.required("Name", 200),
  body: mergeBody,
});
export const updateContractTemplateSchema = contractTemplateInputSchema.partial();

export const mergeFieldSchema = z.object({ name: z.string(), description: z.string(), example: z.string() });

export const contractTemplateSchema = z.object({
  id: idSchema,
  name: z.string(),
  body: z.string(),
  isDefault: z.boolean(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type ContractTemplate = z.infer<typeof contractTemplateSchema>;

export const templatePreviewInputSchema = z.object({ body: mergeBody, eventId: idSchema.optional() });
export const templatePreviewSchema = z.object({
  text: z.string(),
  missing: z.array(z.string()),
  unknown: z.array(z.string()),
});

export const signatureInputSchema = z.object({
  typedName: singleLine.required("Full name", 200),
  /** A PNG data URL of the drawn signature; without it the typed name is drawn as the signature. */
  signatureImage: z
    .string({ error: "Signature must be a PNG image" })
    .max(SIGNATURE_IMAGE_MAX, "The drawn signature is too large; clear it and sign again")
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, "Signature must be a PNG image")
    .nullable()
    .optional(),
});
export type SignatureInput = z.infer<typeof signatureInputSchema>;

export const createContractSchema = z.object({ templateId: idSchema.optional() });
export const updateContractSchema = z.object({
  title: singleLine.required("Title", 200).optional(),
  body: mergeBody.optional(),
});

/** Without a signer, the agreement goes to the planner of the one rule (the event's contact, else the client). */
export const sendContractSchema = z.object({
  signerName: singleLine.optional("Signer's name", 200),
  signerEmail: z
    .string({ error: "Signer's e-mail is required" })
    .trim()
    .max(255, "Email address is too long")
    .refine((value) => z.regexes.email.test(value), "Invalid email address")
    .optional(),
  message: z.string().trim().max(5000, "Message must be at most 5,000 characters").optional(),
  expiresInDays: z
    .number({ error: "Expiry must be a number of days" })
    .int("Expiry must be a whole number of days")
    .min(1, "Expiry must be at least 1 day")
    .max(365, "Expiry must be at most 365 days")
    .optional(),
  speakerSignature: signatureInputSchema.optional(),
});
export type SendContractInput = z.input<typeof sendContractSchema>;

export const voidContractSchema = z.object({ reason: requiredText("Reason", 1000) });
export const declineContractSchema = z.object({ reason: requiredText("Reason", 1000) });
export const signContractSchema = signatureInputSchema.extend({
  consent: z.boolean({ error: CONSENT_REQUIRED_MESSAGE }).optional(),
  /** The `documentSha256` the signing page was shown; another than the one recorded at send answers 409. */
  documentSha256: z.string().max(128).optional(),
});
export type SignContractInput = z.infer<typeof signContractSchema>;

export const contractListQuerySchema = z.object({
  status: z.enum(CONTRACT_STATUSES, { error: "Unknown status" }).optional(),
  eventId: idSchema.optional(),
});

const signerSchema = z.object({ name: z.string(), email: z.string() }).nullable();

export const contractSchema = z.object({
  id: idSchema,
  eventId: z.string().nullable(),
  eventTitle: z.string().nullable(),
  title: z.string(),
  body: z.string(),
  status: z.enum(CONTRACT_STATUSES),
  signer: signerSchema,
  message: z.string().nullable(),
  /** Merge fields that had no value when the draft was made: shown as blank lines, warned before sending. */
  missingFields: z.array(z.string()),
  speakerSignedAt: instantSchema.nullable(),
  clientSignedAt: instantSchema.nullable(),
  viewedAt: instantSchema.nullable(),
  sentAt: instantSchema.nullable(),
  expiresAt: instantSchema.nullable(),
  completedAt: instantSchema.nullable(),
  declinedAt: instantSchema.nullable(),
  declineReason: z.string().nullable(),
  voidedAt: instantSchema.nullable(),
  voidReason: z.string().nullable(),
  remindersSent: z.number().int(),
  documentSha256: z.string().nullable(),
  /** SHA-256 (hex) of the PDF as sent, the file the signer downloads: `sha256sum contract.pdf` prints it. */
  pdfSha256: z.string().nullable(),
  finalSha256: z.string().nullable(),
  /** The signing link is shown only in the answer that sends the contract (the server keeps a hash). */
  publicUrl: z.string().nullable(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type Contract = z.infer<typeof contractSchema>;

export const contractListSchema = z.object({
  items: z.array(contractSchema),
  nextCursor: z.string().nullable(),
});

export const auditEntrySchema = z.object({
  type: z.string(),
  at: instantSchema,
  actor: z.string(),
  /** Who acted for the speaker, with their role (DESIGN §11); null for the signer and the system. */
  by: actingLoginSchema.nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const publicContractSchema = z.object({
  title: z.string(),
  body: z.string(),
  status: z.enum(CONTRACT_STATUSES),
  signerName: z.string(),
  speaker: speakerNamesSchema.extend({ email: z.string().nullable() }),
  message: z.string().nullable(),
  expiresAt: instantSchema.nullable(),
  clientSignedAt: instantSchema.nullable(),
  disclosure: z.array(z.string()),
  /** SHA-256 (hex) of the text as sent; the page sends it back with the signature. */
  documentSha256: z.string(),
  /** SHA-256 (hex) of the PDF as sent (null for a contract sent before it was recorded). */
  pdfSha256: z.string().nullable(),
});
export type PublicContract = z.infer<typeof publicContractSchema>;

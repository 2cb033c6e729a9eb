import { z } from "zod";
import { CONTRACT_STATUSES, signatureInputSchema, signContractSchema } from "./contracts.ts";
import { idSchema, instantSchema } from "./fields.ts";
import { liveInvoiceSchema } from "./invoices.ts";
import { mediaKitSchema } from "./media-kit.ts";
import { questionnaireFormSchema } from "./questionnaires.ts";
import { publicFileSchema } from "./share-links.ts";

export { UNAVAILABLE_MESSAGE } from "../media-kit-texts.ts";

export const BOOKING_STATUSES = ["sent", "opened", "signed", "deposit_paid", "confirmed", "revoked"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
/** Where the planner is on the page: the three steps in order. */
export const BOOKING_PAGE_STEPS = ["sign", "pay", "done"] as const;
export const DEFAULT_BOOKING_DEPOSIT_PERCENT = 50;
export const NO_PLANNER_EMAIL = "Add the planner's e-mail address (the event's contact e-mail) first.";
export const SIGN_FIRST_MESSAGE = "Sign the agreement first; the deposit comes next.";

/** `POST /api/events/:id/booking`. */
export const sendBookingSchema = z.object({
  to: z.email({ error: "Enter a valid e-mail address" }).max(320).optional(),
  message: z.string().max(2000, "At most 2000 characters").optional(),
  fileIds: z.array(idSchema).max(50, "At most 50 files").optional(),
  includeMediaKit: z.boolean().optional(),
  depositPercent: z
    .number({ error: "Deposit percent must be a number" })
    .min(1, "The deposit is at least 1%")
    .max(100, "The deposit is at most 100%")
    .optional(),
  /** The speaker signs now: the agreement completes as soon as the planner signs (automatic countersign). */
  speakerSignature: signatureInputSchema.optional(),
});
export type SendBookingInput = z.infer<typeof sendBookingSchema>;

export const bookingStepSchema = z.object({ step: z.enum(BOOKING_STATUSES), at: instantSchema });

/** The speaker's view of a booking; `url` is shown once (on sending and re-issuing), null otherwise. */
export const bookingSchema = z.object({
  id: idSchema,
  eventId: idSchema,
  status: z.enum(BOOKING_STATUSES),
  steps: z.array(bookingStepSchema),
  url: z.string().nullable(),
  recipientEmail: z.string(),
  contractId: idSchema.nullable(),
  earlierContractIds: z.array(idSchema),
  invoiceIds: z.array(idSchema),
  depositInvoiceId: idSchema.nullable(),
  balanceInvoiceId: idSchema.nullable(),
  fileIds: z.array(idSchema),
  includeMediaKit: z.boolean(),
  sentAt: instantSchema,
  expiresAt: instantSchema,
  viewCount: z.number().int(),
  contractRevisedAt: instantSchema.nullable(),
});
export type Booking = z.infer<typeof bookingSchema>;

/** An invoice on the booking page: what `/i/<token>` shows, and that page's address (PDF, details). */
const bookingInvoiceSchema = liveInvoiceSchema.extend({ url: z.string() });

/** `GET /api/public/bookings/:token`. */
export const publicBookingSchema = z.object({
  speaker: z.object({
    name: z.string().nullable(),
    title: z.string().nullable(),
    businessName: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    website: z.string().nullable(),
  }),
  event: z.object({
    title: z.string(),
    date: z.string(),
    time: z.string().nullable(),
    venueName: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    fee: z.number(),
    travelFee: z.number(),
    grossFee: z.number(),
  }),
  contract: z
    .object({
      status: z.enum(CONTRACT_STATUSES),
      title: z.string(),
      body: z.string(),
      documentSha256: z.string(),
      signerName: z.string(),
      disclosure: z.array(z.string()),
      clientSignedAt: instantSchema.nullable(),
      /** Set when the speaker changed the agreement after the planner first opened the page. */
      revisedAt: instantSchema.nullable(),
      /** A change after signing: this agreement amends the ones signed before (kept). */
      isAmendment: z.boolean(),
    })
    .nullable(),
  deposit: bookingInvoiceSchema.nullable(),
  balance: bookingInvoiceSchema.nullable(),
  files: z.array(publicFileSchema),
  mediaKit: mediaKitSchema.omit({ headshotFileIds: true, resourceFileIds: true, slug: true }).nullable(),
  /** The "Tell us about your event" step: the speaker's questions and any answers saved (issue 33). */
  questionnaire: questionnaireFormSchema.nullable(),
  message: z.string().nullable(),
  step: z.enum(BOOKING_PAGE_STEPS),
});
export type PublicBooking = z.infer<typeof publicBookingSchema>;

/** `POST /api/public/bookings/:token/sign`: the `/sign` body, with the hash of the text shown required. */
export const signBookingSchema = signContractSchema.extend({
  documentSha256: z.string({ error: "The page must send the agreement's fingerprint" }).max(128),
});
export const signBookingAnswerSchema = z.object({ step: z.enum(BOOKING_PAGE_STEPS) });

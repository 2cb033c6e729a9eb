import { z } from "zod";
import { CONTRACT_STATUSES, signatureInputSchema, signContractSchema } from "./contracts.ts";
import { idSchema, instantSchema } from "./fields.ts";
import { liveInvoiceSchema } from "./invoices.ts";
import { mediaKitSchema } from "./media-kit.ts";
import { questionnaireFormSchema } from "./questionnaires.ts";
import { publicFileSchema } from "./share-links.ts";

export { UNAVAILABLE_MESSAGE } from "../media-kit-texts.ts";
export { NO_PLANNER_EMAIL } from "./planner-address.ts";

export const BOOKING_STATUSES = ["sent", "opened", "signed", "deposit_paid", "confirmed", "revoked"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
/** Where the planner is on the page: the three steps in order. */
export const BOOKING_PAGE_STEPS = ["sign", "pay", "done"] as const;
export const DEFAULT_BOOKING_DEPOSIT_PERCENT = 50;
/** The parts of the media kit a booking can carry; the speaker picks them when sending. */
export const MEDIA_KIT_SECTIONS = ["bio", "topics", "videos", "testimonials", "links"] as const;
export type MediaKitSection = (typeof MEDIA_KIT_SECTIONS)[number];
export const MEDIA_KIT_SECTION_LABELS: Record<MediaKitSection, string> = {
  bio: "Headline and bio",
  topics: "Topics",
  videos: "Videos",
  testimonials: "Testimonials",
  links: "Links",
};
/** A booking link works until this many days after the event (DESIGN §11), or until its hold expires. */
export const BOOKING_LINK_DAYS_AFTER_EVENT = 60;
export const BOOKING_REVOKED_MESSAGE = "This booking link was revoked; re-issue it to send a new one.";
export const NO_FEE_MESSAGE = "Add the event's speaking fee before invoicing it.";
export const SIGN_FIRST_MESSAGE = "Sign the agreement first; the deposit comes next.";

/** `POST /api/events/:id/booking`. */
export const sendBookingSchema = z.object({
  to: z.email({ error: "Enter a valid e-mail address" }).max(320).optional(),
  message: z.string().max(2000, "At most 2000 characters").optional(),
  fileIds: z.array(idSchema).max(50, "At most 50 files").optional(),
  includeMediaKit: z.boolean().optional(),
  /** Which media-kit sections travel with it; absent keeps the booking's choice (all at first). */
  mediaKitSections: z.array(z.enum(MEDIA_KIT_SECTIONS)).max(MEDIA_KIT_SECTIONS.length).optional(),
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
  mediaKitSections: z.array(z.enum(MEDIA_KIT_SECTIONS)),
  sentAt: instantSchema,
  expiresAt: instantSchema,
  viewCount: z.number().int(),
  contractRevisedAt: instantSchema.nullable(),
  /** The fees of the agreement last sent on the link (what the planner's page shows), null before issue 41. */
  agreedFee: z.number().nullable(),
  agreedTravelFee: z.number().nullable(),
  /** The event's fees changed since: sending again drafts the revised agreement and sends it on the link. */
  isAgreementOutOfDate: z.boolean(),
});
export type Booking = z.infer<typeof bookingSchema>;

/** `GET /api/bookings`: every booking of the speaker, for the contract and invoice lists' step column. */
export const bookingListSchema = z.object({ bookings: z.array(bookingSchema) });

const previewDocumentSchema = z.object({
  /** `create`: made on sending; `use`: one the event already has; `keep`: the booking's own stands. */
  action: z.enum(["create", "use", "keep", "revise", "amend"]),
  id: idSchema.nullable(),
  title: z.string(),
});

/**
 * `GET /api/events/:id/booking/preview?depositPercent=`: what sending would make or use, computed without
 * writing, and what stops it (`problems`, each a sentence; empty when it can be sent).
 */
export const bookingPreviewSchema = z.object({
  to: z.string().nullable(),
  booking: bookingSchema.nullable(),
  agreement: previewDocumentSchema.extend({
    templateName: z.string().nullable(),
    /** Merge fields without a value: blank lines in the agreement. */
    missingFields: z.array(z.string()),
  }),
  deposit: previewDocumentSchema.extend({ total: z.number() }),
  balance: previewDocumentSchema.extend({ total: z.number() }).nullable(),
  depositPercent: z.number(),
  fee: z.number(),
  travelFee: z.number(),
  grossFee: z.number(),
  files: z.array(publicFileSchema),
  mediaKitSections: z.array(z.enum(MEDIA_KIT_SECTIONS)),
  /** The speaker's saved signature countersigns as soon as the planner signs. */
  autoCountersign: z.boolean(),
  problems: z.array(z.string()),
});
export type BookingPreview = z.infer<typeof bookingPreviewSchema>;
export const bookingPreviewQuerySchema = z.object({
  depositPercent: z.coerce
    .number({ error: "Deposit percent must be a number" })
    .min(1, "The deposit is at least 1%")
    .max(100, "The deposit is at most 100%")
    .optional(),
});

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

import { z } from "zod";
import { EMAIL_MAX } from "./auth.ts";
import { isRealIsoDate, MAX_ATTENDEES, REAL_DATE_MESSAGE, requiredText, singleLine } from "./fields.ts";
import { speakerNamesSchema } from "./profile.ts";

export { INQUIRY_THANKS, INQUIRY_UNAVAILABLE } from "../inquiry-texts.ts";

/** `GET /api/public/inquiries/:slug`: what the form shows about the speaker, and the form's signed token. */
export const inquiryFormSchema = z.object({
  slug: z.string(),
  speaker: speakerNamesSchema.extend({
    title: z.string().nullable(),
    headline: z.string().nullable(),
    /** The primary headshot, served by `/api/public/inquiries/:slug/headshot`; null when none. */
    headshotUrl: z.string().nullable(),
    topics: z.array(z.object({ title: z.string(), description: z.string().nullable() })),
  }),
  formToken: z.string(),
  /**
   * The speaker lets the form say whether a date is free, held or booked (hold settings): ask
   * `GET /api/public/inquiries/:slug/availability?date=`.
   */
  showsAvailability: z.boolean(),
});
export type InquiryForm = z.infer<typeof inquiryFormSchema>;

const optionalEventDate = z
  .string({ error: REAL_DATE_MESSAGE })
  .trim()
  .refine((value) => value === "" || isRealIsoDate(value), REAL_DATE_MESSAGE)
  .transform((value) => value || null)
  .nullable()
  .optional();

/**
 * A planner's inquiry. `website` is the honeypot (a hidden field people leave empty); `formToken` may be
 * missing here because a missing token is refused quietly, with the same answer as a real inquiry.
 */
export const inquirySchema = z.object({
  organization: singleLine.required("Organization", 200),
  contactName: singleLine.required("Your name", 200),
  email: z
    .string({ error: "Email is required" })
    .trim()
    .min(1, "Email is required")
    .max(EMAIL_MAX, "Email address is too long")
    .pipe(z.email("Invalid email address")),
  phone: singleLine.optional("Phone", 50),
  eventDate: optionalEventDate,
  city: singleLine.optional("City", 200),
  state: singleLine.optional("State", 200),
  audienceSize: z
    .number({ error: "Audience size must be a whole number" })
    .int("Audience size must be a whole number")
    .min(0, "Audience size cannot be negative")
    .max(MAX_ATTENDEES, "Audience size cannot be more than 10,000,000")
    .nullable()
    .optional(),
  budget: singleLine.optional("Budget", 200),
  topic: singleLine.optional("Topic", 200),
  message: requiredText("Message", 4000),
  website: z.string().max(2000).optional(),
  formToken: z.string().max(200).optional(),
});
export type InquiryInput = z.input<typeof inquirySchema>;
export type Inquiry = z.output<typeof inquirySchema>;

export const inquiryAnswerSchema = z.object({ message: z.string() });

import { z } from "zod";
import { LOW_RATING, MAX_REFERRALS } from "../testimonial-texts.ts";
import { emailSchema } from "./auth.ts";
import { idSchema, instantSchema, optionalText, requiredText, singleLine } from "./fields.ts";
import { speakerNamesSchema } from "./profile.ts";

export { LOW_RATING, MAX_REFERRALS, TESTIMONIAL_THANKS } from "../testimonial-texts.ts";

/** A testimonial link works this many days after it was sent. */
export const TESTIMONIAL_LINK_DAYS = 90;

export const TESTIMONIAL_NOT_YET = "Ask for a testimonial once the talk has taken place.";
export const TESTIMONIAL_ALREADY_SENT = "Thank you! Your testimonial has already been sent.";
export const TESTIMONIAL_LINK_UNAVAILABLE = "This link is not valid or has expired.";
export const NO_PERMISSION_MESSAGE = "The planner did not give permission to publish this testimonial.";
export const PRIVATE_RATING_MESSAGE =
  "A low rating stays private. Choose “Show anyway” first if you want to publish it.";
export const MEDIA_KIT_FULL_MESSAGE = "The media kit holds at most 20 testimonials. Remove one first.";

/** `POST /api/events/:id/testimonial-request`. */
export const testimonialRequestInputSchema = z.object({
  to: z.email({ error: "Enter a valid e-mail address" }).max(320).optional(),
});
export type TestimonialRequestInput = z.infer<typeof testimonialRequestInputSchema>;
export const testimonialRequestSentSchema = z.object({ url: z.string(), sentTo: z.string() });
export type TestimonialRequestSent = z.infer<typeof testimonialRequestSentSchema>;

/** `GET /api/public/testimonials/:token`: what the planner is asked about. */
export const publicTestimonialSchema = z.object({
  speaker: speakerNamesSchema,
  event: z.object({
    title: z.string(),
    date: z.string(),
    city: z.string().nullable(),
    state: z.string().nullable(),
  }),
  submitted: z.boolean(),
});
export type PublicTestimonial = z.infer<typeof publicTestimonialSchema>;

export const referralSchema = z.object({
  name: singleLine.required("Name", 200),
  email: emailSchema,
  organization: singleLine.optional("Organization", 200),
});
export type Referral = z.output<typeof referralSchema>;

/** `POST /api/public/testimonials/:token`. `website` is the honeypot: people leave it empty. */
export const testimonialInputSchema = z.object({
  rating: z
    .number({ error: "Choose a rating from 1 to 5" })
    .int("Choose a rating from 1 to 5")
    .min(1, "Choose a rating from 1 to 5")
    .max(5, "Choose a rating from 1 to 5"),
  quote: requiredText("Quote", 2000),
  highlights: optionalText("What stood out", 2000),
  name: singleLine.required("Name", 200),
  role: singleLine.optional("Role", 200),
  organization: singleLine.optional("Organization", 200),
  permission: z.boolean({ error: "Say whether the speaker may publish your words" }),
  referrals: z
    .array(referralSchema, { error: "Referrals must be a list" })
    .max(MAX_REFERRALS, `Name at most ${MAX_REFERRALS} colleagues`)
    .default([]),
  website: z.string().max(2000).optional(),
});
export type TestimonialInput = z.input<typeof testimonialInputSchema>;
export type TestimonialValues = z.output<typeof testimonialInputSchema>;
export const testimonialThanksSchema = z.object({ message: z.string() });

/** One submission as the speaker sees it. */
export const testimonialSchema = z.object({
  id: idSchema,
  eventId: idSchema,
  eventTitle: z.string().nullable(),
  rating: z.number().int(),
  quote: z.string(),
  highlights: z.string().nullable(),
  name: z.string(),
  role: z.string().nullable(),
  organization: z.string().nullable(),
  permission: z.boolean(),
  /** The speaker chose to publish a low rating all the same. */
  showAnyway: z.boolean(),
  /** A low rating the speaker has not chosen to show: not offered for the media kit. */
  isPrivate: z.boolean(),
  inMediaKit: z.boolean(),
  referrals: z.number().int(),
  createdAt: instantSchema,
});
export type Testimonial = z.infer<typeof testimonialSchema>;
export const testimonialListSchema = z.object({ items: z.array(testimonialSchema) });
export type TestimonialList = z.infer<typeof testimonialListSchema>;

/** `PATCH /api/testimonials/:id`. */
export const updateTestimonialSchema = z.object({ showAnyway: z.boolean() });
export type UpdateTestimonialInput = z.infer<typeof updateTestimonialSchema>;

/** A low rating stays private unless the speaker chose to show it. */
export const isPrivateRating = (rating: number, showAnyway: boolean) => rating <= LOW_RATING && !showAnyway;

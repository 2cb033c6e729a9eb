import { z } from "zod";
import { daysBetween } from "../calendar-dates.ts";
import { eventStatusSchema } from "./event-status.ts";
import { idSchema, instantSchema, isRealIsoDate, REAL_DATE_MESSAGE, requiredDate } from "./fields.ts";
import { speakerNamesSchema } from "./profile.ts";
import { actingLoginSchema } from "./team.ts";

/** Why another event is shown beside this one (DESIGN §11). */
export const CONFLICT_REASONS = ["same_day", "travel"] as const;

/** Another event the speaker should weigh: one on the same day, or a confirmed talk the day before or after. */
export const eventConflictSchema = z.object({
  id: idSchema,
  title: z.string(),
  date: z.string(),
  status: eventStatusSchema,
  holdRank: z.number().int().nullable(),
  reason: z.enum(CONFLICT_REASONS),
});
export type EventConflict = z.infer<typeof eventConflictSchema>;

/** The 409 of a second confirmed talk on one day, without `bookAnyway: true`. */
export const DOUBLE_BOOKING_MESSAGE =
  "You already have a confirmed talk on this day. Choose another date, or book anyway.";

/** `POST /api/events/:id/hold-rank`. */
export const holdRankInputSchema = z.object({
  rank: z
    .number({ error: "Rank must be a whole number of 1 or more" })
    .int("Rank must be a whole number of 1 or more")
    .min(1, "Rank must be a whole number of 1 or more"),
});

/** A planner has this many days to answer "Ask first hold to decide" unless the speaker says otherwise. */
export const CHALLENGE_DEFAULT_DAYS = 3;

/** `POST /api/events/:id/challenge`. */
export const challengeInputSchema = z.object({ deadline: requiredDate("Deadline").optional() });
export const challengeSentSchema = z.object({ sentTo: z.string(), deadline: z.string() });
export type ChallengeSent = z.infer<typeof challengeSentSchema>;

export const HOLD_ANSWERS = ["confirm", "release"] as const;
export const holdAnswerSchema = z.enum(HOLD_ANSWERS, { error: "Answer confirm or release" });

/** `GET /api/public/holds/:token`: what the planner is asked about. */
export const publicHoldSchema = z.object({
  speaker: speakerNamesSchema,
  event: z.object({
    title: z.string(),
    date: z.string(),
    city: z.string().nullable(),
    state: z.string().nullable(),
  }),
  deadline: z.string(),
  answered: holdAnswerSchema.nullable(),
});
export type PublicHold = z.infer<typeof publicHoldSchema>;

/** `POST /api/public/holds/:token`. */
export const publicHoldAnswerInputSchema = z.object({
  answer: holdAnswerSchema,
  message: z
    .string({ error: "Message must be text" })
    .trim()
    .max(2000, "Message must be at most 2000 characters")
    .transform((value) => value || null)
    .nullable()
    .optional(),
});
export type PublicHoldAnswerInput = z.output<typeof publicHoldAnswerInputSchema>;
export const publicHoldAnsweredSchema = z.object({ answered: holdAnswerSchema });

export const HOLD_ALREADY_ANSWERED = "This hold has already been answered. Thank you!";
export const HOLD_LINK_UNAVAILABLE = "This link is not valid or has expired.";

/** The longest span `GET /api/availability` answers at once. */
export const AVAILABILITY_MAX_DAYS = 366;

const requiredQueryDate = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .refine(isRealIsoDate, REAL_DATE_MESSAGE);

export const availabilityQuerySchema = z
  .object({
    from: requiredQueryDate("From"),
    to: requiredQueryDate("To"),
    /** Every date of the span, free ones included; otherwise only dates with events. */
    all: z
      .enum(["true", "false"], { error: "all must be true or false" })
      .transform((value) => value === "true")
      .optional(),
  })
  .refine((query) => query.from <= query.to, {
    path: ["to"],
    message: "The end date must be on or after the start date",
  })
  .refine((query) => daysBetween(query.from, query.to) < AVAILABILITY_MAX_DAYS, {
    path: ["to"],
    message: `Ask for at most ${AVAILABILITY_MAX_DAYS} days at a time`,
  });
export type AvailabilityQuery = z.output<typeof availabilityQuerySchema>;

export const AVAILABILITY_STATES = ["free", "held", "booked"] as const;
export const availabilityStateSchema = z.enum(AVAILABILITY_STATES);
export type AvailabilityState = z.infer<typeof availabilityStateSchema>;

export const availabilitySchema = z.object({
  days: z.array(
    z.object({
      date: z.string(),
      state: availabilityStateSchema,
      /** How many holds the date has. */
      holds: z.number().int(),
      events: z.array(
        z.object({
          id: idSchema,
          title: z.string(),
          status: eventStatusSchema,
          holdRank: z.number().int().nullable(),
        }),
      ),
    }),
  ),
});
export type Availability = z.infer<typeof availabilitySchema>;

/** `GET /api/public/inquiries/:slug/availability?date=`: free, held or booked, never whose. */
export const publicAvailabilityQuerySchema = z.object({ date: requiredQueryDate("Date") });
export const publicAvailabilitySchema = z.object({ date: z.string(), state: availabilityStateSchema });
export type PublicAvailability = z.infer<typeof publicAvailabilitySchema>;

/** The e-mail to a hold's contact when it becomes first, until the speaker writes their own. */
export const DEFAULT_NEW_FIRST_HOLD_TEMPLATE =
  "Hi {contact},\n\nGood news: {date} is now yours first. Your hold on it for {event} is the first hold, so the date is yours to book whenever you are ready.\n\nBest,";

const holdSettingsFields = {
  /** Days a new hold lasts before the sweep releases it; null = holds never expire. */
  defaultExpiryDays: z
    .number({ error: "Days must be a whole number from 1 to 365, or none" })
    .int("Days must be a whole number from 1 to 365, or none")
    .min(1, "Days must be a whole number from 1 to 365, or none")
    .max(365, "Days must be a whole number from 1 to 365, or none")
    .nullable(),
  notifyNewFirstHold: z.boolean({ error: "Choose yes or no" }),
  showAvailabilityOnInquiryForm: z.boolean({ error: "Choose yes or no" }),
  /** `{contact}`, `{event}` and `{date}` are filled in. */
  newFirstHoldTemplate: z
    .string({ error: "The e-mail must be text" })
    .trim()
    .min(1, "Write the e-mail, or leave the default")
    .max(5000, "The e-mail must be at most 5000 characters"),
};

export const holdSettingsSchema = z.object(holdSettingsFields);
export type HoldSettings = z.infer<typeof holdSettingsSchema>;
/** PUT: any field left out keeps its value. */
export const holdSettingsInputSchema = z.object(holdSettingsFields).partial();
export type HoldSettingsInput = z.output<typeof holdSettingsInputSchema>;

/** "1st hold", "2nd hold", "3rd hold", "11th hold": how a rank reads in the calendar and the feed. */
export function holdRankLabel(rank: number): string {
  const teen = rank % 100 >= 11 && rank % 100 <= 13;
  const suffix = teen ? "th" : (({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[rank % 10] ?? "th");
  return `${rank}${suffix} hold`;
}

/** One entry of `GET /api/events/:id/activity` (DESIGN §11): what happened to the event and who did it. */
export const eventActivityEntrySchema = z.object({
  type: z.string(),
  at: instantSchema,
  actor: z.enum(["speaker", "planner", "system"]),
  /** Who acted for the speaker, with their role; null for the planner and the system. */
  by: actingLoginSchema.nullable(),
  detail: z.string(),
});
export type EventActivityEntry = z.infer<typeof eventActivityEntrySchema>;

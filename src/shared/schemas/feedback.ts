import { z } from "zod";
import { idSchema } from "./fields.ts";

export const FEEDBACK_CATEGORIES = ["idea", "problem", "praise", "other"] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];
export const FEEDBACK_CATEGORY_LABELS: Record<FeedbackCategory, string> = {
  idea: "Idea",
  problem: "Problem",
  praise: "Praise",
  other: "Other",
};
export const FEEDBACK_MESSAGE_MAX = 5000;
export const FEEDBACK_THANKS = "Thank you for your feedback! We read every message.";

/** POST /api/feedback, and the /feedback form. */
export const feedbackInputSchema = z.object({
  category: z.enum(FEEDBACK_CATEGORIES, { error: "Choose a category" }),
  message: z
    .string({ error: "Message is required" })
    .trim()
    .min(1, "Message is required")
    .max(FEEDBACK_MESSAGE_MAX, `Message cannot exceed ${FEEDBACK_MESSAGE_MAX} characters`),
  rating: z
    .number({ error: "Rating must be a whole number from 1 to 5" })
    .int("Rating must be a whole number from 1 to 5")
    .min(1, "Rating must be a whole number from 1 to 5")
    .max(5, "Rating must be a whole number from 1 to 5")
    .nullable()
    .optional(),
  page: z
    .string({ error: "Page must be text" })
    .trim()
    .max(500, "Page must be at most 500 characters")
    .optional(),
});
export type FeedbackInput = z.infer<typeof feedbackInputSchema>;

/** One message as admins read it on /admin. */
export const feedbackItemSchema = z.object({
  id: idSchema,
  category: z.enum(FEEDBACK_CATEGORIES),
  message: z.string(),
  rating: z.number().int().nullable(),
  page: z.string().nullable(),
  createdAt: z.string(),
  user: z.object({ id: idSchema, username: z.string(), email: z.string() }),
});
export type FeedbackItem = z.infer<typeof feedbackItemSchema>;

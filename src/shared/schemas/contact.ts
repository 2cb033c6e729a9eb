import { z } from "zod";
import { EMAIL_MAX } from "./auth.ts";

export const CONTACT_NAME_MAX = 200;
export const CONTACT_MESSAGE_MAX = 5000;

/** The answer the contact dialog shows in its "Message Sent" toast (spec §8). */
export const CONTACT_THANKS = "Thank you for your message! We'll get back to you soon.";

/**
 * The contact dialog's message (spec §5: every field non-blank after trimming). The dialog shows its
 * "Missing Information" toast for a blank field; the server answers with these per-field messages.
 */
export const contactMessageSchema = z.object({
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(CONTACT_NAME_MAX, `Name cannot exceed ${CONTACT_NAME_MAX} characters`),
  email: z
    .string({ error: "Email is required" })
    .trim()
    .min(1, "Email is required")
    .max(EMAIL_MAX, "Email address is too long")
    .pipe(z.email("Invalid email address")),
  message: z
    .string({ error: "Message is required" })
    .trim()
    .min(1, "Message is required")
    .max(CONTACT_MESSAGE_MAX, `Message cannot exceed ${CONTACT_MESSAGE_MAX} characters`),
});
export type ContactMessageInput = z.infer<typeof contactMessageSchema>;

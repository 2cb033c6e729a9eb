/**
 * Inquiry-form words the public page needs without the zod schemas (its JavaScript budget is small);
 * src/shared/schemas/inquiries.ts re-exports them.
 */

/** The one answer to every submission, real or refused as spam, so a bot learns nothing (DESIGN §10). */
export const INQUIRY_THANKS = "Thank you! Your inquiry has been sent. You will hear back soon.";
export const INQUIRY_UNAVAILABLE = "This inquiry form is not available";

/**
 * Testimonial words and limits the public page needs without the zod schemas (its JavaScript budget is
 * small); src/shared/schemas/testimonials.ts re-exports them.
 */

/** Colleagues one testimonial may name. */
export const MAX_REFERRALS = 5;
/** A rating at or below this stays private (not offered for the media kit) unless the speaker shows it anyway. */
export const LOW_RATING = 2;
/** The one answer to every submission, real or refused as spam, so a bot learns nothing. */
export const TESTIMONIAL_THANKS = "Thank you! Your testimonial is on its way to the speaker.";

import { publicTestimonialSchema } from "../../../shared/schemas/testimonials.ts";
import { speakerDisplayName } from "../../../shared/speaker-name.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { AppError } from "../../platform/http/errors.ts";
import { errorAnswer, type PageHeadResolver } from "../../platform/http/page-head.ts";
import { viewTestimonialLink } from "./public-testimonial.ts";

const TESTIMONIAL_PAGE = /^\/t\/([^/]+)\/?$/;

/**
 * `/t/{token}`: a title naming the speaker and the talk, and the link as the planner's call answers it, for
 * the page to be rendered with (decision 042); 404, with the same body as the call, for a link that is
 * unknown, replaced or expired.
 */
export function testimonialPageHead(db: Queryable): PageHeadResolver {
  return async (_request, pathname) => {
    const match = pathname.match(TESTIMONIAL_PAGE);
    if (!match) return null;
    try {
      const link = await viewTestimonialLink(db, decodeURIComponent(match[1]!), new Date());
      const speaker = speakerDisplayName(link.speaker);
      return {
        page: "testimonial",
        title: `How was ${speaker} at ${link.event.title}?`,
        description: `A short testimonial for ${speaker}: a rating and a sentence or two.`,
        answer: { status: 200, json: JSON.stringify(publicTestimonialSchema.parse(link)) },
      };
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404) {
        return { page: "testimonial", title: error.message, status: 404, answer: errorAnswer(error) };
      }
      throw error;
    }
  };
}

import { publicHoldSchema } from "../../../shared/schemas/holds.ts";
import { speakerDisplayName } from "../../../shared/speaker-name.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { AppError } from "../../platform/http/errors.ts";
import { errorAnswer, type PageHeadResolver } from "../../platform/http/page-head.ts";
import { viewChallenge } from "./challenge.ts";

const HOLD_PAGE = /^\/hold\/([^/]+)\/?$/;

/**
 * `/hold/{token}`: a title naming the speaker and the date, and the hold as the planner's call answers it,
 * for the page to be rendered with (decision 042); 404, with the same body as the call, for a link that is
 * unknown or past its deadline.
 */
export function holdPageHead(db: Queryable): PageHeadResolver {
  return async (_request, pathname) => {
    const match = pathname.match(HOLD_PAGE);
    if (!match) return null;
    try {
      const hold = await viewChallenge(db, decodeURIComponent(match[1]!), new Date());
      const speaker = speakerDisplayName(hold.speaker, { atStart: true });
      return {
        page: "hold",
        title: `${speaker}: is ${hold.event.date} still yours?`,
        description: `${speaker} asks whether you still want the date you hold for ${hold.event.title}.`,
        answer: { status: 200, json: JSON.stringify(publicHoldSchema.parse(hold)) },
      };
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404) {
        return { page: "hold", title: error.message, status: 404, answer: errorAnswer(error) };
      }
      throw error;
    }
  };
}

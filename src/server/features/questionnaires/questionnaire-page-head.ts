import { publicQuestionnaireSchema } from "../../../shared/schemas/questionnaires.ts";
import { speakerDisplayName } from "../../../shared/speaker-name.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { AppError } from "../../platform/http/errors.ts";
import { errorAnswer, type PageHeadResolver } from "../../platform/http/page-head.ts";
import { viewQuestionnaire } from "./public-questionnaire.ts";

const QUESTIONNAIRE_PAGE = /^\/q\/([^/]+)\/?$/;

/**
 * `/q/{token}`: a title naming the speaker and the event, and the questionnaire as the planner's call answers
 * it, for the page to be rendered with (decision 042); 404, with the same body as the call, for a link that is
 * unknown, replaced or expired.
 */
export function questionnairePageHead(db: Queryable): PageHeadResolver {
  return async (_request, pathname) => {
    const match = pathname.match(QUESTIONNAIRE_PAGE);
    if (!match) return null;
    try {
      const form = await viewQuestionnaire(db, decodeURIComponent(match[1]!), new Date());
      return {
        page: "questionnaire",
        title: `${speakerDisplayName(form.speaker, { atStart: true })}: about ${form.event.title}`,
        description: `A few questions from ${speakerDisplayName(form.speaker)} about your event.`,
        answer: { status: 200, json: JSON.stringify(publicQuestionnaireSchema.parse(form)) },
      };
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404) {
        return { page: "questionnaire", title: error.message, status: 404, answer: errorAnswer(error) };
      }
      throw error;
    }
  };
}

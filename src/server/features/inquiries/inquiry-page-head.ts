import {
  INQUIRY_UNAVAILABLE,
  type InquiryForm,
  inquiryFormSchema,
} from "../../../shared/schemas/inquiries.ts";
import { speakerDisplayName } from "../../../shared/speaker-name.ts";
import type { Config } from "../../config.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { AppError } from "../../platform/http/errors.ts";
import { errorAnswer, type PageHead, type PageHeadResolver } from "../../platform/http/page-head.ts";
import { inquiryUnavailable, loadInquiryForm } from "./load-inquiry-form.ts";

const INQUIRY_PAGE = /^\/inquire\/([^/]+)\/?$/;
/** The prerendered public page (src/web/features/inquiries) answers every slug. */
const PAGE = "inquire";

/**
 * The head of `/inquire/{slug}`: the speaker's name, headline and headshot for link previews, and the form's
 * answer for the page to be rendered with; an old slug moves to the current one; an unknown one answers 404.
 * Only this page may be shown inside another site's frame, so a speaker can embed the form on their own
 * website.
 */
export function inquiryPageHead(
  db: Queryable,
  config: Pick<Config, "APP_URL">,
  secret: string,
): PageHeadResolver {
  return async (_request, pathname) => {
    const match = pathname.match(INQUIRY_PAGE);
    if (!match) return null;
    let slug: string;
    try {
      slug = decodeURIComponent(match[1]!);
    } catch {
      return unavailablePage();
    }
    let form: InquiryForm;
    try {
      form = await loadInquiryForm(db, secret, slug, new Date());
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404) return unavailablePage();
      throw error;
    }
    if (form.slug !== slug) return { title: "", redirect: `/inquire/${form.slug}` };
    const { speaker } = form;
    const name = speakerDisplayName(speaker);
    return {
      title: `Book ${name} to speak`,
      description: speaker.headline ?? speaker.title ?? `Send ${name} an inquiry about your event.`,
      image: speaker.headshotUrl ? `${config.APP_URL}${speaker.headshotUrl}` : null,
      url: `${config.APP_URL}${pathname}`,
      page: PAGE,
      isFrameable: true,
      answer: { status: 200, json: JSON.stringify(inquiryFormSchema.parse(form)) },
    };
  };
}

const unavailablePage = (): PageHead => ({
  title: INQUIRY_UNAVAILABLE,
  status: 404,
  page: PAGE,
  answer: errorAnswer(inquiryUnavailable()),
});

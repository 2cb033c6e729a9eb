import { INQUIRY_UNAVAILABLE } from "../../../shared/schemas/inquiries.ts";
import type { Config } from "../../config.ts";
import type { Queryable } from "../../platform/db/client.ts";
import type { PageHead, PageHeadResolver } from "../../platform/http/page-head.ts";
import { loadMediaKit } from "../media-kit/queries.ts";
import { headshotPath, primaryHeadshot } from "./load-inquiry-form.ts";
import { findInquirySpeaker } from "./queries.ts";

const INQUIRY_PAGE = /^\/inquire\/([^/]+)\/?$/;
/** The prerendered public page (src/web/features/inquiries) answers every slug. */
const PAGE = "inquire";

/**
 * The head of `/inquire/{slug}`: the speaker's name, headline and headshot for link previews; an old slug
 * moves to the current one; an unknown one answers 404. Only this page may be shown inside another site's
 * frame, so a speaker can embed the form on their own website.
 */
export function inquiryPageHead(db: Queryable, config: Pick<Config, "APP_URL">): PageHeadResolver {
  return async (_request, pathname) => {
    const match = pathname.match(INQUIRY_PAGE);
    if (!match) return null;
    let slug: string;
    try {
      slug = decodeURIComponent(match[1]!);
    } catch {
      return unavailablePage();
    }
    const speaker = await findInquirySpeaker(db, slug);
    if (!speaker) return unavailablePage();
    if (speaker.currentSlug !== slug) return { title: "", redirect: `/inquire/${speaker.currentSlug}` };
    const [kit, headshot] = await Promise.all([
      loadMediaKit(db, speaker.userId),
      primaryHeadshot(db, speaker.userId),
    ]);
    const name = speaker.name ?? "a speaker";
    return {
      title: `Book ${name} to speak`,
      description: kit.headline ?? speaker.title ?? `Send ${name} an inquiry about your event.`,
      image: headshot ? `${config.APP_URL}${headshotPath(speaker.currentSlug)}` : null,
      url: `${config.APP_URL}${pathname}`,
      page: PAGE,
      isFrameable: true,
    };
  };
}

const unavailablePage = (): PageHead => ({ title: INQUIRY_UNAVAILABLE, status: 404, page: PAGE });

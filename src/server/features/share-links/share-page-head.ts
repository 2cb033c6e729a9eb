import { UNAVAILABLE_MESSAGE } from "../../../shared/schemas/share-links.ts";
import { speakerDisplayName } from "../../../shared/speaker-name.ts";
import type { Config } from "../../config.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { AppError } from "../../platform/http/errors.ts";
import { errorAnswer, type PageHead, type PageHeadResolver } from "../../platform/http/page-head.ts";
import type { PublicAnswers } from "../../platform/http/public-answers.ts";
import { loadMediaKit } from "../media-kit/queries.ts";
import { getSpeakerProfile } from "../profile/speaker-profile.ts";
import { openLink, readPublicShare, unavailable } from "./public-share.ts";
import { kitFiles } from "./queries.ts";

const MEDIA_KIT_PAGE = /^\/share\/([^/]+)\/([^/]+)\/?$/;
const RESOURCES_PAGE = /^\/shared\/([^/]+)\/?$/;

/**
 * The title and Open Graph tags of `/share/{slug}/{token}` and `/shared/{token}` from the speaker's data, so
 * a link pasted into e-mail or chat shows a preview, and the link's public answer for the page to be
 * rendered with. Reading the head counts nothing; the page's JSON call counts the view.
 */
export function sharePageHead(
  db: Queryable,
  config: Pick<Config, "APP_URL">,
  answers: PublicAnswers,
): PageHeadResolver {
  return async (_request, pathname) => {
    const kitMatch = pathname.match(MEDIA_KIT_PAGE);
    const resourcesMatch = kitMatch ? null : pathname.match(RESOURCES_PAGE);
    if (!kitMatch && !resourcesMatch) return null;
    const slug = kitMatch ? decodeURIComponent(kitMatch[1]!) : undefined;
    const token = decodeURIComponent((kitMatch?.[2] ?? resourcesMatch?.[1])!);
    const now = new Date();
    try {
      const { link, currentSlug } = await openLink(db, token, slug, now);
      // A media kit opened as a resources page or the other way round is not a page of that link.
      if ((link.kind === "media_kit") !== Boolean(kitMatch)) return unavailablePage();
      if (kitMatch && slug !== currentSlug) return { title: "", redirect: `/share/${currentSlug}/${token}` };
      const [head, { json }] = await Promise.all([
        headOf(db, config, link, token, pathname),
        readPublicShare(db, answers, token, slug, now),
      ]);
      return { ...head, page: SHARE_PAGE, answer: { status: 200, json } };
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404) return unavailablePage();
      throw error;
    }
  };
}

/** The public share page (its own light bundle, src/web/features/share) answers both addresses. */
const SHARE_PAGE = "share";
const unavailablePage = (): PageHead => ({
  title: UNAVAILABLE_MESSAGE,
  status: 404,
  page: SHARE_PAGE,
  answer: errorAnswer(unavailable()),
});

async function headOf(
  db: Queryable,
  config: Pick<Config, "APP_URL">,
  link: { userId: string; kind: "media_kit" | "resources"; label: string },
  token: string,
  pathname: string,
): Promise<PageHead> {
  const profile = await getSpeakerProfile(db, link.userId);
  if (link.kind === "resources") {
    return {
      title: `Files from ${speakerDisplayName(profile)}`,
      description: link.label,
      url: `${config.APP_URL}${pathname}`,
    };
  }
  const [kit, headshots] = await Promise.all([
    loadMediaKit(db, link.userId),
    kitFiles(db, link.userId, "headshot"),
  ]);
  const primary = headshots[0];
  return {
    title: [speakerDisplayName(profile, { atStart: true }), profile.title].filter(Boolean).join(" — "),
    description: kit.headline ?? kit.shortBio ?? profile.title,
    image: primary ? `${config.APP_URL}/api/public/share/${token}/files/${primary.id}` : null,
    url: `${config.APP_URL}${pathname}`,
  };
}

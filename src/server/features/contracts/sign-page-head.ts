import type { Queryable } from "../../platform/db/client.ts";
import { AppError } from "../../platform/http/errors.ts";
import type { PageHeadResolver } from "../../platform/http/page-head.ts";
import { getSpeakerProfile } from "../profile/speaker-profile.ts";
import { openSigningLink } from "./public-contracts.ts";

const SIGN_PAGE = /^\/sign\/([^/]+)\/?$/;

/** `/sign/{token}`: a title naming the agreement and its sender; 404 or 410 for a link that is not live. */
export function signPageHead(db: Queryable): PageHeadResolver {
  return async (_request, pathname) => {
    const match = pathname.match(SIGN_PAGE);
    if (!match) return null;
    try {
      const row = await openSigningLink(db, decodeURIComponent(match[1]!), new Date());
      const profile = await getSpeakerProfile(db, row.userId);
      return {
        page: "sign",
        title: `Sign: ${row.title}`,
        description: `${profile.name ?? "Your speaker"} sent you an agreement to review and sign.`,
      };
    } catch (error) {
      if (error instanceof AppError && (error.statusCode === 404 || error.statusCode === 410)) {
        return { page: "sign", title: error.message, status: error.statusCode };
      }
      throw error;
    }
  };
}

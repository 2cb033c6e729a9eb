import { publicContractSchema } from "../../../shared/schemas/contracts.ts";
import { speakerDisplayName } from "../../../shared/speaker-name.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { AppError } from "../../platform/http/errors.ts";
import { errorAnswer, type PageHeadResolver } from "../../platform/http/page-head.ts";
import { openSigningLink, publicContractOf } from "./public-contracts.ts";

const SIGN_PAGE = /^\/sign\/([^/]+)\/?$/;

/**
 * `/sign/{token}`: a title naming the agreement and its sender, and the agreement as the signer's call
 * answers it for the page to be rendered with (recording no view: the page's own call does, once it runs);
 * 404 or 410 for a link that is not live.
 */
export function signPageHead(db: Queryable): PageHeadResolver {
  return async (_request, pathname) => {
    const match = pathname.match(SIGN_PAGE);
    if (!match) return null;
    try {
      const row = await openSigningLink(db, decodeURIComponent(match[1]!), new Date());
      const contract = await publicContractOf(db, row);
      return {
        page: "sign",
        title: `Sign: ${row.title}`,
        description: `${speakerDisplayName(contract.speaker, { atStart: true })} sent you an agreement to review and sign.`,
        answer: { status: 200, json: JSON.stringify(publicContractSchema.parse(contract)) },
      };
    } catch (error) {
      if (error instanceof AppError && (error.statusCode === 404 || error.statusCode === 410)) {
        return { page: "sign", title: error.message, status: error.statusCode, answer: errorAnswer(error) };
      }
      throw error;
    }
  };
}

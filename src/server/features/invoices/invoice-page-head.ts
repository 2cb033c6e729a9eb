import { UNKNOWN_INVOICE_LINK } from "../../../shared/schemas/invoices.ts";
import { speakerDisplayName } from "../../../shared/speaker-name.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { AppError } from "../../platform/http/errors.ts";
import { errorAnswer, type PageHeadResolver } from "../../platform/http/page-head.ts";
import type { PublicAnswer } from "../../platform/http/public-answers.ts";
import { getSpeakerProfile } from "../profile/speaker-profile.ts";
import { findInvoiceByToken } from "./public-routes.ts";

const INVOICE_PAGE = /^\/i\/([^/]+)\/?$/;

/**
 * The title of `/i/{token}` for link previews (the number and the sender, never the amounts), and the
 * invoice's public answer (`readAnswer`, which counts no view) for the page to be rendered with.
 */
export function invoicePageHead(
  db: Queryable,
  readAnswer: (token: string, now: Date) => Promise<PublicAnswer>,
): PageHeadResolver {
  return async (_request, pathname) => {
    const match = pathname.match(INVOICE_PAGE);
    if (!match) return null;
    const token = decodeURIComponent(match[1]!);
    const row = await findInvoiceByToken(db, token);
    if (!row) {
      const answer = errorAnswer(new AppError("NOT_FOUND", UNKNOWN_INVOICE_LINK));
      return { title: UNKNOWN_INVOICE_LINK, status: 404, page: "invoice", answer };
    }
    const [profile, { json }] = await Promise.all([
      getSpeakerProfile(db, row.userId),
      readAnswer(token, new Date()),
    ]);
    const from = speakerDisplayName(profile);
    return {
      title: `Invoice ${row.number} from ${from}`,
      description: `Invoice ${row.number} from ${from}`,
      page: "invoice",
      answer: { status: 200, json },
    };
  };
}

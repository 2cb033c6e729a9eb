import { UNKNOWN_INVOICE_LINK } from "../../../shared/schemas/invoices.ts";
import type { Queryable } from "../../platform/db/client.ts";
import type { PageHeadResolver } from "../../platform/http/page-head.ts";
import { getSpeakerProfile } from "../profile/speaker-profile.ts";
import { findInvoiceByToken } from "./public-routes.ts";

const INVOICE_PAGE = /^\/i\/([^/]+)\/?$/;

/** The title of `/i/{token}` for link previews: the number and the sender, never the amounts. */
export function invoicePageHead(db: Queryable): PageHeadResolver {
  return async (_request, pathname) => {
    const match = pathname.match(INVOICE_PAGE);
    if (!match) return null;
    const row = await findInvoiceByToken(db, decodeURIComponent(match[1]!));
    if (!row) return { title: UNKNOWN_INVOICE_LINK, status: 404 };
    const profile = await getSpeakerProfile(db, row.userId);
    const from = profile.businessName ?? profile.name ?? "your speaker";
    return { title: `Invoice ${row.number} from ${from}`, description: `Invoice ${row.number} from ${from}` };
  };
}

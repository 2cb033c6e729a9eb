import type { BureauPartnerListQuery, BureauPartnerPage } from "../../../shared/schemas/bureau-partners.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { bureauPartners, events } from "../../platform/db/schema.ts";
import { buildPage, decodeCursor } from "../../platform/http/cursor.ts";
import { findEventTotals } from "../events/event-summaries.ts";
import { toBureauPartner } from "./map-bureau-partner.ts";
import { bureauPartnerListFilter, listBureauPartnerRows } from "./queries.ts";

/**
 * A page of the user's bureau partners by name, each with its event count and total fees, and the totals
 * over every bureau partner the query matches.
 */
export async function listBureauPartners(
  db: Queryable,
  userId: string,
  query: BureauPartnerListQuery,
): Promise<BureauPartnerPage> {
  const after = query.cursor ? decodeCursor(query.cursor, query.sort, "string") : null;
  const filter = bureauPartnerListFilter(userId, query.q);
  const rows = await listBureauPartnerRows(db, filter, query, after);
  const page = buildPage(rows, {
    limit: query.limit,
    sort: query.sort,
    keyOf: (row) => row.sortKey,
    toItem: toBureauPartner,
  });
  return {
    ...page,
    totals: await findEventTotals(db, bureauPartners, events.bureauPartnerId, filter),
  };
}

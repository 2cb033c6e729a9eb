import type { BureauPartnerListQuery, BureauPartnerPage } from "../../../shared/schemas/bureau-partners.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { buildPage, decodeCursor } from "../../platform/http/cursor.ts";
import { toBureauPartner } from "./map-bureau-partner.ts";
import { listBureauPartnerRows } from "./queries.ts";

/** A page of the user's bureauPartners by name, each with its event count and total fees. */
export async function listBureauPartners(
  db: Queryable,
  userId: string,
  query: BureauPartnerListQuery,
): Promise<BureauPartnerPage> {
  const after = query.cursor ? decodeCursor(query.cursor, query.sort, "string") : null;
  const rows = await listBureauPartnerRows(db, userId, query, after);
  return buildPage(rows, {
    limit: query.limit,
    sort: query.sort,
    keyOf: (row) => row.sortKey,
    toItem: toBureauPartner,
  });
}

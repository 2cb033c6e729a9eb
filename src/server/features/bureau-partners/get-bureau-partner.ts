import { eq } from "drizzle-orm";
import type { BureauPartnerDetail } from "../../../shared/schemas/bureau-partners.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { events } from "../../platform/db/schema.ts";
import { notFound } from "../../platform/http/errors.ts";
import { isUuid } from "../../platform/http/ids.ts";
import { listEventSummaries } from "../events/event-summaries.ts";
import { toBureauPartner } from "./map-bureau-partner.ts";
import { findBureauPartnerRow } from "./queries.ts";

export const bureauPartnerNotFound = () => notFound("Bureau partner not found");

/** The user's bureau partner with its totals and all its events, newest first. */
export async function getBureauPartner(
  db: Queryable,
  userId: string,
  id: string,
): Promise<BureauPartnerDetail> {
  const row = isUuid(id) ? await findBureauPartnerRow(db, userId, id) : null;
  if (!row) throw bureauPartnerNotFound();
  const partnerEvents = await listEventSummaries(db, userId, {
    where: eq(events.bureauPartnerId, id),
    order: "desc",
  });
  return { ...toBureauPartner(row), events: partnerEvents };
}

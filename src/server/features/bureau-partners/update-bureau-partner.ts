import type { BureauPartner, UpdateBureauPartner } from "../../../shared/schemas/bureau-partners.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { isUniqueViolation } from "../../platform/db/errors.ts";
import { isUuid } from "../../platform/http/ids.ts";
import { duplicateBureauPartnerName } from "./create-bureau-partner.ts";
import { bureauPartnerNotFound } from "./get-bureau-partner.ts";
import { toBureauPartner } from "./map-bureau-partner.ts";
import { findBureauPartnerRow, updateBureauPartnerRow } from "./queries.ts";

/** A partial update; renaming onto another of the user's bureau partner names (any case) is a 409. */
export async function updateBureauPartner(
  db: Queryable,
  userId: string,
  id: string,
  input: UpdateBureauPartner,
): Promise<BureauPartner> {
  if (!isUuid(id)) throw bureauPartnerNotFound();
  const values = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  if (Object.keys(values).length > 0) {
    const isUpdated = await updateBureauPartnerRow(db, userId, id, values).catch((error: unknown) => {
      throw isUniqueViolation(error) ? duplicateBureauPartnerName(input.name ?? "") : error;
    });
    if (!isUpdated) throw bureauPartnerNotFound();
  }
  const row = await findBureauPartnerRow(db, userId, id);
  if (!row) throw bureauPartnerNotFound();
  return toBureauPartner(row);
}

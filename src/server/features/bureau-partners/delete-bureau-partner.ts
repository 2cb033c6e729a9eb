import type { Queryable } from "../../platform/db/client.ts";
import { isUuid } from "../../platform/http/ids.ts";
import { bureauPartnerNotFound } from "./get-bureau-partner.ts";
import { deleteBureauPartnerRow } from "./queries.ts";

/** Deletes the user's bureau partner; its events keep their data and lose the link. */
export async function deleteBureauPartner(db: Queryable, userId: string, id: string): Promise<void> {
  if (!isUuid(id) || !(await deleteBureauPartnerRow(db, userId, id))) throw bureauPartnerNotFound();
}

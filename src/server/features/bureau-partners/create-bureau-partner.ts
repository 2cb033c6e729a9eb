import type { BureauPartner, CreateBureauPartner } from "../../../shared/schemas/bureau-partners.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { AppError } from "../../platform/http/errors.ts";
import { toBureauPartner } from "./map-bureau-partner.ts";
import { findBureauPartnerRow, insertBureauPartner } from "./queries.ts";

export const duplicateBureauPartnerName = (name: string) =>
  new AppError("CONFLICT", `You already have a bureau partner named "${name}".`, {
    fields: { name: "A bureau partner with this name already exists" },
  });

/** Creates a bureau partner; a name the user already has (in any case) is a 409. */
export async function createBureauPartner(
  db: Queryable,
  userId: string,
  input: CreateBureauPartner,
): Promise<BureauPartner> {
  const id = await insertBureauPartner(db, userId, input);
  if (!id) throw duplicateBureauPartnerName(input.name);
  return toBureauPartner((await findBureauPartnerRow(db, userId, id))!);
}

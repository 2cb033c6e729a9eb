import type { Client, UpdateClient } from "../../../shared/schemas/clients.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { isUniqueViolation } from "../../platform/db/errors.ts";
import { isUuid } from "../../platform/http/ids.ts";
import { duplicateClientName } from "./create-client.ts";
import { clientNotFound } from "./get-client.ts";
import { toClient } from "./map-client.ts";
import { findClientRow, updateClientRow } from "./queries.ts";

/** A partial update; renaming onto another of the user's client names (any case) is a 409. */
export async function updateClient(
  db: Queryable,
  userId: string,
  id: string,
  input: UpdateClient,
): Promise<Client> {
  if (!isUuid(id)) throw clientNotFound();
  const values = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  if (Object.keys(values).length > 0) {
    const isUpdated = await updateClientRow(db, userId, id, values).catch((error: unknown) => {
      throw isUniqueViolation(error) ? duplicateClientName(input.name ?? "") : error;
    });
    if (!isUpdated) throw clientNotFound();
  }
  const row = await findClientRow(db, userId, id);
  if (!row) throw clientNotFound();
  return toClient(row);
}

import type { Queryable } from "../../platform/db/client.ts";
import { isUuid } from "../../platform/http/ids.ts";
import { clientNotFound } from "./get-client.ts";
import { deleteClientRow } from "./queries.ts";

/** Deletes the user's client; its events keep their data and lose the link. */
export async function deleteClient(db: Queryable, userId: string, id: string): Promise<void> {
  if (!isUuid(id) || !(await deleteClientRow(db, userId, id))) throw clientNotFound();
}

import type { Client, CreateClient } from "../../../shared/schemas/clients.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { AppError } from "../../platform/http/errors.ts";
import { toClient } from "./map-client.ts";
import { findClientRow, insertClient } from "./queries.ts";

export const duplicateClientName = (name: string) =>
  new AppError("CONFLICT", `You already have a client named "${name}".`, {
    fields: { name: "A client with this name already exists" },
  });

/** Creates a client; a name the user already has (in any case) is a 409. */
export async function createClient(db: Queryable, userId: string, input: CreateClient): Promise<Client> {
  const id = await insertClient(db, userId, input);
  if (!id) throw duplicateClientName(input.name);
  return toClient((await findClientRow(db, userId, id))!);
}

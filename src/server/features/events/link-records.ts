import type { Queryable } from "../../platform/db/client.ts";
import { findOrCreateByName, lockOwnedRecord, type NamedTable } from "../../platform/db/named-records.ts";
import { bureauPartners, clients } from "../../platform/db/schema.ts";
import { AppError } from "../../platform/http/errors.ts";

type LinkInput = { id?: string | null; name?: string | null };

/**
 * The record an event should point to: undefined leaves the link as it is, null unlinks, an id must be the
 * user's own record, and a name finds the record case-insensitively or creates it.
 */
async function resolveLink(
  db: Queryable,
  table: NamedTable,
  userId: string,
  input: LinkInput,
  missing: { field: string; message: string },
): Promise<string | null | undefined> {
  if (input.name) return findOrCreateByName(db, table, userId, input.name);
  if (input.id) {
    if (await lockOwnedRecord(db, table, userId, input.id)) return input.id;
    throw new AppError("BAD_REQUEST", missing.message, { fields: { [missing.field]: missing.message } });
  }
  if (input.id === null || input.name === null) return null;
  return undefined;
}

export type EventLinkInput = {
  clientId?: string | null;
  clientName?: string | null;
  bureauPartnerId?: string | null;
  bureauPartnerName?: string | null;
};

/** The client and bureau partner columns for an event input (absent ones left out). */
export async function resolveEventLinks(db: Queryable, userId: string, input: EventLinkInput) {
  const clientId = await resolveLink(
    db,
    clients,
    userId,
    { id: input.clientId, name: input.clientName },
    { field: "clientId", message: "That client does not exist" },
  );
  const bureauPartnerId = await resolveLink(
    db,
    bureauPartners,
    userId,
    { id: input.bureauPartnerId, name: input.bureauPartnerName },
    { field: "bureauPartnerId", message: "That bureau partner does not exist" },
  );
  return {
    ...(clientId === undefined ? {} : { clientId }),
    ...(bureauPartnerId === undefined ? {} : { bureauPartnerId }),
  };
}

import type { Client } from "../../../shared/schemas/clients.ts";
import type { ClientRow } from "./queries.ts";

export function toClient(row: ClientRow): Client {
  return {
    id: row.id,
    name: row.name,
    company: row.company,
    email: row.email,
    phone: row.phone,
    website: row.website,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    eventCount: row.eventCount,
    totalFees: row.totalFees,
    netFees: row.netFees,
  };
}

import { percentFromBasisPoints } from "../../../shared/money.ts";
import type { BureauPartner } from "../../../shared/schemas/bureau-partners.ts";
import type { BureauPartnerRow } from "./queries.ts";

export function toBureauPartner(row: BureauPartnerRow): BureauPartner {
  return {
    id: row.id,
    name: row.name,
    contactName: row.contactName,
    email: row.email,
    phone: row.phone,
    website: row.website,
    notes: row.notes,
    commissionRate:
      row.commissionBasisPoints === null ? null : percentFromBasisPoints(row.commissionBasisPoints),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    eventCount: row.eventCount,
    totalFees: row.totalFees,
    netFees: row.netFees,
  };
}

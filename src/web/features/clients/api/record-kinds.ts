import type {
  BureauPartner,
  BureauPartnerDetail,
  CreateBureauPartner,
  UpdateBureauPartner,
} from "../../../../shared/schemas/bureau-partners.ts";
import type { Client, ClientDetail, CreateClient, UpdateClient } from "../../../../shared/schemas/clients.ts";

/**
 * Clients and bureau partners work the same way (a name, contact details, notes, and the events they bring),
 * so one set of requests, hooks and screens serves both; this says what differs.
 */
export type RecordTypes = {
  client: { item: Client; detail: ClientDetail; create: CreateClient; update: UpdateClient };
  partner: {
    item: BureauPartner;
    detail: BureauPartnerDetail;
    create: CreateBureauPartner;
    update: UpdateBureauPartner;
  };
};
export type RecordKind = keyof RecordTypes;
export type AnyRecord = RecordTypes[RecordKind]["item"];
export type AnyRecordDetail = RecordTypes[RecordKind]["detail"];

type RecordKindInfo = {
  path: "/api/clients" | "/api/bureau-partners";
  /** "client" / "bureau partner", for sentences. */
  noun: string;
  nounPlural: string;
  /** "Client" / "Bureau partner", for titles and buttons. */
  title: string;
};

export const RECORD_KINDS: Record<RecordKind, RecordKindInfo> = {
  client: { path: "/api/clients", noun: "client", nounPlural: "clients", title: "Client" },
  partner: {
    path: "/api/bureau-partners",
    noun: "bureau partner",
    nounPlural: "bureau partners",
    title: "Bureau partner",
  },
};

/** The page of one client (`/clients/:id`) or bureau partner (`/clients/:id?type=partner`). */
export function recordHref(kind: RecordKind, id: string): string {
  return kind === "client" ? `/clients/${id}` : `/clients/${id}?type=partner`;
}

/** The company of a client or the contact person of a bureau partner: the line under the name. */
export function describeRecord(record: AnyRecord): string | null {
  return "company" in record ? record.company : record.contactName;
}

import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { z } from "zod";
import { percentFromBasisPoints, percentToBasisPoints } from "../../../shared/money.ts";
import {
  type BureauPartner,
  bureauPartnerDetailSchema,
  bureauPartnerPageSchema,
  bureauPartnerSchema,
  type CreateBureauPartner,
  createBureauPartnerSchema,
  type UpdateBureauPartner,
  updateBureauPartnerSchema,
} from "../../../shared/schemas/bureau-partners.ts";
import {
  type Client,
  type CreateClient,
  clientDetailSchema,
  clientPageSchema,
  clientSchema,
  createClientSchema,
  type UpdateClient,
  updateClientSchema,
} from "../../../shared/schemas/clients.ts";
import type { RecordTotals } from "../../../shared/schemas/fields.ts";
import type { EventSummary } from "../../../shared/schemas/summaries.ts";
import { columns } from "../../platform/db/columns.ts";
import type { NamedTable } from "../../platform/db/named-records.ts";
import { bureauPartners, clients, events } from "../../platform/db/schema.ts";
import type { EventLink } from "../events/event-summaries.ts";
import {
  type InsertColumns,
  type RecordRow,
  type RowReader,
  recordRows,
  type UpdateColumns,
} from "./queries.ts";

export type RecordDetail<Item> = Item & { events: EventSummary[] };
export type RecordPage<Item> = { items: Item[]; nextCursor: string | null; totals: RecordTotals };

/** The types of one kind of record: its table, its rows, what the API answers and what it takes. */
export type KindTypes = {
  table: NamedTable;
  row: { id: string; sortKey: string };
  item: object;
  create: { name: string };
  update: { name?: string | undefined };
};

type TypesOf<T extends NamedTable, Item, Create, Update> = {
  table: T;
  row: RecordRow<T>;
  item: Item;
  create: Create;
  update: Update;
};

/**
 * Clients and bureau partners work the same way (a name, contact details, notes, and the events they bring),
 * so one set of queries and routes serves both (decision 070); this says what differs.
 */
export type RecordKind<K extends KindTypes> = {
  table: K["table"];
  /** The column of `events` that links an event to a record of this kind. */
  link: EventLink;
  rows: RowReader<K["row"]>;
  path: "/api/clients" | "/api/bureau-partners";
  /** The OpenAPI tag of the routes. */
  tag: string;
  /** What the book cache keys the list and one record under. */
  cacheKeys: { list: string; one: string };
  /** "client" / "bureau partner", for sentences. */
  noun: string;
  /** "Client" / "Bureau partner", at the start of a sentence. */
  title: string;
  /** The columns a list's `q` searches. */
  searched: AnyPgColumn[];
  schemas: {
    item: z.ZodType<K["item"]>;
    detail: z.ZodType<RecordDetail<K["item"]>>;
    page: z.ZodType<RecordPage<K["item"]>>;
    create: z.ZodType<K["create"]>;
    update: z.ZodType<K["update"]>;
  };
  toItem: (row: K["row"]) => K["item"];
  /** The row a new record inserts. */
  insertValues: (userId: string, input: K["create"]) => InsertColumns<K["table"]>;
  /** The columns an update sets; absent fields stay absent. */
  updateValues: (input: K["update"]) => UpdateColumns<K["table"]>;
};

/** What every record shows the same way. */
function sharedFields(row: RecordRow<typeof clients> | RecordRow<typeof bureauPartners>) {
  return {
    id: row.id,
    name: row.name,
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

const clientTable = { table: clients, link: events.clientId };

export const clientRecords: RecordKind<TypesOf<typeof clients, Client, CreateClient, UpdateClient>> = {
  ...clientTable,
  rows: recordRows(clientTable),
  path: "/api/clients",
  tag: "clients",
  cacheKeys: { list: "clients", one: "client" },
  noun: "client",
  title: "Client",
  searched: [clients.name, clients.company, clients.email],
  schemas: {
    item: clientSchema,
    detail: clientDetailSchema,
    page: clientPageSchema,
    create: createClientSchema,
    update: updateClientSchema,
  },
  toItem: (row) => ({ ...sharedFields(row), company: row.company }),
  insertValues: (userId, input) => columns(clients, { ...input, userId }),
  updateValues: (input) => columns(clients, input),
};

/** The columns of a bureau partner's input: the commission rate as basis points; absent stays absent. */
function partnerColumns<T extends { commissionRate?: number | null | undefined }>(input: T) {
  const { commissionRate, ...rest } = input;
  if (commissionRate === undefined) return rest;
  return {
    ...rest,
    commissionBasisPoints: commissionRate === null ? null : percentToBasisPoints(commissionRate),
  };
}

const bureauPartnerTable = { table: bureauPartners, link: events.bureauPartnerId };

export const bureauPartnerRecords: RecordKind<
  TypesOf<typeof bureauPartners, BureauPartner, CreateBureauPartner, UpdateBureauPartner>
> = {
  ...bureauPartnerTable,
  rows: recordRows(bureauPartnerTable),
  path: "/api/bureau-partners",
  tag: "bureauPartners",
  cacheKeys: { list: "bureau-partners", one: "bureau-partner" },
  noun: "bureau partner",
  title: "Bureau partner",
  searched: [bureauPartners.name, bureauPartners.contactName, bureauPartners.email],
  schemas: {
    item: bureauPartnerSchema,
    detail: bureauPartnerDetailSchema,
    page: bureauPartnerPageSchema,
    create: createBureauPartnerSchema,
    update: updateBureauPartnerSchema,
  },
  toItem: (row) => ({
    ...sharedFields(row),
    contactName: row.contactName,
    commissionRate:
      row.commissionBasisPoints === null ? null : percentFromBasisPoints(row.commissionBasisPoints),
  }),
  insertValues: (userId, input) => columns(bureauPartners, { ...partnerColumns(input), userId }),
  updateValues: (input) => columns(bureauPartners, partnerColumns(input)),
};

import { and, asc, eq, getTableColumns, sql } from "drizzle-orm";
import { PROFILE_FIELDS } from "../../../shared/workbook.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { bureauPartners, clients, events, speakerProfiles } from "../../platform/db/schema.ts";
import { aliased, selectJsonRows } from "./json-rows.ts";

/**
 * Reads a whole account for the exports, a page at a time in a stable order (keyset pagination), so that
 * an account of any size is never held in memory at once.
 */

const EXPORT_PAGE_SIZE = 1000;

const {
  userId: _eventOwner,
  createdAt: _eventCreated,
  updatedAt: _eventUpdated,
  ...eventColumns
} = getTableColumns(events);

export type ExportEventRow = Omit<typeof events.$inferSelect, "userId" | "createdAt" | "updatedAt"> & {
  clientName: string | null;
  clientCompany: string | null;
  bureauPartnerName: string | null;
  bureauCommissionBasisPoints: number | null;
};

function selectEventPage(db: Queryable, userId: string, after: { date: string; id: string } | null) {
  const query = db
    .select(
      aliased({
        ...eventColumns,
        clientName: clients.name,
        clientCompany: clients.company,
        bureauPartnerName: bureauPartners.name,
        bureauCommissionBasisPoints: bureauPartners.commissionBasisPoints,
      }),
    )
    .from(events)
    .leftJoin(clients, and(eq(clients.id, events.clientId), eq(clients.userId, events.userId)))
    .leftJoin(
      bureauPartners,
      and(eq(bureauPartners.id, events.bureauPartnerId), eq(bureauPartners.userId, events.userId)),
    )
    .where(
      and(
        eq(events.userId, userId),
        after ? sql`(${events.date}, ${events.id}) > (${after.date}::date, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(asc(events.date), asc(events.id))
    .limit(EXPORT_PAGE_SIZE);
  return selectJsonRows<ExportEventRow>(db, query, ["date", "id"]);
}

/** The user's events by date, with the linked client's name and company and the bureau partner's name. */
export function pageEvents(db: Queryable, userId: string): AsyncGenerator<ExportEventRow[]> {
  return pageThrough(
    (after: { date: string; id: string } | null) => selectEventPage(db, userId, after),
    (last) => ({ date: last.date, id: last.id }),
  );
}

/** Yields pages until one comes back short; `keyOf` turns a page's last row into the next page's start. */
async function* pageThrough<Row, Key>(
  fetchPage: (after: Key | null) => Promise<Row[]>,
  keyOf: (last: Row) => Key,
): AsyncGenerator<Row[]> {
  let after: Key | null = null;
  for (;;) {
    const page = await fetchPage(after);
    if (page.length > 0) yield page;
    if (page.length < EXPORT_PAGE_SIZE) return;
    after = keyOf(page.at(-1)!);
  }
}

const {
  userId: _clientOwner,
  createdAt: _clientCreated,
  updatedAt: _clientUpdated,
  ...clientColumns
} = getTableColumns(clients);
const {
  userId: _partnerOwner,
  createdAt: _partnerCreated,
  updatedAt: _partnerUpdated,
  ...bureauPartnerColumns
} = getTableColumns(bureauPartners);

export type ExportClientRow = { [K in keyof typeof clientColumns]: (typeof clients.$inferSelect)[K] };
export type ExportBureauPartnerRow = {
  [K in keyof typeof bureauPartnerColumns]: (typeof bureauPartners.$inferSelect)[K];
};

const byName = (last: { name: string; id: string }) => ({ name: last.name, id: last.id });

export function pageClients(db: Queryable, userId: string): AsyncGenerator<ExportClientRow[]> {
  return pageThrough(
    (after: { name: string; id: string } | null) =>
      db
        .select(clientColumns)
        .from(clients)
        .where(
          and(
            eq(clients.userId, userId),
            after ? sql`(${clients.name}, ${clients.id}) > (${after.name}, ${after.id}::uuid)` : undefined,
          ),
        )
        .orderBy(asc(clients.name), asc(clients.id))
        .limit(EXPORT_PAGE_SIZE),
    byName,
  );
}

export function pageBureauPartners(db: Queryable, userId: string): AsyncGenerator<ExportBureauPartnerRow[]> {
  return pageThrough(
    (after: { name: string; id: string } | null) =>
      db
        .select(bureauPartnerColumns)
        .from(bureauPartners)
        .where(
          and(
            eq(bureauPartners.userId, userId),
            after
              ? sql`(${bureauPartners.name}, ${bureauPartners.id}) > (${after.name}, ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(asc(bureauPartners.name), asc(bureauPartners.id))
        .limit(EXPORT_PAGE_SIZE),
    byName,
  );
}

export type ExportProfile = Omit<typeof speakerProfiles.$inferSelect, "userId" | "slug" | "updatedAt">;

/** The user's speaker profile, every field null when it was never saved. */
export async function readProfile(db: Queryable, userId: string): Promise<ExportProfile> {
  const { userId: _owner, slug: _slug, updatedAt: _updated, ...columns } = getTableColumns(speakerProfiles);
  const [row] = await db.select(columns).from(speakerProfiles).where(eq(speakerProfiles.userId, userId));
  return row ?? emptyProfile();
}

function emptyProfile(): ExportProfile {
  return Object.fromEntries(PROFILE_FIELDS.map((field) => [field.key, null])) as ExportProfile;
}

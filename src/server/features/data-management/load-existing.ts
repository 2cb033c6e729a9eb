import { and, eq, getTableColumns } from "drizzle-orm";
import type { Queryable } from "../../platform/db/client.ts";
import { bureauPartners, clients, events, speakerProfiles } from "../../platform/db/schema.ts";
import { aliased, selectJsonRows } from "./json-rows.ts";

/**
 * The account as an import compares against it: every client, bureau partner and event of the user (the
 * fields a workbook can set), read once so thousands of rows are matched in memory, not one query each.
 */

const {
  userId: _owner,
  clientId: _clientId,
  bureauPartnerId: _bureauPartnerId,
  createdAt: _createdAt,
  updatedAt: _updatedAt,
  ...eventColumns
} = getTableColumns(events);

const { userId: _clientOwner, createdAt: _c1, updatedAt: _c2, ...clientColumns } = getTableColumns(clients);
const {
  userId: _partnerOwner,
  createdAt: _p1,
  updatedAt: _p2,
  ...partnerColumns
} = getTableColumns(bureauPartners);
const {
  userId: _profileOwner,
  slug: _slug,
  updatedAt: _p3,
  ...profileColumns
} = getTableColumns(speakerProfiles);

export type ExistingNamed = { id: string; name: string } & Record<string, unknown>;
export type ExistingEvent = Omit<
  typeof events.$inferSelect,
  "userId" | "clientId" | "bureauPartnerId" | "createdAt" | "updatedAt"
> & { clientName: string | null; bureauPartnerName: string | null };
export type ExistingAccount = Awaited<ReturnType<typeof loadExistingAccount>>;

function selectEvents(db: Queryable, userId: string) {
  const query = db
    .select(aliased({ ...eventColumns, clientName: clients.name, bureauPartnerName: bureauPartners.name }))
    .from(events)
    .leftJoin(clients, and(eq(clients.id, events.clientId), eq(clients.userId, events.userId)))
    .leftJoin(
      bureauPartners,
      and(eq(bureauPartners.id, events.bureauPartnerId), eq(bureauPartners.userId, events.userId)),
    )
    .where(eq(events.userId, userId));
  return selectJsonRows<ExistingEvent>(db, query, ["date", "id"]);
}

export async function loadExistingAccount(db: Queryable, userId: string) {
  // One after another: inside a transaction they share one connection.
  const clientRows = await db.select(clientColumns).from(clients).where(eq(clients.userId, userId));
  const partnerRows = await db
    .select(partnerColumns)
    .from(bureauPartners)
    .where(eq(bureauPartners.userId, userId));
  const eventRows = await selectEvents(db, userId);
  const [profile] = await db
    .select(profileColumns)
    .from(speakerProfiles)
    .where(eq(speakerProfiles.userId, userId));
  return {
    clients: clientRows as ExistingNamed[],
    bureauPartners: partnerRows as ExistingNamed[],
    events: eventRows,
    profile: profile ?? null,
  };
}

import { and, asc, eq, getTableColumns } from "drizzle-orm";
import type { Queryable } from "../../platform/db/client.ts";
import { bureauPartners, clients, events, speakerProfiles } from "../../platform/db/schema.ts";

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
export type ExistingEvent = Awaited<ReturnType<typeof selectEvents>>[number];
export type ExistingAccount = Awaited<ReturnType<typeof loadExistingAccount>>;

function selectEvents(db: Queryable, userId: string) {
  return db
    .select({ ...eventColumns, clientName: clients.name, bureauPartnerName: bureauPartners.name })
    .from(events)
    .leftJoin(clients, and(eq(clients.id, events.clientId), eq(clients.userId, events.userId)))
    .leftJoin(
      bureauPartners,
      and(eq(bureauPartners.id, events.bureauPartnerId), eq(bureauPartners.userId, events.userId)),
    )
    .where(eq(events.userId, userId))
    .orderBy(asc(events.date), asc(events.id));
}

export async function loadExistingAccount(db: Queryable, userId: string) {
  const [clientRows, partnerRows, eventRows, [profile]] = await Promise.all([
    db.select(clientColumns).from(clients).where(eq(clients.userId, userId)),
    db.select(partnerColumns).from(bureauPartners).where(eq(bureauPartners.userId, userId)),
    selectEvents(db, userId),
    db.select(profileColumns).from(speakerProfiles).where(eq(speakerProfiles.userId, userId)),
  ]);
  return {
    clients: clientRows as ExistingNamed[],
    bureauPartners: partnerRows as ExistingNamed[],
    events: eventRows,
    profile: profile ?? null,
  };
}

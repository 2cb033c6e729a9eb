import { asc, sql } from "drizzle-orm";
import type { Database } from "../server/platform/db/client.ts";
import { columnRows, columns } from "../server/platform/db/columns.ts";
import {
  bureauPartners,
  clients,
  events,
  idempotencyKeys,
  sessions,
  speakerProfiles,
  users,
} from "../server/platform/db/schema.ts";

type NewEvent = Omit<typeof events.$inferInsert, "userId" | "clientId" | "bureauPartnerId"> & {
  clientName?: string | null;
  bureauPartnerName?: string | null;
};

/** A book of business written straight into the database (money in cents), for export and import tests. */
export type SeedBook = {
  clients?: Omit<typeof clients.$inferInsert, "userId">[];
  bureauPartners?: Omit<typeof bureauPartners.$inferInsert, "userId">[];
  events?: NewEvent[];
  profile?: Omit<typeof speakerProfiles.$inferInsert, "userId">;
};

export async function insertBook(db: Database, userId: string, book: SeedBook): Promise<void> {
  const clientIds = new Map<string, string>();
  const partnerIds = new Map<string, string>();
  if (book.clients?.length) {
    const rows = await db
      .insert(clients)
      .values(
        columnRows(
          clients,
          book.clients.map((client) => ({ ...client, userId })),
        ),
      )
      .returning();
    for (const row of rows) clientIds.set(row.name.toLowerCase(), row.id);
  }
  if (book.bureauPartners?.length) {
    const rows = await db
      .insert(bureauPartners)
      .values(
        columnRows(
          bureauPartners,
          book.bureauPartners.map((partner) => ({ ...partner, userId })),
        ),
      )
      .returning();
    for (const row of rows) partnerIds.set(row.name.toLowerCase(), row.id);
  }
  if (book.events?.length) {
    const values = book.events.map(({ clientName, bureauPartnerName, ...event }) => ({
      ...event,
      userId,
      clientId: clientName ? clientIds.get(clientName.toLowerCase()) : null,
      bureauPartnerId: bureauPartnerName ? partnerIds.get(bureauPartnerName.toLowerCase()) : null,
    }));
    for (let start = 0; start < values.length; start += 1000) {
      await db.insert(events).values(columnRows(events, values.slice(start, start + 1000)));
    }
  }
  if (book.profile)
    await db.insert(speakerProfiles).values(columns(speakerProfiles, { ...book.profile, userId }));
}

/** Every row of every table a user's data lives in, in a fixed order: equal dumps mean nothing changed. */
export async function dumpTables(db: Database) {
  return {
    users: await db.select().from(users).orderBy(asc(users.id)),
    sessions: await db.select().from(sessions).orderBy(asc(sessions.id)),
    clients: await db.select().from(clients).orderBy(asc(clients.id)),
    bureauPartners: await db.select().from(bureauPartners).orderBy(asc(bureauPartners.id)),
    events: await db.select().from(events).orderBy(asc(events.id)),
    speakerProfiles: await db.select().from(speakerProfiles).orderBy(asc(speakerProfiles.userId)),
    idempotencyKeys: await db.select().from(idempotencyKeys).orderBy(asc(idempotencyKeys.key)),
  };
}

/** How many rows of each table belong to a user. */
export async function countRowsOf(db: Database, userId: string) {
  const count = async (table: typeof clients | typeof bureauPartners | typeof events | typeof sessions) => {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(table)
      .where(sql`${table.userId} = ${userId}`);
    return row!.count;
  };
  const [profile] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(speakerProfiles)
    .where(sql`${speakerProfiles.userId} = ${userId}`);
  return {
    clients: await count(clients),
    bureauPartners: await count(bureauPartners),
    events: await count(events),
    sessions: await count(sessions),
    speakerProfiles: profile!.count,
  };
}

import { and, eq, getTableColumns, type SQL } from "drizzle-orm";
import type { ClientListQuery, CreateClient, UpdateClient } from "../../../shared/schemas/clients.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { columns } from "../../platform/db/columns.ts";
import {
  afterNameCursor,
  namedRecordFilter,
  nameSortKey,
  orderByName,
} from "../../platform/db/named-records.ts";
import { clients, events } from "../../platform/db/schema.ts";
import type { Cursor } from "../../platform/http/cursor.ts";
import { eventTotalsColumns } from "../events/event-summaries.ts";

const { userId: _userId, ...clientColumns } = getTableColumns(clients);

function selectClientRows<T extends Record<string, SQL>>(db: Queryable, extra: T) {
  return db
    .select({ ...clientColumns, ...eventTotalsColumns(clients, events.clientId), ...extra })
    .from(clients);
}

export type ClientRow = Awaited<ReturnType<typeof selectClientRows<Record<never, SQL>>>>[number];

export async function findClientRow(db: Queryable, userId: string, id: string): Promise<ClientRow | null> {
  const [row] = await selectClientRows(db, {}).where(and(eq(clients.userId, userId), eq(clients.id, id)));
  return row ?? null;
}

/** The user's clients, or those whose name, company or e-mail contains `q`. */
export function clientListFilter(userId: string, q: string | undefined): SQL | undefined {
  return namedRecordFilter(clients, userId, q, [clients.name, clients.company, clients.email]);
}

/** One page of the clients `filter` keeps, in name order, plus one row more when another page follows. */
export async function listClientRows(
  db: Queryable,
  filter: SQL | undefined,
  query: ClientListQuery,
  after: Cursor | null,
) {
  return selectClientRows(db, { sortKey: nameSortKey(clients) })
    .where(and(filter, after ? afterNameCursor(clients, query.sort, after) : undefined))
    .orderBy(...orderByName(clients, query.sort))
    .limit(query.limit + 1);
}

/** Inserts the client, or returns null when the user already has one of that name (any case). */
export async function insertClient(
  db: Queryable,
  userId: string,
  input: CreateClient,
): Promise<string | null> {
  const [row] = await db
    .insert(clients)
    .values(columns(clients, { ...input, userId }))
    .onConflictDoNothing()
    .returning({ id: clients.id });
  return row?.id ?? null;
}

/** Updates the user's client; false when there is none. A duplicate name throws a unique violation. */
export async function updateClientRow(
  db: Queryable,
  userId: string,
  id: string,
  values: UpdateClient,
): Promise<boolean> {
  const updated = await db
    .update(clients)
    .set(columns(clients, values))
    .where(and(eq(clients.userId, userId), eq(clients.id, id)))
    .returning({ id: clients.id });
  return updated.length > 0;
}

/** Deletes the user's client; its events stay, unlinked (the foreign key is ON DELETE SET NULL). */
export async function deleteClientRow(db: Queryable, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(clients)
    .where(and(eq(clients.userId, userId), eq(clients.id, id)))
    .returning({ id: clients.id });
  return deleted.length > 0;
}

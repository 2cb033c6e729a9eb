import { eq } from "drizzle-orm";
import type { NameListQuery } from "../../../shared/schemas/fields.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { isUniqueViolation } from "../../platform/db/errors.ts";
import type { NamedTable } from "../../platform/db/named-records.ts";
import { namedRecordFilter } from "../../platform/db/named-records.ts";
import { buildPage, decodeCursor } from "../../platform/http/cursor.ts";
import { AppError, notFound } from "../../platform/http/errors.ts";
import { isUuid } from "../../platform/http/ids.ts";
import { findEventTotals, listEventSummaries } from "../events/event-summaries.ts";
import { deleteRow, insertRow, updateRow } from "./queries.ts";
import type { KindTypes, RecordDetail, RecordKind, RecordPage } from "./record-kinds.ts";

const recordNotFound = (kind: { title: string }) => notFound(`${kind.title} not found`);

const duplicateName = (kind: { noun: string }, name: string) =>
  new AppError("CONFLICT", `You already have a ${kind.noun} named "${name}".`, {
    fields: { name: `A ${kind.noun} with this name already exists` },
  });

/** Creates a record; a name the user already has (in any case) is a 409. */
export async function createRecord<K extends KindTypes>(
  db: Queryable,
  kind: RecordKind<K>,
  userId: string,
  input: K["create"],
): Promise<K["item"]> {
  const id = await insertRow(db, kind.table, kind.insertValues(userId, input));
  if (!id) throw duplicateName(kind, input.name);
  return kind.toItem((await kind.rows.find(db, userId, id))!);
}

/** The user's record with its totals and all its events, newest first. */
export async function getRecord<K extends KindTypes>(
  db: Queryable,
  kind: RecordKind<K>,
  userId: string,
  id: string,
): Promise<RecordDetail<K["item"]>> {
  const row = isUuid(id) ? await kind.rows.find(db, userId, id) : null;
  if (!row) throw recordNotFound(kind);
  const events = await listEventSummaries(db, userId, { where: eq(kind.link, id), order: "desc" });
  return { ...kind.toItem(row), events };
}

/**
 * A page of the user's records by name, each with its event count and total fees, and the totals over every
 * record the query matches.
 */
export async function listRecords<K extends KindTypes>(
  db: Queryable,
  kind: RecordKind<K>,
  userId: string,
  query: NameListQuery,
): Promise<RecordPage<K["item"]>> {
  const after = query.cursor ? decodeCursor(query.cursor, query.sort, "string") : null;
  const filter = namedRecordFilter(kind.table, userId, query.q, kind.searched);
  const rows = await kind.rows.page(db, filter, query, after);
  const page = buildPage(rows, {
    limit: query.limit,
    sort: query.sort,
    keyOf: (row) => row.sortKey,
    toItem: kind.toItem,
  });
  return { ...page, totals: await findEventTotals(db, kind.table, kind.link, filter) };
}

/** A partial update; renaming onto another of the user's names of this kind (any case) is a 409. */
export async function updateRecord<K extends KindTypes>(
  db: Queryable,
  kind: RecordKind<K>,
  userId: string,
  id: string,
  input: K["update"],
): Promise<K["item"]> {
  if (!isUuid(id)) throw recordNotFound(kind);
  if (Object.values(input).some((value) => value !== undefined)) {
    const isUpdated = await updateRow(db, kind.table, userId, id, kind.updateValues(input)).catch(
      (error: unknown) => {
        throw isUniqueViolation(error) ? duplicateName(kind, input.name ?? "") : error;
      },
    );
    if (!isUpdated) throw recordNotFound(kind);
  }
  const row = await kind.rows.find(db, userId, id);
  if (!row) throw recordNotFound(kind);
  return kind.toItem(row);
}

/** Deletes the user's record; its events keep their data and lose the link. */
export async function deleteRecord(
  db: Queryable,
  kind: { table: NamedTable; title: string },
  userId: string,
  id: string,
): Promise<void> {
  if (!isUuid(id) || !(await deleteRow(db, kind.table, userId, id))) throw recordNotFound(kind);
}

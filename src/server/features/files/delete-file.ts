import type { Database } from "../../platform/db/client.ts";
import { notFound } from "../../platform/http/errors.ts";
import { isUuid } from "../../platform/http/ids.ts";
import type { ObjectStore } from "../../platform/storage/object-store.ts";
import { deleteFileRow } from "./queries.ts";

export const fileNotFound = () => notFound("File not found");

/**
 * Deletes a file: the row first (it leaves the media kit and every share link with it, ON DELETE CASCADE),
 * then the object. An object left behind by a failed removal is unreachable: no row points at it.
 */
export async function deleteFile(db: Database, store: ObjectStore, userId: string, id: string) {
  const row = isUuid(id) ? await deleteFileRow(db, userId, id) : null;
  if (!row) throw fileNotFound();
  await store.remove(row.storageKey);
}

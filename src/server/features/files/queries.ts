import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { FileKind, StoredFile } from "../../../shared/schemas/files.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { files } from "../../platform/db/schema.ts";

export type FileRow = typeof files.$inferSelect;

export const fileColumns = {
  id: files.id,
  kind: files.kind,
  filename: files.filename,
  contentType: files.contentType,
  size: files.size,
  createdAt: files.createdAt,
};

export function toStoredFile(row: Pick<FileRow, keyof typeof fileColumns>): StoredFile {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

export async function listFileRows(db: Queryable, userId: string, kind?: FileKind) {
  return db
    .select(fileColumns)
    .from(files)
    .where(and(eq(files.userId, userId), kind ? eq(files.kind, kind) : undefined))
    .orderBy(desc(files.createdAt), asc(files.id));
}

/** Bytes the account stores, for FILE_QUOTA_MB. */
export async function usedBytes(db: Queryable, userId: string): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<string>`coalesce(sum(${files.size}), 0)` })
    .from(files)
    .where(eq(files.userId, userId));
  return Number(row?.bytes ?? 0);
}

export async function findFileRow(db: Queryable, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.userId, userId), eq(files.id, id)));
  return row ?? null;
}

export async function deleteFileRow(db: Queryable, userId: string, id: string) {
  const [row] = await db
    .delete(files)
    .where(and(eq(files.userId, userId), eq(files.id, id)))
    .returning({ storageKey: files.storageKey });
  return row ?? null;
}

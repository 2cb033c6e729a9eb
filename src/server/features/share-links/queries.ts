import { and, asc, desc, eq, getTableColumns, gt, inArray, isNull, or, sql } from "drizzle-orm";
import type { ShareLink } from "../../../shared/schemas/share-links.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { columnRows } from "../../platform/db/columns.ts";
import { events, files, mediaKitFiles, shareLinkFiles, shareLinks, users } from "../../platform/db/schema.ts";
import { createWriteBehind } from "../../platform/db/write-behind.ts";

export type ShareLinkRow = typeof shareLinks.$inferSelect;

const iso = (value: Date | null) => value?.toISOString() ?? null;

export function toShareLink(row: ShareLinkRow, fileIds: string[], url: string | null = null): ShareLink {
  return {
    id: row.id,
    kind: row.kind,
    label: row.label,
    url,
    fileIds,
    eventId: row.eventId,
    expiresAt: iso(row.expiresAt),
    revokedAt: iso(row.revokedAt),
    viewCount: row.viewCount,
    lastViewedAt: iso(row.lastViewedAt),
    downloadCount: row.downloadCount,
    createdAt: row.createdAt.toISOString(),
  };
}

/** File ids of each link, in their order. */
export async function fileIdsByLink(db: Queryable, userId: string, linkIds: string[]) {
  const byLink = new Map<string, string[]>(linkIds.map((id) => [id, []]));
  if (linkIds.length === 0) return byLink;
  const rows = await db
    .select({ shareLinkId: shareLinkFiles.shareLinkId, fileId: shareLinkFiles.fileId })
    .from(shareLinkFiles)
    .where(and(eq(shareLinkFiles.userId, userId), inArray(shareLinkFiles.shareLinkId, linkIds)))
    .orderBy(asc(shareLinkFiles.position));
  for (const row of rows) byLink.get(row.shareLinkId)?.push(row.fileId);
  return byLink;
}

export async function listShareLinkRows(db: Queryable, userId: string) {
  return db
    .select()
    .from(shareLinks)
    .where(eq(shareLinks.userId, userId))
    .orderBy(desc(shareLinks.createdAt));
}

export async function findShareLinkRow(db: Queryable, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(shareLinks)
    .where(and(eq(shareLinks.userId, userId), eq(shareLinks.id, id)));
  return row ?? null;
}

export async function replaceLinkFiles(db: Queryable, userId: string, linkId: string, fileIds: string[]) {
  await db
    .delete(shareLinkFiles)
    .where(and(eq(shareLinkFiles.userId, userId), eq(shareLinkFiles.shareLinkId, linkId)));
  const unique = [...new Set(fileIds)];
  if (unique.length > 0) {
    await db.insert(shareLinkFiles).values(
      columnRows(
        shareLinkFiles,
        unique.map((fileId, position) => ({ shareLinkId: linkId, fileId, userId, position })),
      ),
    );
  }
}

export async function countOwnFiles(db: Queryable, userId: string, ids: string[]) {
  if (ids.length === 0) return 0;
  const rows = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.userId, userId), inArray(files.id, [...new Set(ids)])));
  return rows.length;
}

export async function ownsEvent(db: Queryable, userId: string, eventId: string) {
  const [row] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.userId, userId), eq(events.id, eventId)));
  return Boolean(row);
}

/** A live link by its token's hash: not revoked, not expired at `now`. */
export async function findLiveLink(db: Queryable, tokenHash: string, now: Date) {
  const [row] = await db
    .select(getTableColumns(shareLinks))
    .from(shareLinks)
    // A disabled account's links are dead like revoked ones (DESIGN §10).
    .innerJoin(users, eq(users.id, shareLinks.userId))
    .where(
      and(
        eq(shareLinks.tokenHash, tokenHash),
        isNull(shareLinks.revokedAt),
        or(isNull(shareLinks.expiresAt), gt(shareLinks.expiresAt, now)),
        isNull(users.disabledAt),
      ),
    );
  return row ?? null;
}

type PublicFileRow = { id: string; filename: string; contentType: string; size: number; storageKey: string };

const publicFileColumns = {
  id: files.id,
  filename: files.filename,
  contentType: files.contentType,
  size: files.size,
  storageKey: files.storageKey,
};

/** The files a link offers for download: its chosen files, or the media kit's resources. */
export async function linkFiles(db: Queryable, link: ShareLinkRow): Promise<PublicFileRow[]> {
  if (link.kind === "resources") {
    return db
      .select(publicFileColumns)
      .from(shareLinkFiles)
      .innerJoin(files, eq(files.id, shareLinkFiles.fileId))
      .where(and(eq(shareLinkFiles.shareLinkId, link.id), eq(files.userId, link.userId)))
      .orderBy(asc(shareLinkFiles.position));
  }
  return kitFiles(db, link.userId, "resource");
}

export async function kitFiles(db: Queryable, userId: string, role: "headshot" | "resource") {
  return db
    .select(publicFileColumns)
    .from(mediaKitFiles)
    .innerJoin(files, eq(files.id, mediaKitFiles.fileId))
    .where(and(eq(mediaKitFiles.userId, userId), eq(mediaKitFiles.role, role), eq(files.userId, userId)))
    .orderBy(asc(mediaKitFiles.position));
}

type LinkTally = { views: number; downloads: number; lastViewedAt: Date | null };

/**
 * Views and downloads of public links, written behind (decision 033): a shared media kit opened by many at once
 * costs no write per request. The speaker's list flushes them first, so it always shows every visit.
 */
export function createShareLinkCounts(db: Queryable, onError: (error: unknown) => void) {
  const tallies = createWriteBehind<LinkTally>({
    onError,
    merge: (earlier, later) => ({
      views: earlier.views + later.views,
      downloads: earlier.downloads + later.downloads,
      lastViewedAt: later.lastViewedAt ?? earlier.lastViewedAt,
    }),
    async write(linkId, tally) {
      await db
        .update(shareLinks)
        .set({
          viewCount: sql`${shareLinks.viewCount} + ${tally.views}`,
          downloadCount: sql`${shareLinks.downloadCount} + ${tally.downloads}`,
          lastViewedAt: sql`greatest(${shareLinks.lastViewedAt}, ${tally.lastViewedAt?.toISOString() ?? null}::timestamptz)`,
        })
        .where(eq(shareLinks.id, linkId));
    },
  });
  return {
    view: (linkId: string, now: Date) => tallies.add(linkId, { views: 1, downloads: 0, lastViewedAt: now }),
    download: (linkId: string) => tallies.add(linkId, { views: 0, downloads: 1, lastViewedAt: null }),
    flush: tallies.flush,
    close: tallies.close,
  };
}

export type ShareLinkCounts = ReturnType<typeof createShareLinkCounts>;

import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type {
  createShareLinkSchema,
  ShareLink,
  updateShareLinkSchema,
} from "../../../shared/schemas/share-links.ts";
import { createRandomToken, sha256 } from "../../platform/auth/tokens.ts";
import type { Database, Queryable } from "../../platform/db/client.ts";
import { columns } from "../../platform/db/columns.ts";
import { shareLinks, speakerProfiles } from "../../platform/db/schema.ts";
import { AppError, notFound } from "../../platform/http/errors.ts";
import { isUuid } from "../../platform/http/ids.ts";
import {
  countOwnFiles,
  fileIdsByLink,
  findShareLinkRow,
  listShareLinkRows,
  ownsEvent,
  replaceLinkFiles,
  toShareLink,
} from "./queries.ts";

type CreateInput = z.output<typeof createShareLinkSchema>;
type UpdateInput = z.output<typeof updateShareLinkSchema>;

export const shareLinkNotFound = () => notFound("Share link not found");
const badField = (field: string, message: string) =>
  new AppError("BAD_REQUEST", message, { fields: { [field]: message } });

export async function listShareLinks(db: Queryable, userId: string): Promise<ShareLink[]> {
  const rows = await listShareLinkRows(db, userId);
  const ids = await fileIdsByLink(
    db,
    userId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toShareLink(row, ids.get(row.id) ?? []));
}

/** Creates a link; its address (with the token) is in this answer only. */
export async function createShareLink(db: Database, appUrl: string, userId: string, input: CreateInput) {
  const fileIds = input.kind === "resources" ? (input.fileIds ?? []) : [];
  if (input.kind === "resources" && fileIds.length === 0)
    throw badField("fileIds", "Choose at least one file to share");
  await assertOwnFiles(db, userId, fileIds);
  if (input.eventId && !(await ownsEvent(db, userId, input.eventId)))
    throw badField("eventId", "Event not found");
  let slug: string | null = null;
  if (input.kind === "media_kit") {
    const [profile] = await db
      .select({ slug: speakerProfiles.slug })
      .from(speakerProfiles)
      .where(eq(speakerProfiles.userId, userId));
    slug = profile?.slug ?? null;
    if (!slug) throw new AppError("CONFLICT", "Choose your media kit's address (slug) before sharing it.");
  }
  const token = createRandomToken();
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(shareLinks)
      .values({
        userId,
        kind: input.kind,
        label: input.label,
        tokenHash: sha256(token),
        eventId: input.eventId ?? null,
        expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
      })
      .returning();
    await replaceLinkFiles(tx, userId, created!.id, fileIds);
    return created!;
  });
  const url = slug ? `${appUrl}/share/${slug}/${token}` : `${appUrl}/shared/${token}`;
  return toShareLink(row, [...new Set(fileIds)], url);
}

export async function updateShareLink(db: Database, userId: string, id: string, input: UpdateInput) {
  const existing = isUuid(id) ? await findShareLinkRow(db, userId, id) : null;
  if (!existing) throw shareLinkNotFound();
  if (input.fileIds) {
    if (existing.kind === "resources" && input.fileIds.length === 0) {
      throw badField("fileIds", "Choose at least one file to share");
    }
    await assertOwnFiles(db, userId, input.fileIds);
  }
  await db.transaction(async (tx) => {
    const values = {
      ...(input.label === undefined ? {} : { label: input.label }),
      ...(input.expiresAt === undefined
        ? {}
        : { expiresAt: input.expiresAt ? new Date(input.expiresAt) : null }),
    };
    if (Object.keys(values).length > 0) {
      await tx
        .update(shareLinks)
        .set(columns(shareLinks, values))
        .where(and(eq(shareLinks.userId, userId), eq(shareLinks.id, id)));
    }
    if (input.fileIds && existing.kind === "resources") await replaceLinkFiles(tx, userId, id, input.fileIds);
  });
  return getShareLink(db, userId, id);
}

/** Revoking is final: the link answers "no longer available" from now on. */
export async function revokeShareLink(db: Queryable, userId: string, id: string, now: Date) {
  if (!isUuid(id)) throw shareLinkNotFound();
  const [row] = await db
    .update(shareLinks)
    .set({ revokedAt: now })
    .where(and(eq(shareLinks.userId, userId), eq(shareLinks.id, id)))
    .returning({ id: shareLinks.id });
  if (!row) throw shareLinkNotFound();
  return getShareLink(db, userId, id);
}

async function getShareLink(db: Queryable, userId: string, id: string) {
  const row = await findShareLinkRow(db, userId, id);
  if (!row) throw shareLinkNotFound();
  const ids = await fileIdsByLink(db, userId, [id]);
  return toShareLink(row, ids.get(id) ?? []);
}

async function assertOwnFiles(db: Queryable, userId: string, fileIds: string[]) {
  if ((await countOwnFiles(db, userId, fileIds)) !== new Set(fileIds).size) {
    throw badField("fileIds", "A chosen file no longer exists");
  }
}

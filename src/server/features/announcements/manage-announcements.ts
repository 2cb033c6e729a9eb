import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import type {
  announcementInputSchema,
  announcementPatchSchema,
} from "../../../shared/schemas/announcements.ts";
import { columns } from "../../platform/db/columns.ts";
import { announcements } from "../../platform/db/schema.ts";
import { AppError, notFound } from "../../platform/http/errors.ts";
import { recordAdminAction } from "../admin/audit-log.ts";
import { toAnnouncement } from "./queries.ts";

type Input = z.output<typeof announcementInputSchema>;
type Patch = z.output<typeof announcementPatchSchema>;

const toDate = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null ? null : new Date(value);

/** Creates an announcement and its audit entry in one transaction. */
export async function createAnnouncement(app: FastifyInstance, request: FastifyRequest, input: Input) {
  return app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(announcements)
      .values(
        columns(announcements, { ...input, startsAt: toDate(input.startsAt), endsAt: toDate(input.endsAt) }),
      )
      .returning();
    await recordAdminAction(tx, request, {
      action: "announcement.created",
      detail: { announcementId: row!.id, title: row!.title },
    });
    return toAnnouncement(row!);
  });
}

/** Changes the given fields; the result must still end after it starts. */
export async function updateAnnouncement(
  app: FastifyInstance,
  request: FastifyRequest,
  id: string,
  patch: Patch,
) {
  return app.db.transaction(async (tx) => {
    const [current] = await tx.select().from(announcements).where(eq(announcements.id, id)).for("update");
    if (!current) throw notFound("Announcement not found");
    const startsAt = patch.startsAt === undefined ? current.startsAt : toDate(patch.startsAt);
    const endsAt = patch.endsAt === undefined ? current.endsAt : toDate(patch.endsAt);
    if (startsAt && endsAt && endsAt <= startsAt) {
      const message = "The end must be after the start";
      throw new AppError("BAD_REQUEST", message, { fields: { endsAt: message } });
    }
    const [row] = await tx
      .update(announcements)
      .set(columns(announcements, { ...patch, startsAt, endsAt }))
      .where(eq(announcements.id, id))
      .returning();
    await recordAdminAction(tx, request, {
      action: "announcement.updated",
      detail: { announcementId: id, title: row!.title, fields: Object.keys(patch) },
    });
    return toAnnouncement(row!);
  });
}

export async function deleteAnnouncement(app: FastifyInstance, request: FastifyRequest, id: string) {
  await app.db.transaction(async (tx) => {
    const [row] = await tx.delete(announcements).where(eq(announcements.id, id)).returning();
    if (!row) throw notFound("Announcement not found");
    await recordAdminAction(tx, request, {
      action: "announcement.deleted",
      detail: { announcementId: id, title: row.title },
    });
  });
}

import { and, eq } from "drizzle-orm";
import { isImageType } from "../../../shared/schemas/files.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { events, files } from "../../platform/db/schema.ts";
import { AppError } from "../../platform/http/errors.ts";

export const badField = (field: string, message: string) =>
  new AppError("BAD_REQUEST", message, { fields: { [field]: message } });

/** 400 unless the event is this speaker's (another speaker's id reads as unknown). */
export async function assertOwnEvent(db: Queryable, userId: string, eventId: string | null | undefined) {
  if (!eventId) return;
  const [row] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.userId, userId), eq(events.id, eventId)));
  if (!row) throw badField("eventId", "Event not found");
}

/** 400 unless the file is this speaker's photo or PDF: a receipt must be something one can look at. */
export async function assertOwnReceipt(db: Queryable, userId: string, fileId: string | null | undefined) {
  if (!fileId) return;
  const [row] = await db
    .select({ contentType: files.contentType })
    .from(files)
    .where(and(eq(files.userId, userId), eq(files.id, fileId)));
  if (!row) throw badField("receiptFileId", "Receipt not found");
  if (!isImageType(row.contentType) && row.contentType !== "application/pdf")
    throw badField("receiptFileId", "A receipt must be a photo or a PDF");
}

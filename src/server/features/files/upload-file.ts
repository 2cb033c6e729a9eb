import fs from "node:fs/promises";
import type { MultipartFile } from "@fastify/multipart";
import { sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { fileMessages, MB } from "../../../shared/file-size.ts";
import {
  type FileKind,
  fileKindSchema,
  isImageType,
  type StoredFile,
} from "../../../shared/schemas/files.ts";
import type { Database } from "../../platform/db/client.ts";
import { files } from "../../platform/db/schema.ts";
import { AppError } from "../../platform/http/errors.ts";
import { isWithinImageLimits, readImageFileDimensions } from "../../platform/images/image-dimensions.ts";
import { detectFileType } from "../../platform/storage/detect-type.ts";
import { cleanFilename } from "../../platform/storage/file-name.ts";
import { type ObjectStore, storageKeyOf } from "../../platform/storage/object-store.ts";
import {
  type ReceivedUpload,
  receiveUpload,
  UploadTooLargeError,
} from "../../platform/storage/receive-upload.ts";
import { toStoredFile, usedBytes } from "./queries.ts";

export type UploadContext = {
  db: Database;
  store: ObjectStore;
  incomingDir: string;
  maxBytes: number;
  maxMb: number;
  quotaBytes: number;
};

/**
 * `POST /api/files`: streams the multipart `file` to a temporary file, judges its type from the bytes, and
 * stores it under the account's quota. The row and the object are written together at the very end, so an
 * upload that fails or is cut off on the way leaves neither behind.
 */
export async function uploadFile(ctx: UploadContext, request: FastifyRequest, userId: string) {
  if (!request.isMultipart()) throw new AppError("UNSUPPORTED_MEDIA_TYPE", fileMessages.notMultipart);
  const before = await usedBytes(ctx.db, userId);
  if (before >= ctx.quotaBytes) throw overQuota(before, ctx.quotaBytes);

  let upload: (ReceivedUpload & { filename: string }) | undefined;
  let kindField: string | undefined;
  try {
    try {
      for await (const part of request.parts()) {
        if (part.type === "field") {
          if (part.fieldname === "kind" && typeof part.value === "string") kindField = part.value;
        } else if (part.fieldname === "file" && !upload) {
          upload = { ...(await receivePart(ctx, part, request)), filename: cleanFilename(part.filename) };
        } else {
          part.file.resume();
        }
      }
    } catch (error) {
      throw uploadError(error, ctx, request);
    }
    if (!upload)
      throw new AppError("BAD_REQUEST", fileMessages.noFile, { fields: { file: fileMessages.noFile } });
    if (upload.size === 0)
      throw new AppError("BAD_REQUEST", fileMessages.empty, { fields: { file: fileMessages.empty } });
    const kind = parseKind(kindField);
    const contentType = await detectFileType(upload.path);
    if (!contentType) throw new AppError("UNSUPPORTED_MEDIA_TYPE", fileMessages.notAllowed);
    if ((kind === "headshot" || kind === "logo") && !isImageType(contentType)) {
      throw new AppError("UNSUPPORTED_MEDIA_TYPE", fileMessages.notAnImage);
    }
    // Any image may become a headshot or a logo, drawn into PDFs: each is bounded, whatever its kind.
    if (isImageType(contentType)) await assertImageWithinLimits(upload.path);
    return await storeUpload(ctx, userId, { ...upload, kind, contentType });
  } finally {
    if (upload) await fs.rm(upload.path, { force: true });
  }
}

async function assertImageWithinLimits(filePath: string) {
  const dimensions = await readImageFileDimensions(filePath);
  if (!dimensions) throw new AppError("UNSUPPORTED_MEDIA_TYPE", fileMessages.imageUnreadable);
  if (!isWithinImageLimits(dimensions)) {
    throw new AppError("PAYLOAD_TOO_LARGE", fileMessages.imageTooLarge(dimensions.width, dimensions.height));
  }
}

async function receivePart(ctx: UploadContext, part: MultipartFile, request: FastifyRequest) {
  try {
    return await receiveUpload(part.file, ctx.incomingDir, ctx.maxBytes);
  } catch (error) {
    throw uploadError(error, ctx, request);
  }
}

async function storeUpload(
  ctx: UploadContext,
  userId: string,
  upload: ReceivedUpload & { filename: string; kind: FileKind; contentType: string },
): Promise<StoredFile> {
  const id = crypto.randomUUID();
  const storageKey = storageKeyOf(userId, id);
  try {
    return await ctx.db.transaction(async (tx) => {
      // One upload at a time per account, so two at once cannot both fit under the quota.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`files:${userId}`}, 0))`);
      const used = await usedBytes(tx, userId);
      if (used + upload.size > ctx.quotaBytes) throw overQuota(used, ctx.quotaBytes);
      const [row] = await tx
        .insert(files)
        .values({
          id,
          userId,
          kind: upload.kind,
          filename: upload.filename,
          contentType: upload.contentType,
          size: upload.size,
          sha256: upload.sha256,
          storageKey,
        })
        .returning();
      await ctx.store.put(storageKey, upload.path, upload.size, upload.contentType);
      return toStoredFile(row!);
    });
  } catch (error) {
    // The transaction failed after (or while) the object was written: take the object back out.
    if (!(error instanceof AppError)) await ctx.store.remove(storageKey).catch(() => undefined);
    throw error;
  }
}

function parseKind(value: string | undefined): FileKind {
  if (value === undefined || value === "") return "document";
  const parsed = fileKindSchema.safeParse(value);
  if (!parsed.success) {
    const message = parsed.error.issues[0]!.message;
    throw new AppError("BAD_REQUEST", message, { fields: { kind: message } });
  }
  return parsed.data;
}

function overQuota(used: number, limit: number) {
  return new AppError("PAYLOAD_TOO_LARGE", fileMessages.overQuota(used, limit));
}

/** Maps what can go wrong while the bytes arrive to a plain answer. */
function uploadError(error: unknown, ctx: UploadContext, request: FastifyRequest): unknown {
  if (error instanceof AppError) return error;
  if (error instanceof UploadTooLargeError) {
    // Past the drain cap the request's length is the best estimate of the file's size.
    const size = error.complete
      ? error.size
      : Math.max(error.size, Number(request.headers["content-length"] ?? 0));
    return new AppError("PAYLOAD_TOO_LARGE", fileMessages.tooLarge(size, ctx.maxMb));
  }
  const code = (error as { code?: string }).code;
  if (code === "FST_REQ_FILE_TOO_LARGE") {
    const declared = Number(request.headers["content-length"] ?? ctx.maxBytes + 1);
    return new AppError("PAYLOAD_TOO_LARGE", fileMessages.tooLarge(declared, ctx.maxMb));
  }
  if (
    code?.startsWith("FST_") ||
    /unexpected end of (form|multipart)|terminated early|aborted|premature close/i.test(String(error))
  ) {
    return new AppError("BAD_REQUEST", fileMessages.cutOff);
  }
  return error;
}

export const maxBytesOf = (mb: number) => Math.floor(mb * MB);

import type { FastifyReply } from "fastify";
import { isImageType } from "../../../shared/schemas/files.ts";
import type { ObjectStore } from "./object-store.ts";

type Sendable = { storageKey: string; filename: string; contentType: string; size: number };

/**
 * How a browser or a cache may keep a file: the owner's own, privately and checked again before use; one
 * served through a public link, never (a shared computer or a proxy keeps nothing of it).
 */
export type CacheControl = "private, no-cache" | "no-store";

/** `attachment; filename="…"` with an ASCII fallback and the exact name in RFC 5987 form. */
export function contentDisposition(type: "inline" | "attachment", filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * Sends a stored file (DESIGN §9): its stored type (never guessed again), `nosniff`, inline only for
 * images and PDFs, every other type as an attachment. Only allowed types are ever stored, so no answer is
 * HTML or SVG.
 */
export async function sendStoredFile(
  reply: FastifyReply,
  store: ObjectStore,
  file: Sendable,
  cacheControl: CacheControl,
) {
  const body = await store.get(file.storageKey);
  const inline = isImageType(file.contentType) || file.contentType === "application/pdf";
  const type = file.contentType === "text/plain" ? "text/plain; charset=utf-8" : file.contentType;
  return reply
    .header("content-type", type)
    .header("content-length", String(file.size))
    .header("content-disposition", contentDisposition(inline ? "inline" : "attachment", file.filename))
    .header("x-content-type-options", "nosniff")
    .header("cache-control", cacheControl)
    .send(body);
}

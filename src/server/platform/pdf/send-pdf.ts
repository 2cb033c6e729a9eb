import type { FastifyReply } from "fastify";
import { type CacheControl, contentDisposition } from "../storage/send-stored-file.ts";

/** A generated PDF, shown in the browser's viewer; `no-store` when a public link serves it. */
export function sendPdf(reply: FastifyReply, pdf: Uint8Array, filename: string, cacheControl: CacheControl) {
  return reply
    .type("application/pdf")
    .header("content-disposition", contentDisposition("inline", filename))
    .header("x-content-type-options", "nosniff")
    .header("cache-control", cacheControl)
    .send(Buffer.from(pdf));
}

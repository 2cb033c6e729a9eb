import fp from "fastify-plugin";
import { AppError } from "./errors.ts";
import { requestKind } from "./request-kind.ts";

export const nulCharacterMessage = "Text cannot contain the NUL character (\\u0000).";

/** The path of the first string holding a NUL, e.g. `notes` or `items.2.name`; null when there is none. */
function findNul(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? path : null;
  // Raw bytes (Stripe's webhook) are no text for the database; walking them would cost a step per byte.
  if (depth > 32 || value === null || typeof value !== "object" || ArrayBuffer.isView(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes("\u0000")) return path;
    const found = findNul(item, path ? `${path}.${key}` : key, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * PostgreSQL text cannot hold NUL, so a string with one would fail in the database as a 500. Every API
 * call's query, path parameters and JSON body are checked before validation and refused with a 400 that
 * names the field (issue 10, item 5) — anonymous calls too, before any rate-limit counter.
 */
export const nulGuardPlugin = fp(async (app) => {
  app.addHook("preValidation", async (request) => {
    if (!requestKind(request).isApi) return;
    for (const part of [request.params, request.query, request.body]) {
      const field = findNul(part, "");
      if (field !== null) {
        throw new AppError("BAD_REQUEST", nulCharacterMessage, {
          fields: { [field || "body"]: nulCharacterMessage },
        });
      }
    }
  });
});

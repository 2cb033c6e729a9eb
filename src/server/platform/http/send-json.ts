import type { FastifyReply } from "fastify";
import type { z } from "zod";

/** JSON text that the database built in the shape of `T` (see features/events/event-json.ts). */
export type JsonText<T> = string & { readonly shape?: T };

/**
 * Sends JSON text as is, without the route's serializer. Outside production the text is first checked
 * against the route's response schema, so every test proves the database builds the documented shape.
 */
export function sendJson<T>(reply: FastifyReply, schema: z.ZodType<T>, text: JsonText<T>) {
  if (!reply.server.config.isProduction) schema.parse(JSON.parse(text));
  return reply.type("application/json; charset=utf-8").send(text);
}

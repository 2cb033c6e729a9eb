import { Negotiator } from "@fastify/accept-negotiator";
import type { FastifyReply } from "fastify";
import type { z } from "zod";
import {
  ANSWER_ENCODINGS,
  type AnswerEncoding,
  type CachedAnswer,
  COMPRESS_FROM_BYTES,
} from "./cached-answer.ts";

/** JSON text that the database built in the shape of `T` (see features/events/event-json.ts). */
export type JsonText<T> = string & { readonly shape?: T };

const JSON_TYPE = "application/json; charset=utf-8";

/**
 * Sends JSON text as is, without the route's serializer. Outside production the text is first checked
 * against the route's response schema, so every test proves the database builds the documented shape.
 */
export function sendJson<T>(reply: FastifyReply, schema: z.ZodType<T>, text: JsonText<T>) {
  if (!reply.server.config.isProduction) schema.parse(JSON.parse(text));
  return reply.type(JSON_TYPE).send(text);
}

/**
 * Sends a cached answer of a signed-in read (book-cache.ts) as the client asked for it: `304` with no body
 * when its `If-None-Match` names the answer's ETag, otherwise the body compressed as its `Accept-Encoding`
 * prefers (made once per answer, not per request; @fastify/compress leaves an encoded body alone) or the
 * text. Every answer carries the ETag and `Vary: Accept-Encoding`. Outside production the text is checked
 * against the response schema once per answer.
 */
export async function sendCachedAnswer<T>(
  reply: FastifyReply,
  schema: z.ZodType<T>,
  answer: CachedAnswer<T>,
) {
  if (!answer.isChecked && !reply.server.config.isProduction) {
    schema.parse(JSON.parse(answer.text));
    answer.isChecked = true;
  }
  const { headers } = reply.request;
  reply.header("etag", answer.etag).header("vary", "Accept-Encoding");
  if (matchesEtag(headers["if-none-match"], answer.etag)) return reply.status(304).send();
  reply.type(JSON_TYPE);
  const encoding = answer.bytes >= COMPRESS_FROM_BYTES ? preferredEncoding(headers["accept-encoding"]) : null;
  if (!encoding) return reply.send(answer.text);
  return reply.header("content-encoding", encoding).send(await answer.body(encoding));
}

/** Accept-Encoding headers seen, and what each chose: browsers send a handful of distinct ones. */
const choices = new Map<string, string>();
const MAX_CHOICES = 64;
const encodings = new Negotiator<AnswerEncoding | "identity">({
  supportedValues: [...ANSWER_ENCODINGS, "identity"],
  cache: {
    has: (header) => choices.has(header),
    get: (header) => choices.get(header),
    set(header, choice) {
      if (choices.size >= MAX_CHOICES) choices.clear();
      choices.set(header, choice);
      return this;
    },
  },
});

/** The encoding a client's Accept-Encoding prefers (its q-values respected), or null for the text as is. */
export function preferredEncoding(acceptEncoding: string | undefined): AnswerEncoding | null {
  if (!acceptEncoding) return null;
  const choice = encodings.negotiate(acceptEncoding.toLowerCase());
  return choice === "identity" ? null : choice;
}

/** Whether an If-None-Match list names `etag`, compared weakly (RFC 9110 §13.1.2), or is `*`. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => {
    const trimmed = tag.trim();
    return trimmed === "*" || trimmed.replace(/^W\//, "") === opaque;
  });
}

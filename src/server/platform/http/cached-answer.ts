import { hash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { JsonText } from "./send-json.ts";

/** The compressed bodies a cached answer keeps, in the server's order of preference. */
export const ANSWER_ENCODINGS = ["br", "gzip"] as const;
export type AnswerEncoding = (typeof ANSWER_ENCODINGS)[number];

/** Below this many bytes compression saves less than its headers cost (@fastify/compress's threshold too). */
export const COMPRESS_FROM_BYTES = 1024;

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Brotli quality 4 and gzip level 6 (measured on a 50-event list, see decision 018): each builds in about a
 * millisecond, once per answer. Zlib's asynchronous calls run on the thread pool, so a large answer does not
 * hold the event loop while it compresses.
 */
const compress: Record<AnswerEncoding, (text: string) => Promise<Buffer>> = {
  br: (text) =>
    brotliCompress(text, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: text.length,
      },
    }),
  gzip: (text) => gzip(text, { level: 6 }),
};

/**
 * One cached answer of a signed-in read: its JSON text, an ETag tied to what it answers, and its compressed
 * bodies, each made on first demand and then kept with it (concurrent first demands share one compression).
 */
export class CachedAnswer<T = unknown> {
  /**
   * Weak (the same for every encoding of the text): a hash of the cache key (speaker, book version, what was
   * asked) and the text, so another speaker's tag never matches and a rebuilt answer that changed gets a new
   * one.
   */
  readonly etag: string;
  /** The text's size in UTF-8, what decides whether it is worth compressing. */
  readonly bytes: number;
  /** Outside production, whether the text was checked against its route's response schema (once per answer). */
  isChecked = false;
  private readonly pending = new Map<AnswerEncoding, Promise<Buffer>>();
  private readonly ready = new Map<AnswerEncoding, Buffer>();

  readonly text: JsonText<T>;
  /** Told the size of each compressed body once made, so the cache counts it. */
  private readonly onCompressed: (bytes: number) => void;

  constructor(key: string, text: JsonText<T>, onCompressed: (bytes: number) => void) {
    this.text = text;
    this.onCompressed = onCompressed;
    this.etag = `W/"${hash("sha256", `${key}\n${text}`, "base64url")}"`;
    this.bytes = Buffer.byteLength(text);
  }

  /** The compressed body, at once when already made. */
  body(encoding: AnswerEncoding): Buffer | Promise<Buffer> {
    const ready = this.ready.get(encoding);
    if (ready) return ready;
    let pending = this.pending.get(encoding);
    if (!pending) {
      pending = compress[encoding](this.text).then((body) => {
        this.ready.set(encoding, body);
        this.pending.delete(encoding);
        this.onCompressed(body.length);
        return body;
      });
      // A failed compression is not kept: the next demand tries again.
      pending.catch(() => this.pending.delete(encoding));
      this.pending.set(encoding, pending);
    }
    return pending;
  }
}

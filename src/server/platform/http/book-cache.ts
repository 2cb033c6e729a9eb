import type { z } from "zod";
import type { Queryable } from "../db/client.ts";
import { cacheReads } from "../metrics/process-metrics.ts";
import { CachedAnswer } from "./cached-answer.ts";

/**
 * Size of what a process keeps per database: characters of answer text plus bytes of their compressed
 * bodies, least recently used dropped first.
 */
const MAX_CACHED_SIZE = 32 * 1024 * 1024;

/** Whose answer, and their book version read before it (the session lookup reads it, decision 007). */
export type BookReader = { userId: string; bookVersion: number };

/**
 * An answer as JSON text, and the instant (ms since the epoch) after which it may differ although the
 * speaker's book has not changed: a rule measured against the clock (the dashboard's follow-ups). None means
 * it only changes with the book.
 */
export type BuiltText = { text: string; until?: number };

type Entry = { answer: CachedAnswer; until?: number; userId: string; version: number; size: number };

/**
 * Answers of signed-in reads (their text and, once asked for, compressed bodies), keyed by speaker, book
 * version and what was asked. An answer is reused only while the speaker's book version is the one it was
 * built under (and before its `until`), so the cache never answers stale data. A speaker's answers of older
 * versions are dropped as soon as a newer version is cached; concurrent misses of one key share a single
 * build. Each process keeps its own; nothing in it matters when it is lost.
 */
class BookCache {
  private readonly entries = new Map<string, Entry>();
  private readonly building = new Map<string, Promise<CachedAnswer>>();
  /** Per speaker: the newest version cached and the keys cached under it. */
  private readonly speakers = new Map<string, { version: number; keys: Set<string> }>();
  private size = 0;

  async read(
    reader: BookReader,
    what: readonly unknown[],
    build: () => Promise<BuiltText>,
  ): Promise<CachedAnswer> {
    const key = JSON.stringify([reader.userId, reader.bookVersion, ...what]);
    const entry = this.entries.get(key);
    if (entry && (entry.until === undefined || Date.now() < entry.until)) {
      // Re-inserted, so the Map's order is least recently used first.
      this.entries.delete(key);
      this.entries.set(key, entry);
      cacheReads.inc({ cache: "book", result: "hit" });
      return entry.answer;
    }
    cacheReads.inc({ cache: "book", result: "miss" });
    const pending = this.building.get(key);
    if (pending) return pending;
    const built = build().then(
      ({ text, until }) => {
        this.building.delete(key);
        const answer = new CachedAnswer(key, text, (bytes) => this.grow(key, answer, bytes));
        this.store(key, {
          answer,
          until,
          userId: reader.userId,
          version: reader.bookVersion,
          size: text.length,
        });
        return answer;
      },
      (error: unknown) => {
        this.building.delete(key);
        throw error;
      },
    );
    this.building.set(key, built);
    return built;
  }

  private store(key: string, entry: Entry): void {
    if (entry.size > MAX_CACHED_SIZE) return;
    const speaker = this.speakers.get(entry.userId);
    if (speaker && speaker.version > entry.version) return;
    if (speaker && speaker.version < entry.version) {
      for (const old of speaker.keys) this.delete(old);
    }
    this.delete(key);
    this.entries.set(key, entry);
    this.size += entry.size;
    const current = this.speakers.get(entry.userId);
    if (current) current.keys.add(key);
    else this.speakers.set(entry.userId, { version: entry.version, keys: new Set([key]) });
    this.evictOverSize();
  }

  /** A compressed body made for a cached answer counts into the size, if the answer is still cached. */
  private grow(key: string, answer: CachedAnswer, bytes: number): void {
    const entry = this.entries.get(key);
    if (entry?.answer !== answer) return;
    entry.size += bytes;
    this.size += bytes;
    this.evictOverSize();
  }

  private evictOverSize(): void {
    for (const [oldest] of this.entries) {
      if (this.size <= MAX_CACHED_SIZE) break;
      this.delete(oldest);
    }
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.size -= entry.size;
    const speaker = this.speakers.get(entry.userId);
    speaker?.keys.delete(key);
    if (speaker?.keys.size === 0) this.speakers.delete(entry.userId);
  }
}

const cachesByDatabase = new WeakMap<Queryable, BookCache>();

/** The cache of one database: speakers of two databases may share ids (the benchmark's do). */
function bookCacheFor(db: Queryable): BookCache {
  let cache = cachesByDatabase.get(db);
  if (!cache) {
    cache = new BookCache();
    cachesByDatabase.set(db, cache);
  }
  return cache;
}

/**
 * The answer to `what` for the reader's book version: from the cache, or built by `build` (JSON text already,
 * as the database builds event answers) and cached. Errors (a 404) are not cached. Send it with
 * `sendCachedAnswer`.
 */
export function cachedJsonText<T>(
  db: Queryable,
  reader: BookReader,
  what: readonly unknown[],
  build: () => Promise<BuiltText>,
): Promise<CachedAnswer<T>> {
  return bookCacheFor(db).read(reader, what, build) as Promise<CachedAnswer<T>>;
}

/**
 * The same for an answer built as a value: serialised once, through its response schema exactly as the
 * route's serializer would (unknown keys dropped), then served as text until the book changes.
 */
export function cachedAnswer<T>(
  db: Queryable,
  reader: BookReader,
  schema: z.ZodType<T>,
  what: readonly unknown[],
  build: () => Promise<{ value: T; until?: number }>,
): Promise<CachedAnswer<T>> {
  return cachedJsonText<T>(db, reader, what, async () => {
    const { value, until } = await build();
    return { text: JSON.stringify(schema.parse(value)), until };
  });
}

import type { Queryable } from "../../platform/db/client.ts";

/** Bytes of cached pages a process keeps per database, oldest dropped first. */
const MAX_CACHED_CHARS = 32 * 1024 * 1024;

/**
 * Event-list pages as JSON text, keyed by speaker, book version and query. A page is reused only while the
 * speaker's book version is the one it was read under, so the cache never answers stale data; it only
 * saves rebuilding a page nothing has changed since (the list is re-read on every focus of the window).
 * Each process keeps its own; nothing in it matters when it is lost.
 */
class PageCache {
  private readonly pages = new Map<string, string>();
  private chars = 0;

  get(key: string): string | undefined {
    const page = this.pages.get(key);
    if (page !== undefined) {
      // Re-inserted, so the Map's order is least recently used first.
      this.pages.delete(key);
      this.pages.set(key, page);
    }
    return page;
  }

  set(key: string, page: string): void {
    if (page.length > MAX_CACHED_CHARS) return;
    this.delete(key);
    this.pages.set(key, page);
    this.chars += page.length;
    for (const [oldest] of this.pages) {
      if (this.chars <= MAX_CACHED_CHARS) break;
      this.delete(oldest);
    }
  }

  private delete(key: string): void {
    const page = this.pages.get(key);
    if (page === undefined) return;
    this.pages.delete(key);
    this.chars -= page.length;
  }
}

const cachesByDatabase = new WeakMap<Queryable, PageCache>();

/** The page cache of one database: speakers of two databases may share ids (the benchmark's do). */
export function pageCacheFor(db: Queryable): PageCache {
  let cache = cachesByDatabase.get(db);
  if (!cache) {
    cache = new PageCache();
    cachesByDatabase.set(db, cache);
  }
  return cache;
}

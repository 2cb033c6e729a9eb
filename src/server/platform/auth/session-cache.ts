import type { Queryable } from "../db/client.ts";
import { cacheReads } from "../metrics/process-metrics.ts";
import { type FoundSession, findSession } from "./sessions.ts";
import { sha256 } from "./tokens.ts";

/** How long a session found for a read is reused by this process (decision 018, amended for issue 20). */
export const SESSION_REUSE_MS = 1000;
/** Sessions kept at most; past it the cache starts over (a flood of distinct cookies cannot grow it). */
const MAX_SESSIONS = 10_000;

type Entry = { found: FoundSession; until: number };

/**
 * The sessions this process found for signed-in reads, reused for up to a second so that a read served from
 * the book cache makes no database round trip at all. Only reads use it: every write looks its session up
 * afresh. `forget` empties it, and the auth plugin calls it as every write request of this process answers
 * (after its transaction committed, before the caller can send anything else): a logout, a disabled
 * account, a changed password or role, and every change to a speaker's book are seen by the very next
 * request. A lookup that was under way while the cache was emptied is not kept. Reads that miss at once share
 * one lookup: otherwise every request in flight when an entry expires queries the database, and under load
 * that queue of identical lookups is the slowest answer of the second.
 */
export function createSessionCache(db: Queryable, reuseMs = SESSION_REUSE_MS) {
  const entries = new Map<string, Entry>();
  const lookups = new Map<string, Promise<FoundSession | null>>();
  let generation = 0;
  return {
    async find(token: string): Promise<FoundSession | null> {
      const sessionId = sha256(token);
      const entry = entries.get(sessionId);
      const now = Date.now();
      cacheReads.inc({ cache: "session", result: entry && now < entry.until ? "hit" : "miss" });
      if (entry && now < entry.until) return entry.found;
      const pending = lookups.get(sessionId);
      if (pending) return pending;
      const started = generation;
      const lookup = findSession(db, token).finally(() => {
        if (lookups.get(sessionId) === lookup) lookups.delete(sessionId);
      });
      lookups.set(sessionId, lookup);
      const found = await lookup;
      if (found && generation === started) {
        if (entries.size >= MAX_SESSIONS) entries.clear();
        entries.set(sessionId, { found, until: Math.min(now + reuseMs, found.expiresAt.getTime()) });
      } else if (!found) entries.delete(sessionId);
      return found;
    },
    forget(): void {
      generation++;
      entries.clear();
      lookups.clear();
    },
  };
}

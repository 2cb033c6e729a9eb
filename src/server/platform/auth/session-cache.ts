import type { FeedState } from "../cache/change-feed.ts";
import { createForgetLog } from "../cache/forget-log.ts";
import type { Queryable } from "../db/client.ts";
import { cacheReads } from "../metrics/process-metrics.ts";
import { type FoundSession, findSession } from "./sessions.ts";
import { sha256 } from "./tokens.ts";

/**
 * Whose changes a found session depends on: its login's (account, sessions, memberships) and, when it chose
 * another speaker, that speaker's (account, book version) — decision 051 — even while it falls back to the
 * login's own book because that speaker is disabled (enabling them brings the workspace back, decision 059).
 */
const ownersOf = (found: FoundSession) => [
  ...new Set([found.login.id, found.speaker.id, found.chosenSpeakerId ?? found.login.id]),
];

/** How long a session found for a read is reused by this process (decision 018, amended for issue 20). */
export const SESSION_REUSE_MS = 1000;
/** Sessions kept at most; past it the cache starts over (a flood of distinct cookies cannot grow it). */
const MAX_SESSIONS = 10_000;

type Entry = { found: FoundSession; until: number };

/**
 * The sessions this process found for signed-in reads, reused for up to a second so that a read served from
 * the book cache makes no database round trip at all. Only reads use it: every write looks its session up
 * afresh. The change feed (decision 046) tells it whose sessions, account or book changed, in any process:
 * `forgetUser` drops that user's sessions only, and a lookup that was under way meanwhile is not kept. While the
 * feed is not listening nothing is reused. A session acting for a member's speaker is that speaker's too. Reads that miss at once share one lookup: otherwise every request in
 * flight when an entry expires queries the database, and under load that queue of identical lookups is the
 * slowest answer of the second.
 */
export function createSessionCache(db: Queryable, feed: FeedState, reuseMs = SESSION_REUSE_MS) {
  /** By session id; an expired entry stays until replaced, as the record of whose session it is. */
  const entries = new Map<string, Entry>();
  const sessionsOf = new Map<string, Set<string>>();
  const lookups = new Map<string, Promise<FoundSession | null>>();
  const forgotten = createForgetLog();

  function keep(sessionId: string, entry: Entry) {
    if (entries.size >= MAX_SESSIONS) {
      entries.clear();
      sessionsOf.clear();
    }
    entries.set(sessionId, entry);
    for (const userId of ownersOf(entry.found)) {
      const ids = sessionsOf.get(userId) ?? new Set();
      sessionsOf.set(userId, ids.add(sessionId));
    }
  }

  function drop(sessionId: string) {
    const entry = entries.get(sessionId);
    if (!entry) return;
    entries.delete(sessionId);
    for (const userId of ownersOf(entry.found)) sessionsOf.get(userId)?.delete(sessionId);
  }

  return {
    async find(token: string): Promise<FoundSession | null> {
      if (!feed.isLive) return findSession(db, token);
      const sessionId = sha256(token);
      const entry = entries.get(sessionId);
      const now = Date.now();
      cacheReads.inc({ cache: "session", result: entry && now < entry.until ? "hit" : "miss" });
      if (entry && now < entry.until) return entry.found;
      const pending = lookups.get(sessionId);
      if (pending) return pending;
      const started = forgotten.now();
      const lookup = findSession(db, token).finally(() => {
        if (lookups.get(sessionId) === lookup) lookups.delete(sessionId);
      });
      lookups.set(sessionId, lookup);
      const found = await lookup;
      if (!found) drop(sessionId);
      else if (feed.isLive && ownersOf(found).every((userId) => forgotten.isCurrent(started, userId))) {
        keep(sessionId, { found, until: Math.min(now + reuseMs, found.expiresAt.getTime()) });
      }
      return found;
    },
    /** The user's sessions, account or book changed: none of their sessions is reused or joined. */
    forgetUser(userId: string): void {
      forgotten.forgetUser(userId);
      for (const sessionId of sessionsOf.get(userId) ?? []) {
        entries.delete(sessionId);
        lookups.delete(sessionId);
      }
      sessionsOf.delete(userId);
      // A lookup of a session never found before may be this user's.
      for (const sessionId of lookups.keys()) if (!entries.has(sessionId)) lookups.delete(sessionId);
    },
    forgetAll(): void {
      forgotten.forgetAll();
      entries.clear();
      sessionsOf.clear();
      lookups.clear();
    },
  };
}

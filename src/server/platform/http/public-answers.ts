import fp from "fastify-plugin";
import type { FeedState } from "../cache/change-feed.ts";
import { createForgetLog } from "../cache/forget-log.ts";
import { cacheReads } from "../metrics/process-metrics.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Answers of public pages (a shared media kit, an invoice link), kept for a few seconds (decision 033). */
    publicAnswers: PublicAnswers;
  }
}

/** How long a public answer is served from memory (decision 033). */
export const PUBLIC_ANSWER_MS = 5_000;
const MAX_ENTRIES = 1_000;

/**
 * One public page's answer, serialised: the speaker whose data it shows (any change of theirs drops it), what
 * it is of (the link or invoice its visits are counted on), and the instant after which it is not served.
 */
export type PublicAnswer = { userId: string; subjectId: string; json: string; expiresAt: number };

/** What a load returns; `expiresAt` only when the page itself ends sooner than the cache would keep it. */
export type LoadedAnswer = Omit<PublicAnswer, "expiresAt"> & { expiresAt?: number };

/**
 * Public answers kept, serialised, for `PUBLIC_ANSWER_MS` per key: a link sent to a whole committee, or an
 * invoice sent to a client's accounts team, is opened by many at once, and each answer costs several queries.
 * `forgetUser` drops a speaker's answers at once; the change feed calls it whenever anything the pages show
 * changes for that speaker, in any process (decision 046). Concurrent misses of one key share a single load; a
 * load under way while its speaker's answers were dropped is served to whoever asked for it but not kept, since
 * it may have read the data before the change. While the feed is not listening nothing is kept or shared.
 */
export function createPublicAnswers(feed: FeedState) {
  const entries = new Map<string, PublicAnswer>();
  const loading = new Map<string, Promise<PublicAnswer>>();
  const forgotten = createForgetLog();

  function keep(key: string, answer: PublicAnswer) {
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    entries.set(key, answer);
  }

  return {
    /** The answer kept under `key` while it is fresh, or the one `load` makes (kept unless dropped meanwhile). */
    read(key: string, now: Date, load: () => Promise<LoadedAnswer>): Promise<PublicAnswer> {
      if (!feed.isLive) return load().then((answer) => expiring(answer, now));
      const entry = entries.get(key);
      cacheReads.inc({
        cache: "public-answer",
        result: entry && entry.expiresAt > now.getTime() ? "hit" : "miss",
      });
      if (entry && entry.expiresAt > now.getTime()) return Promise.resolve(entry);
      entries.delete(key);
      const pending = loading.get(key);
      if (pending) return pending;
      const started = forgotten.now();
      const loaded = load().then(
        (answer) => {
          if (loading.get(key) === loaded) loading.delete(key);
          const kept = expiring(answer, now);
          if (feed.isLive && forgotten.isCurrent(started, answer.userId)) keep(key, kept);
          return kept;
        },
        (error: unknown) => {
          if (loading.get(key) === loaded) loading.delete(key);
          throw error;
        },
      );
      loading.set(key, loaded);
      return loaded;
    },
    /** Drops every answer showing this speaker's data, and lets no load under way be kept. */
    forgetUser(userId: string): void {
      forgotten.forgetUser(userId);
      loading.clear();
      for (const [key, entry] of entries) if (entry.userId === userId) entries.delete(key);
    },
    forgetAll(): void {
      forgotten.forgetAll();
      loading.clear();
      entries.clear();
    },
  };
}

const expiring = (answer: LoadedAnswer, now: Date): PublicAnswer => ({
  ...answer,
  expiresAt: Math.min(now.getTime() + PUBLIC_ANSWER_MS, answer.expiresAt ?? Infinity),
});

export type PublicAnswers = ReturnType<typeof createPublicAnswers>;

/** The app's public answers, kept right by the change feed (decision 046). */
export const publicAnswersPlugin = fp(async (app) => {
  const answers = createPublicAnswers(app.changeFeed);
  app.changeFeed.subscribe(answers);
  app.decorate("publicAnswers", answers);
});

import { randomBytes } from "node:crypto";
import type { DatabaseHandle } from "../db/client.ts";
import type { Listener } from "../db/listen.ts";

/** The channel the triggers of migration 0030 notify, with the id of the user whose data changed. */
export const CHANGE_CHANNEL = "podium_changes";
/** How long a write waits for every process to hear it before giving up on the slow ones. */
export const CATCH_UP_TIMEOUT_MS = 250;
/**
 * How long this process's own marker may go unheard before its LISTEN connection is taken as dead though open
 * (dropped silently by a firewall): it then connects afresh instead of making every write wait in vain.
 */
export const LISTENER_STALL_MS = 5_000;

/** A cache kept right by the feed: told whose data changed, or that anything may have. */
export type ChangeSubscriber = { forgetUser: (userId: string) => void; forgetAll: () => void };

/** Whether cached entries may be reused: only while the feed is listening (decision 046). */
export type FeedState = { readonly isLive: boolean };

/** A write's marker, and the processes (this one included) that have not heard it yet. */
type Wait = { marker: number; unheardBy: Set<string>; done: () => void; isCut?: boolean };

/** A marker not sent yet, which every write that calls `catchUp` before it goes out shares. */
type Batch = {
  marker: number;
  sent: Promise<void>;
  release: () => void;
  refuse: (error: unknown) => void;
};

/**
 * This process's ear on the changes every process commits (decision 046). The triggers of migration 0030 notify
 * `CHANGE_CHANNEL` with a user's id whenever something a cache depends on changes for that user, and each
 * subscriber drops that user's entries. While not listening (start-up, a lost connection), `isLive` is false
 * and caches must not reuse anything; when listening starts again everything is dropped, since notifications
 * may have been missed meanwhile.
 *
 * The processes also talk on the channel (payloads with a colon are never a user's id): `h:<process>` says a
 * process listens, `b:<process>` that it stops, `m:<process>:<n>` is a write's marker (`catchUp`), and
 * `a:<process>:<writer>:<n>` says a process has heard the writer's markers up to n.
 */
export async function openChangeFeed(
  database: Pick<DatabaseHandle, "listen" | "runSql">,
  stallMs = LISTENER_STALL_MS,
) {
  const self = randomBytes(8).toString("hex");
  let markersSent = 0;
  let ownMarkersHeard = 0;
  /** The marker the next writes share, while another is on its way; and whether one is. */
  let nextBatch: Batch | undefined;
  let isSending = false;
  let stallCheck: NodeJS.Timeout | undefined;
  const waits = new Set<Wait>();
  /** The other processes known to listen. */
  const peers = new Set<string>();
  /** Per writer, the newest of its markers heard and not yet acknowledged. */
  const unacknowledged = new Map<string, number>();
  const subscribers: ChangeSubscriber[] = [];
  let isLive = false;
  let closed = false;

  // Through the listening connection once there is one: a write's marker must not wait behind the pool's
  // queries, or under load it would miss CATCH_UP_TIMEOUT_MS and make the process forget everything.
  let listener: Listener | undefined;
  const notify = (payload: string) =>
    listener
      ? listener.notify(payload)
      : database.runSql("select pg_notify($1, $2)", [CHANGE_CHANNEL, payload]).then(() => {});
  /**
   * The marker of a write that has committed. One notification at a time goes out on the listening connection,
   * and every write that commits while one is on its way shares the next, sent after all of them committed:
   * hearing it still means having heard each of them. Under load many writes then cost one round trip.
   */
  const markerToSend = (): Batch => {
    if (nextBatch) return nextBatch;
    markersSent += 1;
    let release = () => {};
    let refuse = (_error: unknown) => {};
    const sent = new Promise<void>((resolve, reject) => {
      release = resolve;
      refuse = reject;
    });
    const batch = { marker: markersSent, sent, release, refuse };
    nextBatch = batch;
    if (!isSending) void sendMarkers();
    return batch;
  };
  async function sendMarkers() {
    isSending = true;
    while (nextBatch) {
      // Whoever calls from here on committed after this marker may go out: they share the next one.
      const batch = nextBatch;
      nextBatch = undefined;
      try {
        await notify(`m:${self}:${batch.marker}`);
        batch.release();
      } catch (error) {
        batch.refuse(error);
      }
    }
    isSending = false;
  }
  const forgetAll = () => {
    for (const subscriber of subscribers) subscriber.forgetAll();
  };
  const heard = (by: string, writer: string, marker: number) => {
    if (writer !== self) return;
    for (const wait of waits) {
      if (wait.marker > marker) continue;
      wait.unheardBy.delete(by);
      if (wait.unheardBy.size === 0) wait.done();
    }
  };
  // Acknowledged once per turn of the event loop, whatever the number of markers heard in it.
  const acknowledge = () => {
    const heardNow = [...unacknowledged];
    unacknowledged.clear();
    for (const [writer, marker] of heardNow) notify(`a:${self}:${writer}:${marker}`).catch(() => {});
  };

  function onMessage(payload: string) {
    const [kind, from = "", ...rest] = payload.split(":");
    if (from === self && kind !== "m") return;
    if (kind === "b") {
      peers.delete(from);
      heard(from, self, Number.POSITIVE_INFINITY);
    } else if (kind === "h" && !peers.has(from)) {
      peers.add(from);
      // So that the newcomer waits for this process too.
      notify(`h:${self}`).catch(() => {});
    } else if (kind === "m") {
      const marker = Number(rest[0]);
      if (from === self) {
        ownMarkersHeard = Math.max(ownMarkersHeard, marker);
        return heard(self, self, marker);
      }
      peers.add(from);
      if (unacknowledged.size === 0) setImmediate(acknowledge);
      unacknowledged.set(from, marker);
    } else if (kind === "a") {
      peers.add(from);
      heard(from, rest[0] ?? "", Number(rest[1]));
    }
  }

  listener = await database.listen(CHANGE_CHANNEL, {
    onNotification(payload) {
      if (payload.includes(":")) onMessage(payload);
      else for (const subscriber of subscribers) subscriber.forgetUser(payload);
    },
    onListening() {
      forgetAll();
      isLive = true;
      notify(`h:${self}`).catch(() => {});
    },
    onLost() {
      isLive = false;
      forgetAll();
      for (const wait of waits) {
        wait.isCut = true;
        wait.done();
      }
    },
  });

  /** Reconnects if `marker` is still unheard `stallMs` from now; one check at a time. */
  function checkStalled(marker: number) {
    if (stallCheck) return;
    stallCheck = setTimeout(() => {
      stallCheck = undefined;
      if (isLive && !closed && ownMarkersHeard < marker) listener?.reconnect();
    }, stallMs);
    stallCheck.unref();
  }

  return {
    get isLive() {
      return isLive;
    },
    subscribe(subscriber: ChangeSubscriber): void {
      subscribers.push(subscriber);
    },
    /**
     * Returns once every process listening on the database (this one included) has heard every change
     * committed before the call, so that none of them answers data older than it: it notifies a marker and
     * waits until it is heard here and acknowledged by the others, since PostgreSQL delivers notifications in
     * commit order (writes that call at once share one marker). A process that does not acknowledge within `timeoutMs` is no longer waited for (until it
     * speaks again); if this one does not hear its own marker, its caches drop everything instead.
     */
    async catchUp(timeoutMs = CATCH_UP_TIMEOUT_MS): Promise<void> {
      if (!isLive) return forgetAll();
      const batch = markerToSend();
      let timer: NodeJS.Timeout | undefined;
      const wait: Wait = { marker: batch.marker, unheardBy: new Set([self, ...peers]), done: () => {} };
      const allHeard = new Promise<void>((resolve) => {
        wait.done = resolve;
        timer = setTimeout(resolve, timeoutMs);
      });
      waits.add(wait);
      try {
        await batch.sent;
        await allHeard;
      } catch {
        // Not sent, so nobody could hear it: only this process's caches can be made safe.
        return forgetAll();
      } finally {
        clearTimeout(timer);
        waits.delete(wait);
      }
      // Cut short by this process's own lost connection: the others did not fail to answer.
      if (wait.isCut) return;
      for (const process of wait.unheardBy) {
        if (process !== self) peers.delete(process);
        else {
          forgetAll();
          checkStalled(wait.marker);
        }
      }
    },
    /** Stops listening (and tells the others not to wait for this process): from then on nothing is reused. */
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      isLive = false;
      clearTimeout(stallCheck);
      forgetAll();
      await notify(`b:${self}`).catch(() => {});
      await listener.stop();
    },
  };
}

export type ChangeFeed = Awaited<ReturnType<typeof openChangeFeed>>;

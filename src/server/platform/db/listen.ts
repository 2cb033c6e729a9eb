import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";

/** What a LISTEN connection reports: each notification's payload, and whether it is listening. */
export type ListenHandlers = {
  onNotification: (payload: string) => void;
  /** Listening (again): notifications sent from now on arrive; any sent while it was not are lost. */
  onListening: () => void;
  /** Not listening any more (connection lost); it reconnects by itself. */
  onLost: () => void;
};

/**
 * A LISTEN that can be stopped (`stop` resolves once nothing more will be reported), and told to connect afresh
 * when its connection seems alive but delivers nothing (`reconnect`).
 */
export type Listener = {
  stop: () => Promise<void>;
  reconnect: () => void;
  /**
   * Sends a notification on the channel through the listening connection itself, so that it never queues
   * behind the pool's queries; rejects while not connected.
   */
  notify: (payload: string) => Promise<void>;
};

/** Waits between reconnection attempts: doubled after each failure, from 100 ms up to 5 s. */
const FIRST_RETRY_MS = 100;
const LAST_RETRY_MS = 5_000;

/**
 * LISTEN on PostgreSQL through a connection of its own (a pooled one would be handed to other queries),
 * reconnecting with backoff whenever it is lost. Resolves after the first attempt, listening or not.
 */
export async function listenOnPostgres(
  url: string,
  channel: string,
  handlers: ListenHandlers,
): Promise<Listener> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retryMs = FIRST_RETRY_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  let sending: Promise<void> = Promise.resolve();

  const lose = (lost: pg.Client) => {
    if (client !== lost) return;
    client = null;
    lost.end().catch(() => {});
    if (stopped) return;
    handlers.onLost();
    retryTimer = setTimeout(connect, retryMs);
    retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
  };

  async function connect(): Promise<void> {
    // Keep-alive probes: a firewall or NAT that forgets an idle connection drops it without a word.
    const next = new pg.Client({
      connectionString: url,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    client = next;
    next.on("notification", (message) => {
      if (message.channel === channel) handlers.onNotification(message.payload ?? "");
    });
    next.on("error", () => lose(next));
    next.on("end", () => lose(next));
    try {
      await next.connect();
      await next.query(`listen ${channel}`);
    } catch {
      lose(next);
      return;
    }
    if (client !== next || stopped) return;
    retryMs = FIRST_RETRY_MS;
    handlers.onListening();
  }

  await connect();
  return {
    reconnect: () => {
      if (client) lose(client);
    },
    notify: (payload) => {
      // One statement at a time on this connection: pg deprecates queueing queries on a busy client.
      const sent = sending.then(async () => {
        if (!client) throw new Error("not listening");
        await client.query("select pg_notify($1, $2)", [channel, payload]);
      });
      sending = sent.catch(() => {});
      return sent;
    },
    stop: async () => {
      stopped = true;
      clearTimeout(retryTimer);
      const last = client;
      client = null;
      await last?.end().catch(() => {});
    },
  };
}

/** LISTEN on the embedded database: in the process itself, so it is never lost. */
export async function listenOnPglite(
  pglite: PGlite,
  channel: string,
  handlers: ListenHandlers,
): Promise<Listener> {
  const unlisten = await pglite.listen(channel, handlers.onNotification);
  handlers.onListening();
  return {
    reconnect: () => {},
    notify: async (payload) => {
      await pglite.query("select pg_notify($1, $2)", [channel, payload]);
    },
    stop: async () => {
      if (!pglite.closed) await unlisten();
    },
  };
}

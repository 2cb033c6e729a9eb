/**
 * The listening server of the book-of-business load test, run as a child process (so the load generator
 * does not share its event loop): the real application on PostgreSQL, plus a bare route that answers the
 * same 50 events as a fixed, pre-serialised JSON body (no session, no database). Asked "memory", it answers
 * its memory after a full garbage collection (it runs with --expose-gc).
 */
import { and, eq, isNotNull } from "drizzle-orm";
import { openDatabase } from "../src/server/platform/db/client.ts";
import { events } from "../src/server/platform/db/schema.ts";
import { buildBenchApp } from "./bench-app.ts";
import {
  BARE_PATH,
  benchReads,
  LIST_PATH,
  type ServerMemory,
  type ServerReady,
} from "./book-of-business-routes.ts";
import { BENCH_SPEAKER } from "./book-of-business-seed.ts";

const databaseUrl = process.env.BENCH_SERVER_DATABASE_URL;
if (!databaseUrl || !process.send) throw new Error("Run by bench/book-of-business.ts only");

const database = await openDatabase({ databaseUrl });
const { app, cookie, userId } = await buildBenchApp(database, BENCH_SPEAKER.username);
let bareBody = "";
app.get(BARE_PATH, { schema: { hide: true } }, async (_request, reply) =>
  reply.type("application/json; charset=utf-8").send(bareBody),
);
const real = await app.inject({ method: "GET", url: LIST_PATH, headers: { cookie } });
if (real.statusCode !== 200 || real.json().items.length !== 50) {
  throw new Error(`The event list answered ${real.statusCode}: ${real.body.slice(0, 200)}`);
}
bareBody = real.body;
const [linked] = await database.db
  .select({ eventId: events.id, clientId: events.clientId })
  .from(events)
  .where(and(eq(events.userId, userId), isNotNull(events.clientId)))
  .limit(1);
if (!linked?.clientId) throw new Error("The bench speaker has no event with a client: seed first");
const reads = benchReads({ clientId: linked.clientId, eventId: linked.eventId });
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
const port = typeof address === "object" && address ? address.port : 0;
process.send({ port, cookie, bareBytes: Buffer.byteLength(bareBody), reads } satisfies ServerReady);

process.on("message", (message) => {
  if (message !== "memory") return;
  globalThis.gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  process.send?.({ rss, heapUsed } satisfies ServerMemory);
});

// Requests still queued when the load stops would fail noisily on a closed pool: exit instead, which drops
// the connections (the parent then drops the whole database).
process.on("disconnect", async () => {
  await app.close();
  process.exit(0);
});

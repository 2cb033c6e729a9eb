/**
 * The listening server of the browser-reads benchmark, run as a child process (the load client does not share
 * its event loop): the real application (NODE_ENV=production) on PostgreSQL (BENCH_SERVER_DATABASE_URL) or on
 * the PGlite folder the parent seeded and closed (BENCH_SERVER_DATA_DIR), with a session and CSRF token for
 * each seeded speaker and the ids of their events.
 */
import { and, asc, eq, isNotNull } from "drizzle-orm";
import { createSession } from "../src/server/platform/auth/sessions.ts";
import { openDatabase } from "../src/server/platform/db/client.ts";
import { events, users } from "../src/server/platform/db/schema.ts";
import { buildBenchApp } from "./bench-app.ts";
import { BENCH_SPEAKER } from "./book-of-business-seed.ts";
import type { MixSpeaker, WireServerReady } from "./browser-reads-mix.ts";

const databaseUrl = process.env.BENCH_SERVER_DATABASE_URL;
const dataDir = process.env.BENCH_SERVER_DATA_DIR;
if (!(databaseUrl || dataDir) || !process.send) throw new Error("Run by bench/browser-reads.ts only");

const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
const { app, cookie: firstCookie } = await buildBenchApp(database, BENCH_SPEAKER.username);
const sessionCookieName = firstCookie.split("=")[0]!;

const speakers: MixSpeaker[] = [];
const seeded = await database.db
  .select({ id: users.id, username: users.username })
  .from(users)
  .orderBy(asc(users.username));
for (const speaker of seeded) {
  const { token } = await createSession(database.db, { userId: speaker.id });
  const cookie = `${sessionCookieName}=${token}`;
  const csrf = await app.inject({ method: "GET", url: "/api/csrf-token", headers: { cookie } });
  const rows = await database.db
    .select({ id: events.id, clientId: events.clientId })
    .from(events)
    .where(eq(events.userId, speaker.id));
  speakers.push({ cookie, csrfToken: csrf.json().csrfToken, eventIds: rows.map((row) => row.id) });
}

const [linked] = await database.db
  .select({ eventId: events.id, clientId: events.clientId })
  .from(events)
  .innerJoin(users, eq(users.id, events.userId))
  .where(and(eq(users.username, BENCH_SPEAKER.username), isNotNull(events.clientId)))
  .limit(1);
if (!linked?.clientId) throw new Error("The bench speaker has no event with a client: seed first");

await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
const port = typeof address === "object" && address ? address.port : 0;
process.send({
  port,
  speakers,
  firstSpeaker: { cookie: speakers[0]!.cookie, clientId: linked.clientId, eventId: linked.eventId },
} satisfies WireServerReady);

// Requests still queued when the load stops would fail noisily on a closed pool: exit instead, which drops
// the connections (the parent then drops the whole database).
process.on("disconnect", async () => {
  await app.close();
  process.exit(0);
});

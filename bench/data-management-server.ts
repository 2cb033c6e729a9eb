/**
 * The server of the data management benchmark, run as a child process so that its memory and CPU are
 * measured alone: `data-management-server.ts <dataDir> <username> [databaseUrl]`. It serves the app on a
 * free port, signs the named user in (creating the user on the first start), and measures itself between
 * the parent's "start" and "stop" messages: peak RSS and heap growth (sampled every 5 ms) and CPU time.
 */
import path from "node:path";
import { eq } from "drizzle-orm";
import { buildApp } from "../src/server/app.ts";
import { loadConfig } from "../src/server/config.ts";
import { cookieNames } from "../src/server/platform/auth/plugin.ts";
import { createSession } from "../src/server/platform/auth/sessions.ts";
import { openDatabase } from "../src/server/platform/db/client.ts";
import { runMigrations } from "../src/server/platform/db/migrate.ts";
import { users } from "../src/server/platform/db/schema.ts";
import { createUser } from "../src/test/factories.ts";
import { createRecordingMailer } from "../src/test/mailer.ts";

export type ServerMessage =
  | { type: "ready"; port: number; cookie: string; database: string }
  | { type: "measured"; rssGrowth: number; heapGrowth: number; cpuSeconds: number };

const [dataDir, username, databaseUrl] = process.argv.slice(2) as [string, string, string | undefined];
const database = await openDatabase({ databaseUrl, dataDir: path.join(dataDir, "data") });
await runMigrations(database);
const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dataDir });
const app = await buildApp({
  config,
  database,
  mailer: createRecordingMailer(),
  secret: "bench-".padEnd(40, "x"),
});
await app.listen({ port: 0, host: "127.0.0.1" });

const [existing] = await database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
const user = existing ?? (await createUser(database.db, { username, email: `${username}@bench.example` }));
const { token } = await createSession(database.db, { userId: user.id });
const address = app.server.address();

let sampler: NodeJS.Timeout | undefined;
let baseline = { rss: 0, heap: 0 };
let peak = { rss: 0, heap: 0 };
let cpuAtStart = process.cpuUsage();
const sample = () => {
  const now = process.memoryUsage();
  peak = { rss: Math.max(peak.rss, now.rss), heap: Math.max(peak.heap, now.heapUsed) };
};
const send = (message: ServerMessage) => process.send!(message);

process.on("message", (message) => {
  if (message === "start") {
    (globalThis as { gc?: () => void }).gc?.();
    const now = process.memoryUsage();
    baseline = { rss: now.rss, heap: now.heapUsed };
    peak = { ...baseline };
    cpuAtStart = process.cpuUsage();
    sampler = setInterval(sample, 5);
  } else if (message === "stop") {
    clearInterval(sampler);
    sample();
    const cpu = process.cpuUsage(cpuAtStart);
    send({
      type: "measured",
      rssGrowth: peak.rss - baseline.rss,
      heapGrowth: peak.heap - baseline.heap,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
    });
  }
});
process.on("SIGTERM", async () => {
  await app.close();
  await database.close();
  process.exit(0);
});

send({
  type: "ready",
  port: typeof address === "object" && address ? address.port : 0,
  cookie: `${cookieNames(false).session}=${token}`,
  database: database.kind,
});
